// What the assistant reads and writes: the figures of the admin 'God Mode' assistant (errors in
// the system logs, users with a recently used session) and the ratings of its answers.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface NewFeedback {
  responseId: string;
  userId: number;
  rating: number;
  helpful: boolean;
  query: string;
  at: number;
}

export class AssistantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** ERROR entries logged at or after `since` (walks the (level, created_at) index). */
  async errorCountSince(since: number, db = this.db): Promise<number> {
    const row = await db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('level', '=', 'ERROR')
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The sources of the ERROR entries since `since`, most frequent first. */
  async errorSourcesSince(since: number, limit: number, db = this.db) {
    const rows = await db
      .selectFrom('system_logs')
      .select((eb) => ['source', eb.fn.countAll<string | number>().as('n')])
      .where('level', '=', 'ERROR')
      .where('created_at', '>=', since)
      .groupBy('source')
      .orderBy('n', 'desc')
      .orderBy('source')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ source: r.source, count: Number(r.n) }));
  }

  /** The newest ERROR entries, newest first. */
  async latestErrors(limit: number, db = this.db) {
    const rows = await db
      .selectFrom('system_logs')
      .select(['source', 'message', 'created_at'])
      .where('level', '=', 'ERROR')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ source: r.source, message: r.message, at: Number(r.created_at) }));
  }

  /**
   * Distinct users whose session's idle deadline is at or after `deadlineFrom`. The caller turns
   * "seen since t" into a deadline (t + idle timeout), since a session row keeps its deadline,
   * not its last use; `createdAfter` leaves out sessions past their absolute limit.
   */
  async usersWithSessionDeadlineFrom(
    deadlineFrom: number,
    createdAfter: number,
    db = this.db,
  ): Promise<number> {
    const row = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.count<string | number>('user_id').distinct().as('n'))
      .where('user_id', 'is not', null)
      .where('expires_at', '>=', deadlineFrom)
      .where('created_at', '>', createdAfter)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Stores a rating, unless this person rated this answer (id and question) already: answers
   * whether it was stored. Of two sent at once, the second waits for the first and stores none.
   */
  async insertFeedback(f: NewFeedback, db = this.db): Promise<boolean> {
    const result = await db
      .insertInto('assistant_feedback')
      .values({
        response_id: f.responseId,
        user_id: f.userId,
        rating: f.rating,
        helpful: f.helpful ? 1 : 0,
        query: f.query,
        created_at: f.at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'response_id', 'query']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
