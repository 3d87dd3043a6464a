// The session calls of spec section 7: who am I, sign in, sign out, register.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Role, Timestamp } from './common.js';
import {
  messages,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SECRET_KEY_MAX,
  SUPERGOD_KEY_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './credentials.js';

/**
 * A read-only view as a user, in force on the caller's session (decision 021): GET /api/user
 * then answers the viewed user with this field naming the administrator behind it.
 */
export const ImpersonationSchema = Type.Object({
  /** The administrator whose session this is (the real signed-in account). */
  by: Type.Object({ id: Type.Integer(), username: Type.String() }),
  startedAt: Timestamp,
  /** When the view ends by itself (15 minutes after it started, by the server's clock). */
  endsAt: Timestamp,
});
export type Impersonation = Static<typeof ImpersonationSchema>;

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Nullable(Type.String()),
  role: Role,
  createdAt: Timestamp,
  lastLogin: Nullable(Timestamp),
  /** Only on GET /api/user, only while an administrator views as this user. */
  impersonating: Type.Optional(ImpersonationSchema),
  /**
   * Only on GET /api/user: the account's role must use two-factor (OMEGA_REQUIRE_2FA) and it is
   * not on, so admin and supergod calls answer 403 until it is set up.
   */
  twoFactorSetupRequired: Type.Optional(Type.Literal(true)),
});
export type User = Static<typeof User>;

// `errorMessage` is read by the server's validation error formatter, so a violated rule
// answers with the spec's own wording instead of a generic validator sentence.
const username = (minMessage: string) =>
  Type.String({
    minLength: USERNAME_MIN,
    maxLength: USERNAME_MAX,
    pattern: USERNAME_PATTERN,
    errorMessage: {
      minLength: minMessage,
      maxLength: messages.usernameMax,
      pattern: messages.usernamePattern,
    },
  });

/** A new password: the registration rule, in the wording of `minMessage` when too short. */
export const passwordSchema = (minMessage: string) =>
  Type.String({
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
    errorMessage: { minLength: minMessage, maxLength: messages.passwordMax },
  });

export const Credentials = Type.Object({
  username: username(messages.usernameMin),
  password: passwordSchema(messages.passwordMin),
});
export type Credentials = Static<typeof Credentials>;

/** Sign-in accepts any stored username shape; only emptiness and size are checked. */
export const LoginBody = Type.Object({
  username: Type.String({
    minLength: 1,
    maxLength: USERNAME_MAX,
    errorMessage: { minLength: 'Username is required', maxLength: messages.usernameMax },
  }),
  password: Type.String({
    minLength: 1,
    maxLength: PASSWORD_MAX,
    errorMessage: { minLength: 'Password is required', maxLength: messages.passwordMax },
  }),
});
export type LoginBody = Static<typeof LoginBody>;

export const RegisterAdminBody = Type.Object({
  username: username(messages.usernameMin),
  password: passwordSchema(messages.passwordMin),
  secretKey: Type.String({
    minLength: 1,
    maxLength: SECRET_KEY_MAX,
    errorMessage: { minLength: messages.adminKeyRequired, maxLength: messages.secretKeyMax },
  }),
});
export type RegisterAdminBody = Static<typeof RegisterAdminBody>;

export const RegisterSupergodBody = Type.Object({
  username: username(messages.usernameMinLong),
  password: passwordSchema(messages.passwordMinLong),
  secretKey: Type.String({
    minLength: SUPERGOD_KEY_MIN,
    maxLength: SECRET_KEY_MAX,
    errorMessage: { minLength: messages.supergodKeyMin, maxLength: messages.secretKeyMax },
  }),
});
export type RegisterSupergodBody = Static<typeof RegisterSupergodBody>;

export const SessionResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  user: User,
});
export type SessionResponse = Static<typeof SessionResponse>;

/**
 * Sign-in of an account with two-factor on: the password was right, and the session now holds
 * only a pending sign-in (5 minutes, no access) until POST /api/login/2fa completes it.
 */
export const TwoFactorRequiredResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  twoFactorRequired: Type.Literal(true),
});
export type TwoFactorRequiredResponse = Static<typeof TwoFactorRequiredResponse>;
