// A form label tied to its control by `htmlFor`. A double click on its text selects nothing, as
// Radix's label did; that is all Radix's added, and it cost the sign-in page 0.8 KB (decision 037).
import type { ComponentProps } from 'react';
import { cn } from './cn.js';

export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller ties it to its control with `htmlFor`.
    <label
      className={cn('omega-label', className)}
      onMouseDown={(e) => {
        // A press inside a control the label wraps is the control's own.
        if ((e.target as Element).closest('button, input, select, textarea')) return;
        onMouseDown?.(e);
        if (!e.defaultPrevented && e.detail > 1) e.preventDefault();
      }}
      {...props}
    />
  );
}
