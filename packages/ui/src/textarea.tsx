// A multi-line text field styled like Input; tie it to a Label with `id`/`htmlFor`.
import type { TextareaHTMLAttributes } from 'react';
import { cn } from './cn.js';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: React.Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea rows={rows} className={cn('omega-input', 'omega-textarea', className)} {...props} />
  );
}
