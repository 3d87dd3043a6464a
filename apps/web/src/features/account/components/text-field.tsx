// A labelled text field of the account security forms, with its refusal under it (tied to the
// input by aria-describedby, and announced).
import { Input, Label } from '@omega/ui';
import type { Ref } from 'react';

export function TextField(props: {
  id: string;
  label: string;
  value: string;
  error?: string;
  numeric?: boolean;
  type?: string;
  autoComplete: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
  onChange(value: string): void;
}) {
  return (
    <div className="omega-field">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        ref={props.inputRef}
        type={props.type ?? 'text'}
        inputMode={props.numeric ? 'numeric' : undefined}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      {props.error && (
        <p id={`${props.id}-error`} className="omega-field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
