// A modal dialog that traps focus, closes on Escape and gives focus back to what opened it
// (Radix, and return-focus.ts).
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, HTMLAttributes } from 'react';
import { cn } from './cn.js';
import { useReturnFocus } from './return-focus.js';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="omega-dialog__overlay" />
      <DialogPrimitive.Content
        className={cn('omega-dialog', className)}
        {...props}
        {...returnFocus}
      >
        {children}
        <DialogPrimitive.Close className="omega-dialog__close" aria-label="Close">
          ×
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const DialogHeader = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('omega-dialog__header', className)} {...p} />
);
export const DialogFooter = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('omega-dialog__footer', className)} {...p} />
);
export const DialogTitle = ({ className, ...p }: ComponentProps<typeof DialogPrimitive.Title>) => (
  <DialogPrimitive.Title className={cn('omega-dialog__title', className)} {...p} />
);
export const DialogDescription = ({
  className,
  ...p
}: ComponentProps<typeof DialogPrimitive.Description>) => (
  <DialogPrimitive.Description className={cn('omega-dialog__description', className)} {...p} />
);
