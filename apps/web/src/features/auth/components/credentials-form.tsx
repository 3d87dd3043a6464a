// The username/password form shared by sign-in and the three registrations: labelled
// fields with tooltip hints, the spec's validation messages, and one submit button.
import { Button, Input, Label, Tooltip } from '@omega/ui';
import { type FormEvent, useId, useState } from 'react';
import { type FormErrors, type FormKind, type FormValues, validate } from './validate.js';

export interface SecretKeyField {
  label: string;
  hint: string;
  /** What its show/hide button shows: 'administrator secret key'. */
  shows: string;
}

export interface CredentialsFormProps {
  kind: FormKind;
  submitLabel: string;
  secretKey?: SecretKeyField;
  /** Answers a field error to show (for example a wrong key), or nothing. */
  onSubmit(values: FormValues): Promise<FormErrors | undefined>;
}

const HINTS = {
  username: 'At least 3 characters: letters, digits, dot, underscore or hyphen',
  password: 'At least 6 characters',
} as const;

function Field(props: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  children: (describedBy: string) => React.ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  return (
    <div className="omega-field">
      <div className="omega-field__label-row">
        <Label htmlFor={props.id}>{props.label}</Label>
        <Tooltip content={props.hint}>
          <button type="button" className="omega-field__hint" aria-label={`${props.label} hint`}>
            ?
          </button>
        </Tooltip>
      </div>
      <span id={hintId} className="omega-visually-hidden">
        {props.hint}
      </span>
      {props.children(props.error ? `${hintId} ${errorId}` : hintId)}
      {props.error && (
        <p id={errorId} className="omega-field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function CredentialsForm({ kind, submitLabel, secretKey, onSubmit }: CredentialsFormProps) {
  const id = useId();
  const [values, setValues] = useState<FormValues>({ username: '', password: '', secretKey: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof FormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(kind, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const serverErrors = await onSubmit({ ...values, username: values.username.trim() });
      if (serverErrors) setErrors(serverErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="omega-form" onSubmit={submit} noValidate>
      <Field id={`${id}-username`} label="Username" hint={HINTS.username} error={errors.username}>
        {(describedBy) => (
          <Input
            id={`${id}-username`}
            name="username"
            autoComplete="username"
            value={values.username}
            onChange={set('username')}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field id={`${id}-password`} label="Password" hint={HINTS.password} error={errors.password}>
        {(describedBy) => (
          <Input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete={kind === 'login' ? 'current-password' : 'new-password'}
            value={values.password}
            onChange={set('password')}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      {secretKey && (
        <Field
          id={`${id}-key`}
          label={secretKey.label}
          hint={secretKey.hint}
          error={errors.secretKey}
        >
          {(describedBy) => (
            <Input
              id={`${id}-key`}
              name="secretKey"
              type="password"
              shows={secretKey.shows}
              autoComplete="off"
              value={values.secretKey}
              onChange={set('secretKey')}
              aria-invalid={errors.secretKey ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      )}
      <Button type="submit" loading={busy} className="omega-form__submit">
        {submitLabel}
      </Button>
    </form>
  );
}
