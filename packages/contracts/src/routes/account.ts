// The signed-in user's own account security (issue 36): password and sessions.
import {
  AccountSessionParams,
  AccountSessionsResponse,
  ChangePasswordBody,
  EndSessionsResponse,
  TotpEnableBody,
  TotpEnableResponse,
  TotpSetupResponse,
  TwoFactorDisableBody,
  TwoFactorStatus,
} from '../account.js';
import { ErrorResponse, OkResponse } from '../common.js';
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
      'Answers the secret (base32), its otpauth URL and a QR code of it. Nothing is on until POST /api/account/2fa/totp/enable confirms a code; a second setup replaces a pending secret. The secret is never answered again.',
    tags: ['account'],
    schema: { response: { 200: TotpSetupResponse, 409: ErrorResponse } },
  }),
  totpEnable: route({
    method: 'POST',
    url: '/api/account/2fa/totp/enable',
    access: 'user',
    tokens: false,
    summary: "Turn two-factor on with the app's first code; answers ten recovery codes, once",
    tags: ['account'],
    schema: {
      body: TotpEnableBody,
      response: { 200: TotpEnableResponse, 400: ErrorResponse, 409: ErrorResponse },
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
} as const;
