// A loading indicator. Standing alone it is announced as a status ('Loading' unless
// labelled); inside a busy button it is decoration (`decorative`).
import type { HTMLAttributes } from 'react';
import { cn } from './cn.js';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  size?: 'sm' | 'md' | 'lg';
  decorative?: boolean;
}

export function Spinner({ size = 'md', decorative = false, className, ...props }: SpinnerProps) {
  const classes = cn('omega-spinner', `omega-spinner--${size}`, className);
  if (decorative) return <span aria-hidden="true" className={classes} {...props} />;
  return (
    <span
      role="status"
      aria-label={props['aria-label'] ?? 'Loading'}
      className={classes}
      {...props}
    />
  );
}
