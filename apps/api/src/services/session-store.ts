// @fastify/session store backed by the sessions table. The store, not the cookie, decides
// expiry (idle 30 minutes, absolute 12 hours, by the injected clock), and a read writes
// nothing unless the idle deadline is due to be pushed forward (at most every 5 minutes).
// A read found in the one-second cache answers @fastify/session synchronously: no promise,
// no hash, no JSON parse on the hot path (docs/architecture/hot-path.md).
// Rows are made only when a session begins (`create`, at sign-in and registration); every
// later write is an update that finds its row or ends the request as signed out. A session
// revoked or signed out therefore stays ended, whatever a request that read it from the cache
// in its last second writes (issue 32).
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { SessionRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { deleteInBatches, SWEEP_BATCH } from '../lib/delete-in-batches.js';
import { sha256Hex } from '../lib/digest.js';
import { HttpError } from '../lib/http-error.js';
import { now as readTime, TtlCache } from '../lib/ttl-cache.js';
import type { SessionClient, SessionsRepository } from '../repositories/sessions.js';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  extendEveryMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  extendEveryMs: 5 * 60_000,
};

/**
 * How long a session row read from the database is trusted before it is read again. A
 * sign-out on this instance takes effect at once; on another instance within this time.
 */
export const SESSION_CACHE_MS = 1000;

/** The database keeps only this hash of a session id, so a leaked table opens no session. */
export const hashSessionId = (id: string) => sha256Hex(id);

declare module 'fastify' {
  interface Session {
    /** The signed-in account; absent in an anonymous session. */
    userId?: number;
    /**
     * Which of the account's passwords the session was begun under (two-factor.ts
     * `passwordMark`): once the password changes, the session is signed out, even one whose
     * sign-in checked the old password just before the change and stored its row just after.
     * Absent in a session an older release began, which the change itself ended.
     */
    password?: string;
    /**
     * When the session was signed in (a password, a passkey, a second factor, a registration or
     * a password change): changes that add a way into the account ask for a recent one
     * (plugins/external/session.ts `requireRecentSignIn`). Absent in a session an older release
     * began.
     */
    signedInAt?: number;
  }
}

type Callback = (err?: unknown) => void;

export const SESSION_ENDED = 'Authentication required';

/**
 * A signed-in session's write found no row: it was revoked, signed out or expired while the
 * request ran. The request ends as signed out (the error handler answers 401, clears the cookie
 * and saves nothing); the row is not made again.
 */
export class SessionEndedError extends HttpError {
  constructor() {
    super(401, SESSION_ENDED);
    this.name = 'SessionEndedError';
  }
}

