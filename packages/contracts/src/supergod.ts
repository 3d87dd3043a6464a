// The supergod console's calls (spec section 7, 'Supergod and admin dashboards'): the system
// status panel, the full user list and the command terminal.
import { type Static, Type } from '@sinclair/typebox';
import { Timestamp } from './common.js';
import { User } from './session.js';

export const SystemStatusResponse = Type.Object({
  system: Type.Object({
    users: Type.Object({
      count: Type.Integer(),
      /** For example '3 admins, 1 supergod, 2 disabled'. */
      note: Type.String(),
    }),
    logs: Type.Object({
      errors: Type.Integer({ description: 'System log entries at level ERROR' }),
      activities: Type.Integer({ description: 'Activity log entries' }),
    }),
    /** The server's actual posture, read from its configuration and the running app. */
    security: Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]), {
      description:
        'Flags and settings as the running server has them: registration keys, session cookie, rate limits, headers, proxies, database, maintenance, load-shedding thresholds, HTTP timeouts and shutdown deadlines',
    }),
    lastChecked: Timestamp,
  }),
});
export type SystemStatusResponse = Static<typeof SystemStatusResponse>;
export type SystemStatus = SystemStatusResponse['system'];

export const SUPERGOD_USERS_PAGE_MAX = 100;
/** The longest user search the server takes: the form's field takes no more. */
export const USER_SEARCH_MAX = 64;

export const SupergodUsersQuery = Type.Object({
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: SUPERGOD_USERS_PAGE_MAX, default: 25 }),
  /** Part of a username or email, any case; the total then counts only the matches. */
  search: Type.Optional(
    Type.String({
      maxLength: USER_SEARCH_MAX,
      errorMessage: { maxLength: `search must be at most ${USER_SEARCH_MAX} characters` },
    }),
  ),
});
export type SupergodUsersQuery = Static<typeof SupergodUsersQuery>;

export const SupergodUsersResponse = Type.Object({
  /** Oldest account first. */
  users: Type.Array(User),
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
});
export type SupergodUsersResponse = Static<typeof SupergodUsersResponse>;

/** The same bound as the command parser's (COMMAND_MAX in @omega/domain). */
const COMMAND_TEXT_MAX = 4000;

export const ExecuteCommandBody = Type.Object({
  command: Type.String({
    maxLength: COMMAND_TEXT_MAX,
    errorMessage: { maxLength: `A command has at most ${COMMAND_TEXT_MAX} characters` },
  }),
  /** Must equal CONFIRMATION_PHRASE; the server checks it. */
  confirmation: Type.String({ maxLength: 200 }),
});
export type ExecuteCommandBody = Static<typeof ExecuteCommandBody>;

export const ExecuteCommandResponse = Type.Object({
  /** The command as it was typed (trimmed). */
  command: Type.String(),
  /** What the command did, as plain text for the terminal. */
  output: Type.String(),
  executedAt: Timestamp,
});
export type ExecuteCommandResponse = Static<typeof ExecuteCommandResponse>;
