// USSD gateway sessions: the machine state of a phone's menu between aggregator callbacks.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface UssdSessionRecord {
  sessionId: string;
  phone: string;
  state: string;
  applied: number;
  pinReplies: string;
  expiresAt: number;
  /** The last callback's text and the answer it got. */
  lastTextHash: string | null;
  lastAnswer: string | null;
  /** The session answered END: it takes no more input. */
  ended: boolean;
}

export class UssdSessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The session, unless it has expired. */
  async find(sessionId: string, now: number, db = this.db): Promise<UssdSessionRecord | undefined> {
    const row = await db
      .selectFrom('ussd_sessions')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row
      ? {
          sessionId: row.session_id,
          phone: row.phone,
          state: row.state,
          applied: row.applied,
          pinReplies: row.pin_replies,
          expiresAt: row.expires_at,
          lastTextHash: row.last_text_hash,
          lastAnswer: row.last_answer,
          ended: row.ended === 1,
        }
      : undefined;
  }

  async save(s: UssdSessionRecord, db = this.db): Promise<void> {
    const values = {
      phone: s.phone,
      state: s.state,
      applied: s.applied,
      pin_replies: s.pinReplies,
      expires_at: s.expiresAt,
      last_text_hash: s.lastTextHash,
      last_answer: s.lastAnswer,
      ended: s.ended ? 1 : 0,
    };
    await db
      .insertInto('ussd_sessions')
      .values({ session_id: s.sessionId, ...values })
      .onConflict((oc) => oc.column('session_id').doUpdateSet(values))
      .execute();
  }

  async deleteExpired(now: number, db = this.db): Promise<number> {
    const result = await db
      .deleteFrom('ussd_sessions')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    // Claims are given back when their callback is answered; only a dead instance's remain.
    await db.deleteFrom('ussd_session_claims').where('expires_at', '<=', now).execute();
    return Number(result.numDeletedRows);
  }

  /**
   * Claims the session for one callback (`token`) until `expiresAt`, unless another holder's
   * claim is still good at `now`: one statement, so of two callbacks at once exactly one wins.
   * A claim seen held is not written to, so a callback waiting for it only reads.
   */
  async claim(
    sessionId: string,
    token: string,
    now: number,
    expiresAt: number,
    db = this.db,
  ): Promise<boolean> {
    const held = await db
      .selectFrom('ussd_session_claims')
      .select('expires_at')
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (held && held.expires_at > now) return false;
    const row = await db
      .insertInto('ussd_session_claims')
      .values({ session_id: sessionId, token, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('session_id')
          .doUpdateSet({ token, expires_at: expiresAt })
          .where('ussd_session_claims.expires_at', '<=', now),
      )
      .returning('token')
      .executeTakeFirst();
    return row?.token === token;
  }

  /** Gives the claim back, if `token` still holds it. */
  async release(sessionId: string, token: string, db = this.db): Promise<void> {
    await db
      .deleteFrom('ussd_session_claims')
      .where('session_id', '=', sessionId)
      .where('token', '=', token)
      .execute();
  }
}