export class DatabaseSessionStore implements SessionStore {
  /**
   * Rows read lately with their parsed data, keyed by the session id itself: this process's
   * memory already holds the ids (they arrive in cookies), and a cached read then costs no
   * hash. @fastify/session copies the data into its own Session, so sharing the parsed object
   * between requests is safe.
   */
  private readonly cache = new TtlCache<string, { row: SessionRow; data: Session }>(
    SESSION_CACHE_MS,
  );

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
  ) {
    // Ended by whoever (the owner elsewhere, an administrator, a supergod, a password change):
    // this instance forgets its copies at once; other instances within SESSION_CACHE_MS.
    sessions.onEnded((ended) =>
      this.cache.deleteWhere(({ row }) =>
        'idHash' in ended
          ? row.id_hash === ended.idHash
          : row.user_id === ended.userId && row.id_hash !== ended.except,
      ),
    );
  }

  /**
   * A session id the store does not know (rotated at sign-in, signed out, expired) is answered
   * as an empty, anonymous session rather than as missing. Missing makes @fastify/session clear
   * the cookie in the answer, and that answer can arrive after the one that set a new cookie —
   * a poll sent just before signing in would then sign the user straight out. An empty session
   * carries no user, so the request is anonymous either way; nothing is stored for it, and the
   * next sign-in replaces the cookie.
   */
  get(sessionId: string, callback: (err: unknown, result?: Session | null) => void): void {
    const cached = this.cache.get(sessionId);
    if (cached) {
      const now = this.clock();
      if (!this.ended(cached.row, now) && !this.extendDue(cached.row, now)) {
        callback(null, cached.data);
        return;
      }
    }
    this.load(sessionId).then(
      (data) => callback(null, data ?? ({} as Session)),
      (err) => callback(err),
    );
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    this.save(sessionId, session).then(() => callback(), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.remove(sessionId).then(() => callback(), callback);
  }

  /** The session's data, or null when there is no such session or it has ended. */
  async load(sessionId: string): Promise<Session | null> {
    const cached = this.cache.get(sessionId);
    const idHash = hashSessionId(sessionId);
    // The cache's second counts from here, before the read is sent (lib/ttl-cache.ts).
    const readAt = readTime();
    const row = cached?.row ?? (await this.sessions.find(idHash));
    if (!row) return null;
    const now = this.clock();
    if (this.ended(row, now)) {
      this.cache.delete(sessionId);
      await this.sessions.delete(idHash);
      return null;
    }
    const data = cached?.data ?? (JSON.parse(row.data) as Session);
    if (this.extendDue(row, now)) {
      // Revoked since it was read: the session has ended.
      const extendedAt = readTime();
      if (!(await this.sessions.extend(idHash, now + this.policy.idleMs))) {
        this.cache.delete(sessionId);
        return null;
      }
      this.cache.set(
        sessionId,
        { row: { ...row, expires_at: now + this.policy.idleMs }, data },
        extendedAt,
      );
    } else if (!cached) {
      this.cache.set(sessionId, { row, data }, readAt);
    }
    return data;
  }

  /**
   * Whether the session is live in the database now, read past the cache: a write to the
   * account's security (plugins/app/access.ts) must not act for a session another instance
   * ended in the cache's last second. The row read is cached again.
   */
  async confirm(sessionId: string): Promise<boolean> {
    this.cache.delete(sessionId);
    return (await this.load(sessionId)) !== null;
  }

  /**
   * Stores a session that has just begun (sign-in, registration or a password change, after a
   * new id), with where it was begun when known.
   */
  async create(sessionId: string, session: Session, client?: SessionClient): Promise<void> {
    const now = this.clock();
    this.cache.delete(sessionId);
    await this.sessions.insert(
      {
        idHash: hashSessionId(sessionId),
        ...this.written(session),
        createdAt: now,
        expiresAt: now + this.policy.idleMs,
      },
      client,
    );
  }

  /**
   * Rewrites an existing session's data (everything but its cookie), pushing the idle deadline.
   * A session that has no row is never stored here: an anonymous one (nothing to keep) is
   * left alone, and a signed-in one has been revoked or signed out since it was read, so the
   * request ends as signed out (`SessionEndedError`) rather than bringing it back.
   */
  async save(sessionId: string, session: Session): Promise<void> {
    const now = this.clock();
    // Read it again next time, from the row as it is now (or its absence).
    this.cache.delete(sessionId);
    const written = this.written(session);
    const updated = await this.sessions.update({
      idHash: hashSessionId(sessionId),
      ...written,
      expiresAt: now + this.policy.idleMs,
    });
    if (!updated && written.userId !== null) throw new SessionEndedError();
  }

  /**
   * Takes `key` out of the stored session in one conditional write and answers its value; or
   * undefined when the session has no row, holds no such value, or another request took it
   * first. For what may be used once: a passkey challenge (decision 034).
   */
  async take(sessionId: string, key: string): Promise<unknown> {
    this.cache.delete(sessionId);
    const idHash = hashSessionId(sessionId);
    const row = await this.sessions.find(idHash);
    if (!row) return undefined;
    const { [key]: value, ...rest } = JSON.parse(row.data) as Record<string, unknown>;
    if (value === undefined) return undefined;
    const taken = await this.sessions.replaceData(idHash, row.data, JSON.stringify(rest));
    return taken ? value : undefined;
  }

  async remove(sessionId: string): Promise<void> {
    this.cache.delete(sessionId);
    await this.sessions.delete(hashSessionId(sessionId));
  }

  /**
   * Deletes the sessions nobody came back to once they ended (a session read after its end is
   * deleted then), a batch at a time so SQLite's writer is never held long. Answers how many.
   */
  clearEnded(batch = SWEEP_BATCH): Promise<number> {
    const now = this.clock();
    return deleteInBatches(batch, (limit) =>
      this.sessions.deleteEnded(now, now - this.policy.absoluteMs, limit),
    );
  }

  private written(session: Session): { userId: number | null; data: string } {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(session)) {
      if (key !== 'cookie') data[key] = value;
    }
    return {
      userId: typeof session.userId === 'number' ? session.userId : null,
      data: JSON.stringify(data),
    };
  }

  private ended(row: SessionRow, now: number): boolean {
    return row.expires_at <= now || row.created_at + this.policy.absoluteMs <= now;
  }

  private extendDue(row: SessionRow, now: number): boolean {
    return row.expires_at - now < this.policy.idleMs - this.policy.extendEveryMs;
  }
}
