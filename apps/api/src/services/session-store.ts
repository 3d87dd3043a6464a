// The session store, backed by the sessions table (plugins/external/session.ts uses it). The
// store, not the cookie, decides expiry (idle 30 minutes, absolute 12 hours, by the injected
// clock), and a read writes nothing unless the idle deadline is due to be pushed forward (at
// most every 5 minutes).
import { createHash } from 'node:crypto';
import type { Session } from 'fastify';
import type { SessionRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { TtlCache } from '../lib/ttl-cache.js';
import type { SessionsRepository } from '../repositories/sessions.js';

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
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

type Callback = (err?: unknown) => void;

export class DatabaseSessionStore {
  /**
   * Rows read lately, keyed by the session id itself: this process's memory already holds the
   * ids (they arrive in cookies), and a cached read then costs no hash.
   */
  private readonly cache = new TtlCache<string, SessionRow>(SESSION_CACHE_MS);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
  ) {}

  /**
   * The session's data from the cache when it is there and needs no write: `undefined` means
   * "ask load()", null means the session has ended.
   */
  peek(sessionId: string): Session | null | undefined {
    const row = this.cache.get(sessionId);
    if (!row) return undefined;
    const now = this.clock();
    if (this.ended(row, now) || this.extendDue(row, now)) return undefined;
    return JSON.parse(row.data) as Session;
  }

  /** The session's data, or null when there is no such session or it has ended. */
  async load(sessionId: string): Promise<Session | null> {
    const cached = this.cache.get(sessionId);
    const idHash = hashSessionId(sessionId);
    const row = cached ?? (await this.sessions.find(idHash));
    if (!row) return null;
    const now = this.clock();
    if (this.ended(row, now)) {
      this.cache.delete(sessionId);
      await this.sessions.delete(idHash);
      return null;
    }
    if (this.extendDue(row, now)) {
      await this.sessions.extend(idHash, now + this.policy.idleMs);
      this.cache.set(sessionId, { ...row, expires_at: now + this.policy.idleMs });
    } else if (!cached) {
      this.cache.set(sessionId, row);
    }
    return JSON.parse(row.data) as Session;
  }

  /** Stores the session's data (everything but its cookie), pushing the idle deadline. */
  async save(sessionId: string, session: Session): Promise<void> {
    const now = this.clock();
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(session)) {
      if (key !== 'cookie') data[key] = value;
    }
    // The row's creation time may be older than now (an update): read it again next time.
    this.cache.delete(sessionId);
    await this.sessions.upsert({
      idHash: hashSessionId(sessionId),
      userId: typeof session.userId === 'number' ? session.userId : null,
      data: JSON.stringify(data),
      createdAt: now,
      expiresAt: now + this.policy.idleMs,
    });
  }

  async remove(sessionId: string): Promise<void> {
    this.cache.delete(sessionId);
    await this.sessions.delete(hashSessionId(sessionId));
  }

  /**
   * The callback API of express-session style stores, for tools and tests that write sessions
   * directly. A session id the store does not know is answered as an empty session.
   */
  get(sessionId: string, callback: (err: unknown, result?: Session | null) => void): void {
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

  private ended(row: SessionRow, now: number): boolean {
    return row.expires_at <= now || row.created_at + this.policy.absoluteMs <= now;
  }

  private extendDue(row: SessionRow, now: number): boolean {
    return row.expires_at - now < this.policy.idleMs - this.policy.extendEveryMs;
  }
}
