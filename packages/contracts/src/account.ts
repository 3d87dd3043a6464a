// Account security that users own (issue 36): changing one's own password, and seeing and ending
// one's own sessions. A session is named by an opaque handle, never by its id or the stored hash
// of it (docs/decisions/033-account-security.md).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common.js';
import { messages, PASSWORD_MAX } from './credentials.js';
import { passwordSchema } from './session.js';

export const accountMessages = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
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
