// A full-width strip announcing a state of the whole app (for example supergod mode).
import type { HTMLAttributes } from 'react';
import { cn } from './cn.js';

export interface BannerProps extends HTMLAttributes<HTMLDivElement> {
  variant?: 'info' | 'destructive';
}

export function Banner({ variant = 'info', className, children, ...props }: BannerProps) {
  return (
    <div
      role="status"
      aria-label={typeof children === 'string' ? children : undefined}
      className={cn('omega-banner', `omega-banner--${variant}`, className)}
      {...props}
    >
      {children}
    </div>
  );
}
