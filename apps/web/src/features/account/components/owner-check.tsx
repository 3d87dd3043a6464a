// What confirms the account's owner in a form that asks again (turning two-factor off, signing in
// again): the password, and an authenticator code or one of the recovery codes. One state and one
// pair of fields, so both forms ask the same way and send the same body.
import { Button } from '@omega/ui';
import { useState } from 'react';
import { TextField } from './text-field.js';

export interface OwnerCheck {
  password: string;
  /** The authenticator code, or the recovery code when `recovery`. */
  factor: string;
  recovery: boolean;
}

export function useOwnerCheck() {
  return useState<OwnerCheck>({ password: '', factor: '', recovery: false });
}

/** The body's second factor, as the server takes it (TwoFactorDisableBody, SignInAgainBody). */
export function factorBody(check: OwnerCheck): { code: string } | { recoveryCode: string } {
  const factor = check.factor.trim();
  return check.recovery ? { recoveryCode: factor } : { code: factor };
}

/** The password field. */
export function PasswordField(props: {
  id: string;
  check: OwnerCheck;
  error?: string;
  onChange(check: OwnerCheck): void;
}) {
  return (
    <TextField
      id={`${props.id}-password`}
      label="Password"
      type="password"
      autoComplete="current-password"
      value={props.check.password}
      error={props.error}
      onChange={(password) => props.onChange({ ...props.check, password })}
    />
  );
}

/** The second factor's field, with the switch between the app's code and a recovery code. */
export function FactorField(props: {
  id: string;
  check: OwnerCheck;
  error?: string;
  onChange(check: OwnerCheck): void;
}) {
  const { check } = props;
  return (
    <>
      <TextField
        id={`${props.id}-factor`}
        label={check.recovery ? 'Recovery code' : 'Authentication code'}
        numeric={!check.recovery}
        autoComplete="one-time-code"
        value={check.factor}
        error={props.error}
        onChange={(factor) => props.onChange({ ...check, factor })}
      />
      <Button
        type="button"
        variant="link"
        onClick={() => props.onChange({ ...check, recovery: !check.recovery })}
      >
        {check.recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </>
  );
}
