// The sessions table. Rows are keyed by a hash of the session id; the cookie carries the id.
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../db/schema.js';
import { afterCommit } from '../lib/transaction.js';

/** Sessions a delete ended: one (by its id's hash), or a user's (all, or all but one). */
export type EndedSessions = { idHash: string } | { userId: number; except?: string };

export interface SessionWrite {
  idHash: string;
  userId: number | null;
  data: string;
  createdAt: number;
  expiresAt: number;
}

/** Where a session was begun: the client's address and User-Agent, when known. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

/** The longest User-Agent kept (the column's size). */
export const USER_AGENT_MAX = 512;

export class SessionsRepository {
  /** Told of the sessions ended through this repository, once their end is committed. */
  private readonly endedListeners: Array<(ended: EndedSessions) => void> = [];

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Calls `listener` with the sessions each delete ended, after its transaction commits: the
   * session store forgets its cached copies, so this instance refuses them at once.
   */
  onEnded(listener: (ended: EndedSessions) => void): void {
    this.endedListeners.push(listener);
  }

  private ended(db: Kysely<Database>, ended: EndedSessions): void {
    afterCommit(db, () => {
      for (const listener of this.endedListeners) listener(ended);
    });
  }

  find(idHash: string, db = this.db): Promise<SessionRow | undefined> {
    return db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  }

  /** Stores a session that has just begun (sign-in, registration): the one way a row is made. */
  async insert(
    s: SessionWrite,
    client: SessionClient = { ip: null, userAgent: null },
    db = this.db,
  ): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id_hash: s.idHash,
        user_id: s.userId,
        data: s.data,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
        ip: client.ip === null ? null : client.ip.slice(0, 64),
        user_agent: client.userAgent === null ? null : client.userAgent.slice(0, USER_AGENT_MAX),
      })
      .execute();
  }

  /**
   * Rewrites a session that still exists; answers false when there is no row (signed out,
   * revoked, expired), which stays so: an update never makes a row, and never moves the
   * creation time the absolute limit counts from.
   */
  async update(s: Omit<SessionWrite, 'createdAt'>, db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('sessions')
      .set({ user_id: s.userId, data: s.data, expires_at: s.expiresAt })
      .where('id_hash', '=', s.idHash)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Rewrites a session's data only if it is still exactly `expected`: false when the row is gone
   * or another request changed it first (so what is taken out is taken once).
   */
  async replaceData(idHash: string, expected: string, data: string, db = this.db) {
    const result = await db
      .updateTable('sessions')
      .set({ data })
      .where('id_hash', '=', idHash)
      .where('data', '=', expected)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Pushes the idle deadline; answers false when the session no longer exists. */
  async extend(idHash: string, expiresAt: number, db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('sessions')
      .set({ expires_at: expiresAt })
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(idHash: string, db = this.db): Promise<void> {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    this.ended(db, { idHash });
  }

  /** Signs a user out everywhere; answers how many sessions ended. */
  async deleteForUser(userId: number, db = this.db): Promise<number> {
    const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    this.ended(db, { userId });
    return Number(result.numDeletedRows);
  }

  /** Ends every session of the user but one (`keepIdHash`); answers how many ended. */
  async deleteForUserExcept(userId: number, keepIdHash: string, db = this.db): Promise<number> {
    const result = await db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id_hash', '!=', keepIdHash)
      .executeTakeFirst();
    this.ended(db, { userId, except: keepIdHash });
    return Number(result.numDeletedRows);
  }

  /** The user's sessions not yet past their idle deadline, newest first (the user page). */
  liveForUser(userId: number, now: number, limit: number, db = this.db): Promise<SessionRow[]> {
    return db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id_hash')
      .limit(limit)
      .execute();
  }

  /**
   * Deletes up to `limit` sessions that have ended: past their idle deadline, or begun at or
   * before `startedBy` (the absolute limit). Answers how many.
   */
  async deleteEnded(now: number, startedBy: number, limit: number, db = this.db): Promise<number> {
    const result = await db
      .deleteFrom('sessions')
      .where('id_hash', 'in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('id_hash')
          .where((w) => w.or([w('expires_at', '<=', now), w('created_at', '<=', startedBy)]))
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
