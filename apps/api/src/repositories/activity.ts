// The activity log: who did what and when, read by the admin console.
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { ActivityLogRow, Database } from '../db/schema.js';
import { type BucketCount, bucketOf, toBucketCounts } from '../lib/time-buckets.js';
import { afterCommit } from '../lib/transaction.js';

export type ActivityAction =
  | 'register'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_reset'
  | 'password_change'
  | 'password_change_failed'
  | 'sign_in_again'
  | 'sign_in_again_failed'
  | 'recovery_codes_replaced'
  | 'user_created'
  | 'plan_change'
  | 'subscription_cancel'
  | 'subscription_resume'
  | 'plan_override'
  | 'plan_bulk_override'
  | 'feature_toggle'
  | 'feature_override'
  | 'feature_added'
  | 'renewal'
  | 'payment_method_saved'
  | 'payment_received'
  | 'payment_failed'
  | 'subscription_unpaid_ended'
  | 'logs_clear'
  | 'assistant_questions_clear'
  | 'access_denied'
  | 'announcement'
  | 'supergod_command'
  | 'supergod_command_refused'
  | 'session_revoke'
  | 'session_end'
  | 'sessions_end_others'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_reset'
  | 'recovery_code_used'
  | 'login_second_factor'
  | 'token_created'
  | 'token_revoked'
  | 'passkey_added'
  | 'passkey_renamed'
  | 'passkey_removed'
  | 'passkey_used'
  | 'passkey_counter_rejected'
  | 'view_as_start'
  | 'view_as_end';

export interface ActivityEntry {
  userId: number | null;
  action: ActivityAction;
  details: string;
  at: number;
  /**
   * The request that wrote it (`request.id`, passed down by the route); null only where no
   * request is served: the renewal job, start-up, the CLI (decision 020). Required, so that
   * a new call site cannot forget it.
   */
  requestId: string | null;
}

/** An entry as its row. */
export const activityRow = (entry: ActivityEntry) => ({
  user_id: entry.userId,
  action: entry.action as string,
  details: entry.details,
  created_at: entry.at,
  request_id: entry.requestId,
});

export type ActivityRow = ReturnType<typeof activityRow>;

/** Writes the rows: a statement for the repository, or a part of a larger one. */
export function activityInsert(rows: readonly ActivityRow[], qc: QueryCreator<Database>) {
  return qc.insertInto('activity_logs').values([...rows]);
}

export class ActivityRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Told of every entry once it is committed (the metrics' activity counter). */
    private readonly onRecorded: (action: ActivityAction) => void = () => {},
  ) {}

  /** Writes the entry, with the id of the request that made it, if any (decision 020). */
  record(entry: ActivityEntry, db = this.db): Promise<void> {
    return this.recordMany([entry], db);
  }

  /** Writes several entries in one statement (a batch of renewals). */
  async recordMany(entries: readonly ActivityEntry[], db = this.db): Promise<void> {
    if (entries.length === 0) return;
    await this.recordQuery(entries, db).execute();
    afterCommit(db, () => this.recorded(entries));
  }

  /**
   * `recordMany`'s statement, unrun, to join others in one statement (lib/one-statement.ts);
   * once it is committed, the caller tells `recorded`.
   */
  recordQuery(entries: readonly ActivityEntry[], qc: QueryCreator<Database> = this.db) {
    return activityInsert(entries.map(activityRow), qc);
  }

  /** Counts entries committed by a `recordQuery` (the metrics' activity counter). */
  recorded(entries: readonly ActivityEntry[]): void {
    for (const entry of entries) this.onRecorded(entry.action);
  }

  /** Newest first; `before` is the id of the last entry of the previous page. */
  recent(limit: number, before?: number, db = this.db): Promise<ActivityLogRow[]> {
    let query = db.selectFrom('activity_logs').selectAll();
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** One account's entries, newest first (the user page). */
  forUser(userId: number, limit: number, db = this.db): Promise<ActivityLogRow[]> {
    return db
      .selectFrom('activity_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async count(db = this.db): Promise<number> {
    const row = await db
      .selectFrom('activity_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Entries of the given actions per time bucket since `from` (index on action, created_at). */
  async actionCounts(
    actions: readonly string[],
    from: number,
    widthMs: number,
  ): Promise<BucketCount[]> {
    const bucket = bucketOf('created_at', from, widthMs);
    const rows = await this.db
      .selectFrom('activity_logs')
      .select([bucket.as('bucket'), 'action as key', (eb) => eb.fn.countAll<number>().as('count')])
      .where('action', 'in', actions)
      .where('created_at', '>=', from)
      .groupBy([sql.raw('1'), 'action'])
      .execute();
    return toBucketCounts(rows);
  }
}
