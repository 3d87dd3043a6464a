// The signed-in user's own account security (issue 36).
import { ChangePasswordBody } from '../account.js';
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
} as const;
