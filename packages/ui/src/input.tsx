// Text input; a password input gets a show/hide toggle inside it.
import { type InputHTMLAttributes, useState } from 'react';
import { cn } from './cn.js';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: React.Ref<HTMLInputElement>;
  /** What a hidden field holds, as its toggle names it ('Show administrator secret key'). */
  shows?: string;
}

export function Input({ className, type = 'text', shows = 'password', ...props }: InputProps) {
  const [visible, setVisible] = useState(false);
  if (type !== 'password') {
    return <input type={type} className={cn('omega-input', className)} {...props} />;
  }
  return (
    <div className="omega-input-wrap">
      <input
        type={visible ? 'text' : 'password'}
        className={cn('omega-input', 'omega-input--with-toggle', className)}
        {...props}
      />
      <button
        type="button"
        className="omega-input__toggle"
        // The name says what a press does; a pressed state on top would contradict it.
        aria-label={`${visible ? 'Hide' : 'Show'} ${shows}`}
        onClick={() => setVisible((v) => !v)}
        disabled={props.disabled}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
