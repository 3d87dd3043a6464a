// The signed-in user's own account security (issue 36): password and sessions.
import {
  AccountSessionParams,
  AccountSessionsResponse,
  ChangePasswordBody,
  EndSessionsResponse,
} from '../account.js';
import { ErrorResponse, OkResponse } from '../common.js';
import { route } from './define.js';

export const accountRoutes = {
  changePassword: route({
    method: 'POST',
    url: '/api/account/password',
    access: 'user',
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
    summary: "End every session of one's account but this one (recorded in the activity log)",
    tags: ['account'],
    schema: { response: { 200: EndSessionsResponse } },
  }),
} as const;
