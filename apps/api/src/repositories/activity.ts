// The activity log: who did what and when, read by the admin console.
import type { Kysely } from 'kysely';
import type { ActivityLogRow, Database } from '../db/schema.js';

export type ActivityAction =
  | 'register'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_reset'
  | 'user_created'
  | 'plan_change'
  | 'subscription_cancel'
  | 'subscription_resume'
  | 'plan_override'
  | 'feature_toggle'
  | 'feature_override'
  | 'feature_added'
  | 'renewal'
  | 'logs_clear'
  | 'access_denied'
  | 'announcement'
  | 'supergod_command'
  | 'supergod_command_refused';

export interface ActivityEntry {
  userId: number | null;
  action: ActivityAction;
  details: string;
  at: number;
}

export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: ActivityEntry, db = this.db): Promise<void> {
    await db
      .insertInto('activity_logs')
      .values({
        user_id: entry.userId,
        action: entry.action,
        details: entry.details,
        created_at: entry.at,
      })
      .execute();
  }

  /** Newest first; `before` is the id of the last entry of the previous page. */
  recent(limit: number, before?: number, db = this.db): Promise<ActivityLogRow[]> {
    let query = db.selectFrom('activity_logs').selectAll();
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  async count(db = this.db): Promise<number> {
    const row = await db
      .selectFrom('activity_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
