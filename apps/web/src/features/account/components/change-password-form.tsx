// Change password: the current one, the new one twice. The new one follows the registration rule
// (the contract's, checked here before a round trip and again by the server); a wrong current
// password is the server's refusal, shown under its field. On success the other sessions of the
// account have ended, and the form says so in its status line, the only place: a toast saying it
// too was a second live region announcing the same sentence.
import { passwordProblem } from '@omega/contracts';
import { Button, FormField, Input, toast } from '@omega/ui';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/error-message.js';

interface Values {
  current: string;
  next: string;
  repeat: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { current: '', next: '', repeat: '' };

export function ChangePasswordForm(props: {
  onChange(currentPassword: string, newPassword: string): Promise<{ message: string }>;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const set = (field: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
    setDone(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (!values.current) found.current = 'Current password is required';
    const rule = passwordProblem(values.next);
    if (rule) found.next = rule;
    else if (values.repeat !== values.next) found.repeat = 'The two new passwords differ';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await props.onChange(values.current, values.next);
      setValues(EMPTY);
      setDone(result.message);
    } catch (err) {
      // The server's refusals of a field go under it; anything else is a toast.
      const message = errorMessage(err);
      if (err instanceof ApiError && err.status === 400) {
        setErrors(/current password/i.test(message) ? { current: message } : { next: message });
      } else {
        toast({
          title: 'Could not change the password',
          description: message,
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="omega-form" onSubmit={submit} noValidate aria-label="Change password">
      <FormField id={`${id}-current`} label="Current password" error={errors.current}>
        {(describedBy) => (
          <Input
            id={`${id}-current`}
            name="currentPassword"
            type="password"
            shows="current password"
            autoComplete="current-password"
            value={values.current}
            onChange={set('current')}
            aria-invalid={errors.current ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-next`}
        label="New password"
        hint="At least 6 characters."
        error={errors.next}
      >
        {(describedBy) => (
          <Input
            id={`${id}-next`}
            name="newPassword"
            type="password"
            shows="new password"
            autoComplete="new-password"
            value={values.next}
            onChange={set('next')}
            aria-invalid={errors.next ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id={`${id}-repeat`} label="New password again" error={errors.repeat}>
        {(describedBy) => (
          <Input
            id={`${id}-repeat`}
            name="repeatPassword"
            type="password"
            shows="new password again"
            autoComplete="new-password"
            value={values.repeat}
            onChange={set('repeat')}
            aria-invalid={errors.repeat ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <p className="omega-muted">Changing it signs out every other session of your account.</p>
      <Button type="submit" loading={busy} className="omega-form__submit">
        Change password
      </Button>
      <p role="status" className="omega-account__status">
        {done ?? ''}
      </p>
    </form>
  );
}
