// The Redis store decides in Lua; the memory store with the pure `waitMs`. The same long run of
// tries, outcomes and clock steps must get the same answers from both, to the millisecond.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  MemoryThrottleStore,
  OTP_REQUEST,
  PASSWORD_SIGN_IN,
  type ThrottleStore,
  WALLET_SIGN_IN,
} from '../src/services/login-throttle.js';
import { RedisThrottleStore } from '../src/services/redis-throttle-store.js';
import { T0 } from './helpers/app.js';

const redisUrl = process.env.OMEGA_TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('throttle stores', () => {
  it('decide alike in memory and in Redis', async () => {
    const memory = new MemoryThrottleStore();
    const prefix = `omega-test-${randomBytes(4).toString('hex')}:`;
    const redis = new RedisThrottleStore(redisUrl ?? '', prefix, (err) => {
      throw err;
    });
    const inspect = new Redis(redisUrl ?? '');
    try {
      // A small fixed generator, so a failure can be replayed.
      let seed = 12345;
      const next = (n: number) => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return (seed >>> 16) % n;
      };
      const policies = [PASSWORD_SIGN_IN, WALLET_SIGN_IN, OTP_REQUEST];
      let now = T0;
      const refused = new Set<string>();
      const tripped = new Set<string>();
      for (let step = 0; step < 1500; step++) {
        // Mostly quick tries, now and then a long pause, so every limit is reached and left.
        // Never two in one millisecond: which of two such tries is 'newest' is left open.
        now += next(80) === 0 ? 20 * 60_000 : ([1, 1, 100, 1_000, 5_000][next(5)] ?? 1);
        const policy = policies[next(3)] ?? PASSWORD_SIGN_IN;
        const address = `10.0.0.${next(2)}`;
        const account = `account-${next(2)}`;
        if (next(10) === 0) {
          await memory.refundNewest(policy, account);
          await redis.refundNewest(policy, account);
          continue;
        }
        const answers = await Promise.all(
          [memory, redis].map((store: ThrottleStore) =>
            store.reserve(policy, address, account, now),
          ),
        );
        // Slot ids are random; what must agree is the wait and whether the next try trips.
        const [a, b] = answers.map((r) =>
          r.slot === null ? { wait: r.wait } : { tripped: r.tripped },
        );
        expect(b, `step ${step}`).toEqual(a);
        if (a && 'wait' in a) refused.add(policy.name);
        if (a && 'tripped' in a && a.tripped) tripped.add(policy.name);
        const outcome = (['keep', 'keep', 'keep', 'succeeded', 'withdrawn'] as const)[next(5)];
        if (outcome === 'keep' || outcome === undefined) continue;
        await Promise.all(
          [memory, redis].map((store, i) => {
            const slot = answers[i]?.slot;
            return slot ? store.release(policy, address, account, slot, outcome) : undefined;
          }),
        );
      }
      expect([...refused].sort()).toEqual(['otp', 'password', 'wallet']);
      expect([...tripped].sort()).toEqual(['otp', 'password', 'wallet']);
      // Every key lives under the prefix and expires by itself.
      const keys = await inspect.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(await inspect.pttl(key), key).toBeGreaterThan(0);
    } finally {
      await inspect.quit();
      await redis.close();
    }
  });

  it('does not take a stalled event loop for a silent Redis: the answer waiting in the socket is read, and the connection kept', async () => {
    // A synchronous stretch longer than the timeout (a long task, a GC pause, an fsync) with a
    // command in flight: the next turn ran the timers before reading the socket, so ioredis's
    // commandTimeout and socketTimeout failed the command and dropped the connection (sign-ins
    // answered 503 in CI while other suites loaded the machine).
    const redis = new RedisThrottleStore(
      redisUrl ?? '',
      `omega-test-${randomBytes(4).toString('hex')}:`,
      (err) => {
        throw err;
      },
    );
    try {
      await redis.ping();
      const answer = redis.reserve(PASSWORD_SIGN_IN, '10.0.0.1', 'stalled', T0);
      // The command is on its way (sent in this turn), then the loop stalls.
      await new Promise((resolve) => setImmediate(resolve));
      const stalled = performance.now() + 1500;
      while (performance.now() < stalled) {
        // the event loop is busy
      }
      expect(await answer).toMatchObject({ wait: 0 });
      // The connection is still the open one: the next command needs no reconnection.
      expect(await redis.reserve(PASSWORD_SIGN_IN, '10.0.0.1', 'stalled', T0 + 1)).toMatchObject({
        wait: 0,
      });
    } finally {
      await redis.close();
    }
  });
});
