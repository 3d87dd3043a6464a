// A notice inside a page that asks for the reader's attention: a title, what happened and the
// actions that resolve it (a failed payment with 'Pay now', for example). A destructive one is
// an alert, announced at once; an informative one is a status.
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.js';

export const calloutVariants = {
  info: 'omega-callout--info',
  destructive: 'omega-callout--destructive',
} as const;

export interface CalloutProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  variant?: keyof typeof calloutVariants;
  title: ReactNode;
  /** Buttons or links that resolve what the callout says, in a row under it. */
  actions?: ReactNode;
}

export function Callout({
  variant = 'info',
  title,
  actions,
  role,
  className,
  children,
  ...props
}: CalloutProps) {
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn('omega-callout', calloutVariants[variant], className)}
      {...props}
    >
      <p className="omega-callout__title">{title}</p>
      {children && <div className="omega-callout__body">{children}</div>}
      {actions && <div className="omega-callout__actions">{actions}</div>}
    </div>
  );
}
