// The forms' client-side rules (spec section 5). The server checks the same rules; these
// give the answer before a round trip.
import {
  messages,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SUPERGOD_KEY_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@omega/contracts';

export interface FormValues {
  username: string;
  password: string;
  secretKey?: string;
}

export type FormErrors = Partial<Record<keyof FormValues, string>>;

export type FormKind = 'login' | 'register' | 'admin' | 'supergod';

const usernamePattern = new RegExp(USERNAME_PATTERN);

export function validate(kind: FormKind, values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const long = kind === 'supergod';
  const username = values.username.trim();
  if (username.length < USERNAME_MIN) {
    errors.username = long ? messages.usernameMinLong : messages.usernameMin;
  } else if (username.length > USERNAME_MAX) {
    errors.username = messages.usernameMax;
  } else if (kind !== 'login' && !usernamePattern.test(username)) {
    errors.username = messages.usernamePattern;
  }
  if (values.password.length < PASSWORD_MIN) {
    errors.password = long ? messages.passwordMinLong : messages.passwordMin;
  } else if (values.password.length > PASSWORD_MAX) {
    errors.password = messages.passwordMax;
  }
  if (kind === 'admin' && !values.secretKey) errors.secretKey = messages.adminKeyRequired;
  if (kind === 'supergod' && (values.secretKey ?? '').length < SUPERGOD_KEY_MIN) {
    errors.secretKey = messages.supergodKeyMin;
  }
  return errors;
}
