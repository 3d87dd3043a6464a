// The supergod console: system status, the user list and commands.
import { ErrorResponse } from '../common.js';
import {
  ExecuteCommandBody,
  ExecuteCommandResponse,
  SupergodUsersQuery,
  SupergodUsersResponse,
  SystemStatusResponse,
} from '../supergod.js';
import { route } from './define.js';

export const supergodRoutes = {
  supergodSystemStatus: route({
    method: 'GET',
    url: '/api/supergod/system-status',
    access: 'supergod',
    summary: "User and log counts, and the server's actual security posture",
    tags: ['supergod'],
    schema: { response: { 200: SystemStatusResponse } },
  }),
  supergodUsers: route({
    method: 'GET',
    url: '/api/supergod/users',
    access: 'supergod',
    summary: 'Every account, oldest first, a page at a time',
    tags: ['supergod'],
    schema: { querystring: SupergodUsersQuery, response: { 200: SupergodUsersResponse } },
  }),
  supergodExecute: route({
    method: 'POST',
    url: '/api/supergod/execute',
    access: 'supergod',
    summary: 'Run one console command (a fixed registry; the confirmation phrase is required)',
    tags: ['supergod'],
    schema: {
      body: ExecuteCommandBody,
      response: {
        200: ExecuteCommandResponse,
        400: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
        409: ErrorResponse,
      },
    },
  }),
} as const;
