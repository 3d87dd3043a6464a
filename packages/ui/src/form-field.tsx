// A form field's frame: its label, an optional hint shown under it, the control, and the error
// that refuses its value — the control described by both (`aria-describedby`), and marked
// invalid by the caller while an error shows.
import type { ReactNode } from 'react';
import { Label } from './label.js';

export function FormField(props: {
  /** The control's id: the label points at it, and the hint's and error's ids derive from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  /** The control, given the ids that describe it (or undefined when nothing does). */
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const describedBy =
    [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="omega-field">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.hint && (
        <p id={hintId} className="omega-field__note">
          {props.hint}
        </p>
      )}
      {props.children(describedBy)}
      {props.error && (
        <p id={errorId} className="omega-field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
