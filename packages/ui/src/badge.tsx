// A small label for statuses and roles.
import type { HTMLAttributes } from 'react';
import { cn } from './cn.js';

export const badgeVariants = {
  default: 'omega-badge--default',
  secondary: 'omega-badge--secondary',
  outline: 'omega-badge--outline',
  destructive: 'omega-badge--destructive',
} as const;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: keyof typeof badgeVariants;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return <span className={cn('omega-badge', badgeVariants[variant], className)} {...props} />;
}
