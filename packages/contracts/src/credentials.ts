// The account rules of spec sections 5 and 9: part of the contract, so that the server and
// the forms agree on every limit and message.

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 6;
/** OWASP asks for at least 64; long passphrases are welcome, hashing bounds the cost. */
export const PASSWORD_MAX = 128;
export const SUPERGOD_KEY_MIN = 8;
export const SECRET_KEY_MAX = 256;
/** Letters, digits and . _ - : usernames appear in URLs, logs and commands. */
export const USERNAME_PATTERN = '^[A-Za-z0-9._-]+$';

export const CONFIRMATION_PHRASE = 'I_UNDERSTAND_THE_POWER_OF_SUPERGOD';

export const messages = {
  usernameMin: 'Username must be at least 3 characters',
  passwordMin: 'Password must be at least 6 characters',
  usernameMinLong: 'Username must be at least 3 characters long',
  passwordMinLong: 'Password must be at least 6 characters long',
  usernameMax: `Username must be at most ${USERNAME_MAX} characters`,
  usernamePattern: "Username may contain only letters, digits, '.', '_' and '-'",
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  adminKeyRequired: 'Administrator secret key is required',
  adminKeyInvalid: 'Invalid administrator secret key',
  supergodKeyMin: 'Super-God secret key must be at least 8 characters',
  supergodKeyInvalid: 'Invalid Super-God key',
  secretKeyMax: `Secret key must be at most ${SECRET_KEY_MAX} characters`,
  usernameTaken: 'Username already exists',
  invalidCredentials: 'Invalid username or password',
  accountDisabled: 'This account is disabled',
} as const;

/**
 * Characters as a person counts them and as the request schemas' minLength and maxLength do
 * (code points): an emoji is one, where `String.length` counts two.
 */
export const characterCount = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** The wording of a form: the Super-God form says '… characters long' (spec section 5). */
export interface RuleWording {
  long?: boolean;
}

/**
 * The username rule: why `username` cannot be used, or null when it can. Registration checks
 * the pattern too; the sign-in form (`pattern: false`) checks only the length.
 */
export function usernameProblem(
  username: string,
  options: RuleWording & { pattern?: boolean } = {},
): string | null {
  const length = characterCount(username);
  if (length < USERNAME_MIN) {
    return options.long ? messages.usernameMinLong : messages.usernameMin;
  }
  if (length > USERNAME_MAX) return messages.usernameMax;
  if (options.pattern !== false && !new RegExp(USERNAME_PATTERN).test(username)) {
    return messages.usernamePattern;
  }
  return null;
}

/** The password rule: why `password` cannot be used, or null when it can. */
export function passwordProblem(password: string, options: RuleWording = {}): string | null {
  const length = characterCount(password);
  if (length < PASSWORD_MIN) {
    return options.long ? messages.passwordMinLong : messages.passwordMin;
  }
  if (length > PASSWORD_MAX) return messages.passwordMax;
  return null;
}

/** Usernames are unique ignoring case; this is the key they are compared by. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}
