// One page per user, its session revocation, and the read-only 'view as user' (issue 19).
import {
  EndViewResponse,
  RevokeSessionResponse,
  SessionHandleParams,
  UserIdParams,
  UserPageSchema,
  ViewAsResponse,
} from '../admin-users.js';
import { ErrorResponse } from '../common.js';
import { route } from './define.js';

export const adminUsersRoutes = {
  adminUserPage: route({
    method: 'GET',
    url: '/api/admin/users/:id',
    access: 'admin',
    summary:
      "One account's page: role, sessions, subscription and invoices, overrides, wallet, activity and the system-log rows of its requests",
    description:
      'Lists are capped at the newest entries (50 sessions, 20 invoices, 50 activity entries, 50 log rows, 10 wallet transactions). Session ids never leave the server: each session is named by a handle.',
    tags: ['admin'],
    schema: { params: UserIdParams, response: { 200: UserPageSchema, 404: ErrorResponse } },
  }),
  revokeUserSession: route({
    method: 'DELETE',
    url: '/api/admin/users/:id/sessions/:handle',
    access: 'admin',
    summary: "End one of an account's sessions (recorded in the activity log)",
    description:
      "Admins may end the sessions of users and their own; supergods anyone's. The session is deleted at once; a server that read it in the last second may honour it for up to that second more.",
    tags: ['admin'],
    schema: {
      params: SessionHandleParams,
      response: { 200: RevokeSessionResponse, 403: ErrorResponse, 404: ErrorResponse },
    },
  }),
  startViewAs: route({
    method: 'POST',
    url: '/api/admin/users/:id/view-as',
    access: 'admin',
    tokens: false,
    summary:
      "Start a read-only view as a user (15 minutes at most; never an admin's or supergod's)",
    description:
      "While it lasts, this session's reads of user pages answer as the viewed user and every call that would change something is refused with 403; start and end are recorded in the activity log.",
    tags: ['admin'],
    schema: {
      params: UserIdParams,
      response: { 200: ViewAsResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }),
  endViewAs: route({
    method: 'POST',
    url: '/api/view-as/end',
    access: 'user',
    tokens: false,
    summary: 'End the read-only view as a user (harmless when none is in force)',
    tags: ['admin'],
    schema: { response: { 200: EndViewResponse } },
  }),
} as const;
