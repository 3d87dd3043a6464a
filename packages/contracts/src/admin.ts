// The admin console's calls (spec section 7, 'Supergod and admin dashboards' and
// 'Announcements and logs'): system logs, the activity log, detailed health, announcements.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './common.js';

export const LOG_LEVELS = ['INFO', 'WARNING', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const LogLevelSchema = Type.Unsafe<LogLevel>({
  type: 'string',
  enum: [...LOG_LEVELS],
  errorMessage: { enum: 'level must be one of INFO, WARNING, ERROR' },
});

/** An entry's id: a database `integer`, as every id is. */
const Cursor = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const PageSize = (max: number, fallback: number) =>
  Type.Integer({ minimum: 1, maximum: max, default: fallback });

export const LogsQuery = Type.Object({
  level: Type.Optional(LogLevelSchema),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  /** The `nextCursor` of the previous page: only older entries. */
  before: Type.Optional(Cursor),
  limit: Type.Optional(PageSize(200, 50)),
});
export type LogsQuery = Static<typeof LogsQuery>;

export const LogEntrySchema = Type.Object({
  id: Type.Integer(),
  level: LogLevelSchema,
  source: Type.String(),
  message: Type.String(),
  timestamp: Timestamp,
  stackTrace: Type.Optional(Type.String()),
});
export type LogEntry = Static<typeof LogEntrySchema>;

export const LogsPageSchema = Type.Object({
  logs: Type.Array(LogEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: Nullable(Type.Integer()),
});
export type LogsPage = Static<typeof LogsPageSchema>;

export const ClearLogsResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  cleared: Type.Integer(),
});
export type ClearLogsResponse = Static<typeof ClearLogsResponse>;

export const ActivityQuery = Type.Object({
  before: Type.Optional(Cursor),
  limit: Type.Optional(PageSize(200, 50)),
});

export const ActivityLogEntrySchema = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer()),
  action: Type.String(),
  timestamp: Timestamp,
  details: Type.String(),
});
export type ActivityLogEntry = Static<typeof ActivityLogEntrySchema>;

const ComponentStatus = Type.Unsafe<'healthy' | 'degraded' | 'unhealthy'>({
  type: 'string',
  enum: ['healthy', 'degraded', 'unhealthy'],
});

export const DetailedHealthSchema = Type.Object({
  /** The worst status of the components. */
  status: ComponentStatus,
  timestamp: Timestamp,
  components: Type.Object({
    server: Type.Object({
      /** Degraded while shedding load or draining for a shutdown. */
      status: ComponentStatus,
      /** Seconds since the process started. */
      uptime: Type.Integer(),
      /** A shutdown has begun: readiness answers 503 while the requests in flight finish. */
      draining: Type.Boolean(),
      /**
       * Load shedding: this process's load, sampled every second, and the thresholds above
       * which API calls are answered 503 at once (0: that check is off).
       */
      load: Type.Object({
        shedding: Type.Boolean(),
        /** Mean event-loop delay of the last second; null when the loop was blocked all along. */
        eventLoopDelayMs: Nullable(Type.Number()),
        heapUsedBytes: Type.Integer(),
        rssBytes: Type.Integer(),
        maxEventLoopDelayMs: Type.Integer(),
        maxHeapBytes: Type.Integer(),
        maxRssBytes: Type.Integer(),
      }),
    }),
    database: Type.Object({
      status: ComponentStatus,
      dialect: Type.String(),
      journalMode: Type.String(),
      tables: Type.Object({
        users: Type.Object({ count: Type.Integer() }),
        activityLogs: Type.Object({ count: Type.Integer() }),
        systemLogs: Type.Object({ count: Type.Integer() }),
      }),
    }),
    auth: Type.Object({ status: ComponentStatus, provider: Type.String() }),
    plugins: Type.Object({
      loaded: Type.Array(
        Type.Object({ name: Type.String(), status: Type.String(), loadedAt: Timestamp }),
      ),
    }),
    subscriptions: Type.Object({
      stats: Type.Object({
        /** Paid plans that are active or in their trial. */
        activeSubscriptions: Type.Integer(),
        /** Every account's subscription, Free included (an account without one is on Free). */
        totalSubscriptions: Type.Integer(),
        /** Plan name to the number of accounts on it; sums to totalSubscriptions. */
        planDistribution: Type.Record(Type.String(), Type.Integer()),
        /** Accounts whose renewal charge failed and is not paid yet (status 'past_due'). */
        pastDueAccounts: Type.Integer(),
        /**
         * Monthly recurring revenue of those accounts (cents; a yearly plan counts a twelfth):
         * what is lost each month if none of them pays.
         */
        mrrAtRisk: Type.Integer(),
        /** Cents owed on their unpaid invoices. */
        amountPastDue: Type.Integer(),
      }),
    }),
  }),
});
export type DetailedHealth = Static<typeof DetailedHealthSchema>;

export const AnnouncementSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  createdAt: Timestamp,
});
export type Announcement = Static<typeof AnnouncementSchema>;

/** Sent form-encoded by the Communications page; trimmed by the server. */
export const NewAnnouncementBody = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  /** Tabs and line breaks are kept (`multiline`); other control characters are refused. */
  content: Type.String({ maxLength: 20_000, multiline: true }),
});

export const UnreadCountSchema = Type.Object({ unread: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCountSchema>;

export const MarkReadBody = Type.Object({
  /** The newest announcement id the user has now seen. */
  lastId: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
});

export const UsersPageQuery = Type.Object({
  /** Part of a username, ignoring case. */
  search: Type.Optional(Type.String({ maxLength: 64 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  limit: Type.Optional(PageSize(200, 50)),
});
