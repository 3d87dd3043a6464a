// The signed-in user's own account security (issue 36): password, sessions and two-factor; and
// passkeys (issue 37).
import {
  AccountSessionParams,
  AccountSessionsResponse,
  ChangePasswordBody,
  EndSessionsResponse,
  NewRecoveryCodesResponse,
  SignInAgainBody,
  TotpEnableBody,
  TotpEnableResponse,
  TotpSetupResponse,
  TwoFactorDisableBody,
  TwoFactorStatus,
} from '../account.js';
import { ErrorResponse, OkResponse } from '../common.js';
import {
  AddPasskeyBody,
  PasskeyAssertionOptions,
  PasskeyParams,
  PasskeyRegistrationOptions,
  PasskeyResponse,
  PasskeySignInBody,
  PasskeysResponse,
  RenamePasskeyBody,
} from '../passkeys.js';
import { route } from './define.js';

export const accountRoutes = {
  changePassword: route({
    method: 'POST',
    url: '/api/account/password',
    access: 'user',
    tokens: false,
    summary: "Change one's own password (signs out every other session of the account)",
    description:
      "The new password follows the registration rules. A wrong current password is a 400 and counts toward the sign-in throttle (429 once it must wait). On success every other session of the account ends and this session's id is replaced (a new cookie).",
    tags: ['account'],
    schema: {
      body: ChangePasswordBody,
      response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
    },
  }),
  signInAgain: route({
    method: 'POST',
    url: '/api/account/sign-in-again',
    access: 'user',
    tokens: false,
    summary:
      'Sign in again on this session: the password, and a code or a recovery code when two-factor is on',
    description:
      "For the changes that ask for a sign-in in the last 10 minutes (two-factor setup, a passkey, an access token), without signing out and losing one's place. The password and the code are checked and counted as a sign-in's: a wrong one is a 400 and counts toward the sign-in throttle (429 once it must wait); a code is taken once. The session keeps its id.",
    tags: ['account'],
    schema: {
      body: SignInAgainBody,
      response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
    },
  }),
  signInAgainPasskeyOptions: route({
    method: 'POST',
    url: '/api/account/sign-in-again/passkey/options',
    access: 'user',
    tokens: false,
    summary: 'Sign in again with a passkey, step one: options for navigator.credentials.get',
    description:
      "The account's own passkeys, with user verification required (a passkey that verified its user is a whole sign-in). The challenge is kept in this session for 5 minutes and answered once by POST /api/account/sign-in-again/passkey. A 400 when the account has no passkey.",
    tags: ['account'],
    schema: { response: { 200: PasskeyAssertionOptions, 400: ErrorResponse } },
  }),
  signInAgainPasskey: route({
    method: 'POST',
    url: '/api/account/sign-in-again/passkey',
    access: 'user',
    tokens: false,
    summary: "Sign in again with a passkey, step two: the authenticator's answer",
    description:
      "As POST /api/account/sign-in-again, with one of the account's passkeys instead of the password and code: verified against this session's challenge, the stored key and its signature counter. A refusal is a 400 and counts toward the sign-in throttle (429 once it must wait). The session keeps its id.",
    tags: ['account'],
    schema: {
      body: PasskeySignInBody,
      response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
    },
  }),
  accountSessions: route({
    method: 'GET',
    url: '/api/account/sessions',
    access: 'user',
    tokens: false,
    summary: "The signed-in user's live sessions, newest first",
    description:
      'Each session is named by an opaque handle (`id`), never by its id or token. At most the newest 100 are listed.',
    tags: ['account'],
    schema: { response: { 200: AccountSessionsResponse } },
  }),
  endAccountSession: route({
    method: 'DELETE',
    url: '/api/account/sessions/:id',
    access: 'user',
    tokens: false,
    summary: "End one of one's own sessions (recorded in the activity log)",
    description:
      "A handle that names no live session of the caller's account — another account's, or one already ended — is a 404. Every server refuses the session within a second.",
    tags: ['account'],
    schema: {
      params: AccountSessionParams,
      response: { 200: EndSessionsResponse, 404: ErrorResponse },
    },
  }),
  signOutOtherSessions: route({
    method: 'POST',
    url: '/api/account/sessions/sign-out-others',
    access: 'user',
    tokens: false,
    summary: "End every session of one's account but this one (recorded in the activity log)",
    tags: ['account'],
    schema: { response: { 200: EndSessionsResponse } },
  }),
  twoFactorStatus: route({
    method: 'GET',
    url: '/api/account/2fa',
    access: 'user',
    tokens: false,
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
    tags: ['account'],
    schema: { response: { 200: TwoFactorStatus } },
  }),
  totpSetup: route({
    method: 'POST',
    url: '/api/account/2fa/totp/setup',
    access: 'user',
    tokens: false,
    summary:
      'Start setting up an authenticator app: a new secret, pending until a code confirms it',
    description:
      'Answers the secret (base32), its otpauth URL and a QR code of it. Nothing is on until POST /api/account/2fa/totp/enable confirms a code; a second setup replaces a pending secret. The secret is never answered again. Asks for a sign-in in the last 10 minutes (403 otherwise; POST /api/account/sign-in-again gives one on this session), as enabling does.',
    tags: ['account'],
    schema: { response: { 200: TotpSetupResponse, 403: ErrorResponse, 409: ErrorResponse } },
  }),
  totpEnable: route({
    method: 'POST',
    url: '/api/account/2fa/totp/enable',
    access: 'user',
    tokens: false,
    summary: "Turn two-factor on with the app's first code; answers ten recovery codes, once",
    description:
      'Asks for a sign-in in the last 10 minutes (403 otherwise; POST /api/account/sign-in-again gives one on this session): a copied session cookie alone must not add a way in.',
    tags: ['account'],
    schema: {
      body: TotpEnableBody,
      response: {
        200: TotpEnableResponse,
        400: ErrorResponse,
        403: ErrorResponse,
        409: ErrorResponse,
      },
    },
  }),
  newRecoveryCodes: route({
    method: 'POST',
    url: '/api/account/2fa/recovery-codes',
    access: 'user',
    tokens: false,
    summary: 'Ten new recovery codes in place of the old ones, answered once',
    description:
      'For an account with two-factor on that used or lost some of its codes: every old code stops working at once. Asks for a sign-in in the last 10 minutes (403 otherwise; POST /api/account/sign-in-again gives one on this session): a copied session cookie alone must not get a way past the second factor. A 400 when two-factor is off.',
    tags: ['account'],
    schema: {
      response: { 200: NewRecoveryCodesResponse, 400: ErrorResponse, 403: ErrorResponse },
    },
  }),
  twoFactorDisable: route({
    method: 'POST',
    url: '/api/account/2fa/disable',
    access: 'user',
    tokens: false,
    summary: 'Turn two-factor off, with the password and a code (or a recovery code)',
    tags: ['account'],
    schema: {
      body: TwoFactorDisableBody,
      response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
    },
  }),
  passkeys: route({
    method: 'GET',
    url: '/api/account/passkeys',
    access: 'user',
    tokens: false,
    summary: "The account's passkeys, oldest first (never a key or a credential id)",
    tags: ['account'],
    schema: { response: { 200: PasskeysResponse } },
  }),
  passkeyRegistrationOptions: route({
    method: 'POST',
    url: '/api/account/passkeys/registration-options',
    access: 'user',
    tokens: false,
    summary: 'Start adding a passkey: the options for navigator.credentials.create',
    description:
      "The challenge is kept in the caller's session for 5 minutes; POST /api/account/passkeys answers it once. The account's passkeys are excluded, so one authenticator is not registered twice. A discoverable credential with user verification is asked for, so every passkey can sign in alone. Asks for a sign-in in the last 10 minutes (403 otherwise; POST /api/account/sign-in-again gives one on this session): a copied session cookie alone must not add a way in.",
    tags: ['account'],
    schema: {
      response: { 200: PasskeyRegistrationOptions, 403: ErrorResponse, 409: ErrorResponse },
    },
  }),
  addPasskey: route({
    method: 'POST',
    url: '/api/account/passkeys',
    access: 'user',
    tokens: false,
    summary: "Add a passkey: the browser's answer to the registration options, and a name",
    description:
      "The name is trimmed and must be 1 to 64 characters; without one the passkey is called 'Passkey N'. The answer is verified against the challenge of this session (once, within 5 minutes), the relying party and the origin; a refusal is a 400 naming the problem.",
    tags: ['account'],
    schema: {
      body: AddPasskeyBody,
      response: { 200: PasskeyResponse, 400: ErrorResponse, 409: ErrorResponse },
    },
  }),
  renamePasskey: route({
    method: 'PATCH',
    url: '/api/account/passkeys/:id',
    access: 'user',
    tokens: false,
    summary: 'Rename one of your passkeys',
    description: "Another account's passkey is the same 404 as one that does not exist.",
    tags: ['account'],
    schema: {
      params: PasskeyParams,
      body: RenamePasskeyBody,
      response: { 200: PasskeyResponse, 400: ErrorResponse, 404: ErrorResponse },
    },
  }),
  removePasskey: route({
    method: 'DELETE',
    url: '/api/account/passkeys/:id',
    access: 'user',
    tokens: false,
    summary: 'Remove one of your passkeys: it signs in no more',
    description: "Another account's passkey is the same 404 as one that does not exist.",
    tags: ['account'],
    schema: { params: PasskeyParams, response: { 200: OkResponse, 404: ErrorResponse } },
  }),
} as const;
