// A signed-in user's own sessions (issue 36): the list, ending one, and signing out every other
// one, each end audited in the same transaction as the delete. A session is named by a handle,
// an HMAC of its stored hash under a key derived from SESSION_SECRET: it names one session for
// as long as the session lives, yet it is neither the id nor the stored hash, so it opens
// nothing and matches no row of a leaked table (decision 033). A session ended here is gone
// from the table at once; another instance that read it in the last second may honour it for
// the rest of that second (SESSION_CACHE_MS).
import { createHmac } from 'node:crypto';
import type { AccountSession, EndSessionsResponse } from '@omega/contracts';
import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import type { SessionPolicy } from './session-store.js';

/** The newest this many sessions are listed. */
export const ACCOUNT_SESSIONS_LIMIT = 100;
/** Sessions searched for a handle to end (more than are listed: every live one in practice). */
const SEARCH_LIMIT = 10_000;

export const NO_SUCH_SESSION = 'No such session: it may have ended already.';

const iso = (ms: number) => new Date(ms).toISOString();

export interface AccountSessionsDeps {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  activity: ActivityRepository;
  policy: SessionPolicy;
  clock: Clock;
  sessionSecret: string;
}

export class AccountSessionsService {
  private readonly key: Buffer;

  constructor(private readonly deps: AccountSessionsDeps) {
    // Its own key: a handle is not a cookie signature or a device token.
    this.key = createHmac('sha256', deps.sessionSecret).update('omega session handle v1').digest();
  }

  /** The opaque handle of the session whose stored hash is `idHash`. */
  handle(idHash: string): string {
    return createHmac('sha256', this.key).update(idHash).digest('base64url').slice(0, 22);
  }

  /** The user's live sessions, newest first; `currentIdHash` is the caller's own. */
  async list(userId: number, currentIdHash: string | null): Promise<AccountSession[]> {
    const rows = await this.live(userId, ACCOUNT_SESSIONS_LIMIT);
    const { idleMs } = this.deps.policy;
    return rows.map((r) => ({
      id: this.handle(r.id_hash),
      current: r.id_hash === currentIdHash,
      createdAt: iso(r.created_at),
      lastSeenAt: iso(Math.max(r.created_at, r.expires_at - idleMs)),
      ip: r.ip,
      userAgent: r.user_agent,
    }));
  }

  /**
   * Ends the user's session named `handle`. A handle that names none of the user's live
   * sessions — another account's, an ended one, a made-up one — is the same 404.
   */
  async end(
    user: UserRow,
    handle: string,
    currentIdHash: string | null,
    requestId: string | null,
  ): Promise<EndSessionsResponse & { current: boolean }> {
    const { db, sessions, activity, clock } = this.deps;
    const row = (await this.live(user.id, SEARCH_LIMIT)).find(
      (r) => this.handle(r.id_hash) === handle,
    );
    if (!row) throw new HttpError(404, NO_SUCH_SESSION);
    const current = row.id_hash === currentIdHash;
    await inTransaction(db, async (trx) => {
      await sessions.delete(row.id_hash, trx);
      await activity.record(
        {
          userId: user.id,
          action: 'session_end',
          details: `${user.username} ended ${current ? 'this' : 'another'} session of theirs (${handle}, begun ${iso(row.created_at)}${row.ip ? ` from ${row.ip}` : ''})`,
          at: clock(),
          requestId,
        },
        trx,
      );
    });
    return {
      ok: true,
      message: current ? 'This session has ended: you are signed out.' : 'Session ended.',
      ended: 1,
      current,
    };
  }

  /** Ends every session of the user but the caller's own. */
  async signOutOthers(
    user: UserRow,
    currentIdHash: string,
    requestId: string | null,
  ): Promise<EndSessionsResponse> {
    const { db, sessions, activity, clock } = this.deps;
    const ended = await inTransaction(db, async (trx) => {
      const count = await sessions.deleteForUserExcept(user.id, currentIdHash, trx);
      await activity.record(
        {
          userId: user.id,
          action: 'sessions_end_others',
          details: `${user.username} signed out their other sessions: ${count} ended`,
          at: clock(),
          requestId,
        },
        trx,
      );
      return count;
    });
    return {
      ok: true,
      message:
        ended === 0
          ? 'There were no other sessions to sign out.'
          : `Signed out ${ended} other session${ended === 1 ? '' : 's'}.`,
      ended,
    };
  }

  /** The user's sessions within both the idle and the absolute limit, newest first. */
  private async live(userId: number, limit: number): Promise<SessionRow[]> {
    const now = this.deps.clock();
    const rows = await this.deps.sessions.liveForUser(userId, now, limit);
    return rows.filter((r) => r.created_at + this.deps.policy.absoluteMs > now);
  }
}
