// The second step of signing in to an account with two-factor on (issue 36): the 6-digit code
// from the authenticator app, one of the recovery codes, or one of the account's passkeys
// (issue 37). The password step before it holds a pending sign-in for 5 minutes; a refusal is
// shown under the field (or under the passkey button). Loaded on demand through
// second-factor-form.tsx.
import { Button, Input, Label } from '@omega/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PasskeyButton } from './passkey-button.js';

export interface SecondFactorProps {
  /** Answers the refusal to show, or nothing when signed in. */
  onSubmit(factor: { code?: string; recoveryCode?: string }): Promise<string | undefined>;
  /** Answers the step with a passkey: the refusal to show, or nothing when signed in. */
  onPasskey(): Promise<string | undefined>;
  onCancel(): void;
}

export function TwoFactorCodeForm(props: SecondFactorProps) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const label = recovery ? 'Recovery code' : 'Authentication code';
  // The step replaces the password form, which had the focus: the field takes it, so the code
  // can be typed and sent with Enter at once (and again after switching to a recovery code).
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
  }, [recovery]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed = value.trim();
    if (!recovery && !/^[0-9]{6}$/.test(typed)) {
      setError('Enter the 6 digits your authenticator app shows');
      return;
    }
    if (recovery && typed === '') {
      setError('Enter one of your recovery codes');
      return;
    }
    setBusy(true);
    try {
      const refused = await props.onSubmit(recovery ? { recoveryCode: typed } : { code: typed });
      if (refused) setError(refused);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="omega-form" onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      <p>
        {recovery
          ? 'Type one of the recovery codes you kept when you turned two-factor on. Each works once.'
          : 'Open your authenticator app and type the 6-digit code it shows for Omega.'}
      </p>
      <div className="omega-field">
        <Label htmlFor={`${id}-factor`}>{label}</Label>
        <Input
          ref={field}
          id={`${id}-factor`}
          name={recovery ? 'recoveryCode' : 'code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="omega-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" loading={busy} className="omega-form__submit">
        Verify
      </Button>
      <PasskeyButton label="Use a passkey instead" onUse={props.onPasskey} />
      <div className="omega-actions">
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(undefined);
          }}
        >
          {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="button" variant="link" onClick={props.onCancel}>
          Start again
        </Button>
      </div>
    </form>
  );
}
