// Buttons: variants and sizes as data; `asChild` renders the styling onto a link instead.
import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn.js';
import { Spinner } from './spinner.js';

export const buttonVariants = {
  default: 'omega-button--default',
  destructive: 'omega-button--destructive',
  outline: 'omega-button--outline',
  secondary: 'omega-button--secondary',
  ghost: 'omega-button--ghost',
  link: 'omega-button--link',
} as const;

export const buttonSizes = {
  default: '',
  sm: 'omega-button--sm',
  lg: 'omega-button--lg',
  icon: 'omega-button--icon',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof buttonVariants;
  size?: keyof typeof buttonSizes;
  asChild?: boolean;
  /**
   * Shows a spinner and blocks further clicks until the work is done. The button stays
   * focusable (aria-disabled, not disabled): a disabled button loses the keyboard focus to the
   * page's body, and does not get it back when the work is done.
   */
  loading?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'default',
  size = 'default',
  asChild = false,
  loading = false,
  className,
  children,
  disabled,
  type,
  onClick,
  ...props
}: ButtonProps) {
  const classes = cn('omega-button', buttonVariants[variant], buttonSizes[size], className);
  if (asChild) {
    return (
      <Slot className={classes} onClick={onClick} {...props}>
        {children}
      </Slot>
    );
  }
  const busy = loading && !disabled;
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={loading || undefined}
      {...props}
      // Busy: the click does nothing, not even submit its form.
      onClick={busy ? (event) => event.preventDefault() : onClick}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}
