// Sign-in throttle counters in Redis, shared by every server instance: a sorted set of failure
// times per address and per account (pruned to their windows) and a streak counter per account.
// Times come from the server's clock, not Redis's, so the same rules hold under a test clock.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  ACCOUNT_MAX_FAILURES,
  ACCOUNT_WINDOW_MS,
  type FailureRecord,
  IP_MAX_FAILURES,
  IP_WINDOW_MS,
  type ThrottleStore,
} from './login-throttle.js';

export class RedisThrottleStore implements ThrottleStore {
  readonly kind = 'redis';
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    /** Connection trouble (ioredis reconnects by itself); the caller logs it. */
    onError: (err: Error) => void,
  ) {
    this.redis = new Redis(url, {
      // A sign-in must not hang on an unreachable Redis: fail the command (500) and log it.
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    let last = 0;
    this.redis.on('error', (err: Error) => {
      // Reconnection retries repeat the same error: report it at most once a minute.
      if (Date.now() - last < 60_000) return;
      last = Date.now();
      onError(err);
    });
  }

  private key(kind: 'ip' | 'account' | 'streak', id: string) {
    return `${this.prefix}throttle:${kind}:${id}`;
  }

  async read(ip: string, account: string, now: number): Promise<FailureRecord> {
    const ipKey = this.key('ip', ip);
    const accountKey = this.key('account', account);
    const results = await this.redis
      .multi()
      .zremrangebyscore(ipKey, '-inf', now - IP_WINDOW_MS)
      .zremrangebyscore(accountKey, '-inf', now - ACCOUNT_WINDOW_MS)
      .zrange(ipKey, -IP_MAX_FAILURES, -1, 'WITHSCORES')
      .zrange(accountKey, -ACCOUNT_MAX_FAILURES, -1, 'WITHSCORES')
      .get(this.key('streak', account))
      .exec();
    if (!results) throw new Error('Redis transaction was aborted');
    for (const [err] of results) if (err) throw err;
    const scores = (entry: unknown) => {
      const flat = (entry as string[] | null) ?? [];
      return flat.filter((_, i) => i % 2 === 1).map(Number);
    };
    return {
      ipTimes: scores(results[2]?.[1]),
      accountTimes: scores(results[3]?.[1]),
      streak: Number(results[4]?.[1] ?? 0),
    };
  }

  async addFailure(ip: string, account: string, now: number): Promise<void> {
    // Members are unique per failure even when two happen in the same millisecond.
    const member = `${now}:${randomBytes(4).toString('hex')}`;
    const ipKey = this.key('ip', ip);
    const accountKey = this.key('account', account);
    const streakKey = this.key('streak', account);
    const results = await this.redis
      .multi()
      .zadd(ipKey, now, member)
      .pexpire(ipKey, IP_WINDOW_MS)
      .zadd(accountKey, now, member)
      .pexpire(accountKey, ACCOUNT_WINDOW_MS)
      .incr(streakKey)
      .pexpire(streakKey, ACCOUNT_WINDOW_MS)
      .exec();
    for (const [err] of results ?? []) if (err) throw err;
  }

  async resetStreak(account: string): Promise<void> {
    await this.redis.del(this.key('streak', account));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
