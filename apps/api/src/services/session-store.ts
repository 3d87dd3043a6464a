// @fastify/session store backed by the sessions table. The store, not the cookie, decides
// expiry (idle 30 minutes, absolute 12 hours, by the injected clock), and a read writes
// nothing unless the idle deadline is due to be pushed forward (at most every 5 minutes).
import { createHash } from 'node:crypto';
import type { SessionStore } from '@fastify/session';
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

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

type Callback = (err?: unknown) => void;

export class DatabaseSessionStore implements SessionStore {
  private readonly cache = new TtlCache<string, SessionRow>(SESSION_CACHE_MS);

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
  ) {}

  /**
   * A session id the store does not know (rotated at sign-in, signed out, expired) is answered
   * as an empty, anonymous session rather than as missing. Missing makes @fastify/session clear
   * the cookie in the answer, and that answer can arrive after the one that set a new cookie —
   * a poll sent just before signing in would then sign the user straight out. An empty session
   * carries no user, so the request is anonymous either way; nothing is stored for it, and the
   * next sign-in replaces the cookie.
   */
  get(sessionId: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.read(sessionId).then(
      (data) => callback(null, data ?? ({} as Session)),
      (err) => callback(err),
    );
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    const now = this.clock();
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(session)) {
      if (key !== 'cookie') data[key] = value;
    }
    const idHash = hashSessionId(sessionId);
    // The row's creation time may be older than now (an update): read it again next time.
    this.cache.delete(idHash);
    this.sessions
      .upsert({
        idHash,
        userId: typeof session.userId === 'number' ? session.userId : null,
        data: JSON.stringify(data),
        createdAt: now,
        expiresAt: now + this.policy.idleMs,
      })
      .then(() => callback(), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    const idHash = hashSessionId(sessionId);
    this.cache.delete(idHash);
    this.sessions.delete(idHash).then(() => callback(), callback);
  }

  private async read(sessionId: string): Promise<Session | null> {
    const idHash = hashSessionId(sessionId);
    const cached = this.cache.get(idHash);
    const row = cached ?? (await this.sessions.find(idHash));
    if (!row) return null;
    const now = this.clock();
    if (row.expires_at <= now || row.created_at + this.policy.absoluteMs <= now) {
      this.cache.delete(idHash);
      await this.sessions.delete(idHash);
      return null;
    }
    if (row.expires_at - now < this.policy.idleMs - this.policy.extendEveryMs) {
      await this.sessions.extend(idHash, now + this.policy.idleMs);
      this.cache.set(idHash, { ...row, expires_at: now + this.policy.idleMs });
    } else if (!cached) {
      this.cache.set(idHash, row);
    }
    return JSON.parse(row.data) as Session;
  }
}
