// The forms' client-side rules (spec section 5): the contract's username and password rules,
// the ones the server checks, answered before a round trip.
import { messages, passwordProblem, SUPERGOD_KEY_MIN, usernameProblem } from '@omega/contracts';

export interface FormValues {
  username: string;
  password: string;
  secretKey?: string;
}

export type FormErrors = Partial<Record<keyof FormValues, string>>;

export type FormKind = 'login' | 'register' | 'admin' | 'supergod';

export function validate(kind: FormKind, values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const long = kind === 'supergod';
  const username = usernameProblem(values.username.trim(), { long, pattern: kind !== 'login' });
  if (username) errors.username = username;
  const password = passwordProblem(values.password, { long });
  if (password) errors.password = password;
  if (kind === 'admin' && !values.secretKey) errors.secretKey = messages.adminKeyRequired;
  if (kind === 'supergod' && (values.secretKey ?? '').length < SUPERGOD_KEY_MIN) {
    errors.secretKey = messages.supergodKeyMin;
  }
  return errors;
}
