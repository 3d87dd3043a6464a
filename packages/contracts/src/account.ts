// Account security that users own (issue 36): changing one's own password, and seeing and ending
// one's own sessions. A session is named by an opaque handle, never by its id or the stored hash
// of it (docs/decisions/033-account-security.md).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common.js';
import { messages, PASSWORD_MAX } from './credentials.js';
import { PasskeyAssertion } from './passkeys.js';
import { RECENT_SIGN_IN_REQUIRED } from './recent-sign-in.js';
import { passwordSchema } from './session.js';

export const accountMessages = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  passwordChangedMeanwhile:
    'Your password was changed by another request just now: use the new password',
  recentSignInRequired: RECENT_SIGN_IN_REQUIRED,
  signedInAgain: 'Signed in again: for the next 10 minutes you can add ways into your account',
} as const;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({
    minLength: 1,
    maxLength: PASSWORD_MAX,
    errorMessage: {
      minLength: accountMessages.currentPasswordRequired,
      maxLength: messages.passwordMax,
    },
  }),
  /** The registration rule (contracts credentials.ts). */
  newPassword: passwordSchema(messages.passwordMin),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const AccountSessionSchema = Type.Object({
  /** An opaque handle for this session: not its id, and not the stored hash of its id. */
  id: Type.String(),
  /** The session this request was made with. */
  current: Type.Boolean(),
  createdAt: Timestamp,
  /** When it was last used, to within five minutes (the idle deadline moves that often). */
  lastSeenAt: Timestamp,
  /** The address it signed in from; null for sessions begun before addresses were kept. */
  ip: Nullable(Type.String()),
  /** The browser's User-Agent at sign-in (at most 512 characters); null when none was sent. */
  userAgent: Nullable(Type.String()),
});
export type AccountSession = Static<typeof AccountSessionSchema>;

export const AccountSessionsResponse = Type.Array(AccountSessionSchema);
export type AccountSessionsResponse = Static<typeof AccountSessionsResponse>;

/** Handles are base64url text; anything else names no session. */
export const SESSION_HANDLE_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

export const AccountSessionParams = Type.Object({
  id: Type.String({
    pattern: SESSION_HANDLE_PATTERN,
    errorMessage: 'id must be a session handle from the list of sessions',
  }),
});

export const EndSessionsResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  /** How many sessions ended. */
  ended: Type.Integer({ minimum: 0 }),
});
export type EndSessionsResponse = Static<typeof EndSessionsResponse>;

// Two-factor sign-in with an authenticator app (TOTP: RFC 6238, SHA-1, 6 digits, 30 s).

export const twoFactorMessages = {
  codeIncorrect: 'The code is incorrect',
  codeUsed: 'That code has been used already: wait for the next one',
  recoveryCodeIncorrect: 'The recovery code is incorrect or has been used',
  factorRequired: 'Give the code from your authenticator app, or a recovery code',
  alreadyOn: 'Two-factor authentication is already on',
  notPending: 'Start the setup first: there is no authenticator app waiting to be confirmed',
  setupReplaced:
    'Two-factor setup was started again meanwhile: scan the newest QR code and enter its code',
  notOn: 'Two-factor authentication is not on',
  recoveryCodesReplaced:
    'New recovery codes: the old ones no longer work. Keep these somewhere safe: each works once, and they are not shown again.',
  noPendingSignIn: 'Sign in with your username and password first (or again: it lasts 5 minutes)',
  required: 'Enter the code from your authenticator app',
} as const;

export const TotpCode = Type.String({
  pattern: '^[0-9]{6}$',
  errorMessage: 'code must be the 6 digits your authenticator app shows',
});

export const RecoveryCode = Type.String({
  minLength: 1,
  maxLength: 32,
  errorMessage: 'recoveryCode must be one of your recovery codes',
});

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  /** An authenticator app has been set up and awaits its first code. */
  pending: Type.Boolean(),
  /** Unused recovery codes (0 while two-factor is off). */
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TotpSetupResponse = Type.Object({
  /** The secret in base32, for typing into an app by hand: shown once, never answered again. */
  secret: Type.String(),
  otpauthUrl: Type.String(),
  /** The otpauth URL as a QR code, an SVG document. */
  qrSvg: Type.String(),
});
export type TotpSetupResponse = Static<typeof TotpSetupResponse>;

export const TotpEnableBody = Type.Object({ code: TotpCode });

export const TotpEnableResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  /** Ten single-use codes, shown once: the server keeps only their hashes. */
  recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }),
});
export type TotpEnableResponse = Static<typeof TotpEnableResponse>;

/** New recovery codes in place of the old ones (POST /api/account/2fa/recovery-codes), once. */
export const NewRecoveryCodesResponse = TotpEnableResponse;
export type NewRecoveryCodesResponse = Static<typeof NewRecoveryCodesResponse>;

/** The second factor: a code from the app, or one of the recovery codes. */
const SecondFactor = {
  code: Type.Optional(TotpCode),
  recoveryCode: Type.Optional(RecoveryCode),
};

export const TwoFactorDisableBody = Type.Object({
  password: Type.String({
    minLength: 1,
    maxLength: PASSWORD_MAX,
    errorMessage: { minLength: 'Password is required', maxLength: messages.passwordMax },
  }),
  ...SecondFactor,
});
export type TwoFactorDisableBody = Static<typeof TwoFactorDisableBody>;

/**
 * Signing in again on the session one has (POST /api/account/sign-in-again): the password, and
 * a code or a recovery code when two-factor is on.
 */
export const SignInAgainBody = TwoFactorDisableBody;
export type SignInAgainBody = Static<typeof SignInAgainBody>;

/** The second step of a sign-in: a code, a recovery code, or a passkey's answer (issue 37). */
export const LoginTwoFactorBody = Type.Object({
  ...SecondFactor,
  passkey: Type.Optional(PasskeyAssertion),
});
export type LoginTwoFactorBody = Static<typeof LoginTwoFactorBody>;
