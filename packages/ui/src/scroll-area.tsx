// A scrollable region with styled scrollbars (Radix); the viewport is keyboard-focusable.
import * as ScrollPrimitive from '@radix-ui/react-scroll-area';
import type { ComponentProps } from 'react';
import { cn } from './cn.js';

export function ScrollArea({
  className,
  children,
  ...props
}: ComponentProps<typeof ScrollPrimitive.Root>) {
  return (
    <ScrollPrimitive.Root className={cn('omega-scroll', className)} {...props}>
      <ScrollPrimitive.Viewport className="omega-scroll__viewport" tabIndex={0}>
        {children}
      </ScrollPrimitive.Viewport>
      <ScrollPrimitive.Scrollbar orientation="vertical" className="omega-scroll__bar">
        <ScrollPrimitive.Thumb className="omega-scroll__thumb" />
      </ScrollPrimitive.Scrollbar>
    </ScrollPrimitive.Root>
  );
}
