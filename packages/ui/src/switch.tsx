// An on/off switch (Radix), operable with Space and Enter.
import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from './cn.js';

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root className={cn('omega-switch', className)} {...props}>
      <SwitchPrimitive.Thumb className="omega-switch__thumb" />
    </SwitchPrimitive.Root>
  );
}
