// Confirmation dialogs (Radix AlertDialog); see confirm.tsx for the promise-based helper.
import * as AlertPrimitive from '@radix-ui/react-alert-dialog';
import type { ComponentProps, HTMLAttributes } from 'react';
import { buttonVariants } from './button.js';
import { cn } from './cn.js';
import { useReturnFocus } from './return-focus.js';

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

export function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertPrimitive.Content>) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className="omega-dialog__overlay" />
      <AlertPrimitive.Content
        className={cn('omega-dialog', className)}
        {...props}
        {...returnFocus}
      />
    </AlertPrimitive.Portal>
  );
}

export const AlertDialogHeader = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('omega-dialog__header', className)} {...p} />
);
export const AlertDialogFooter = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('omega-dialog__footer', className)} {...p} />
);
export const AlertDialogTitle = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Title>) => (
  <AlertPrimitive.Title className={cn('omega-dialog__title', className)} {...p} />
);
export const AlertDialogDescription = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Description>) => (
  <AlertPrimitive.Description className={cn('omega-dialog__description', className)} {...p} />
);
export const AlertDialogCancel = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Cancel>) => (
  <AlertPrimitive.Cancel className={cn('omega-button', buttonVariants.outline, className)} {...p} />
);
export const AlertDialogAction = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Action>) => (
  <AlertPrimitive.Action className={cn('omega-button', buttonVariants.default, className)} {...p} />
);
