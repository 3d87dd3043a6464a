// Sign-in throttling: per address and per account, answered with 429 and Retry-After
// before any password is checked. The same rules run with counters in memory and, when
// OMEGA_TEST_REDIS_URL is set, in Redis, where several server instances share them.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../src/services/device-trust.js';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const redisUrl = process.env.OMEGA_TEST_REDIS_URL;
/**
 * These suites count tries; how a sign-in fails when Redis is slow or gone is the faults and
 * throttle-stores suites' (at the shipped 1 s). On a starved CI machine the local Redis once took
 * over a second to answer and a counted try came back 503.
 */
const COUNTING = { redisTimeoutMs: 10_000 };

if (!redisUrl) {
  describe.skip('sign-in throttling in Redis — skipped: OMEGA_TEST_REDIS_URL is not set', () => {
    it('runs against Redis when OMEGA_TEST_REDIS_URL=redis://… is set', () => {});
  });
}

for (const store of redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const)) {
  describeEachDatabase(`sign-in throttling (${store})`, (database) => {
    throttleSuite(database, store === 'redis' ? { redisUrl, ...COUNTING } : {});
  });
}

if (redisUrl) {
  describeEachDatabase('sign-in throttling shared through Redis', (database) => {
    it('counts failures on one server instance against sign-ins on another', async () => {
      const redisKeyPrefix = `omega-test-${randomBytes(4).toString('hex')}:`;
      const one = await createTestApp(database, { redisUrl, redisKeyPrefix, ...COUNTING });
      const two = await createTestApp(database, { redisUrl, redisKeyPrefix, ...COUNTING });
      try {
        const login = (app: TestApp, username: string, password: string) =>
          app.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
        for (let i = 0; i < 10; i++) {
          expect((await login(one, `user${i}`, 'wrong-password')).statusCode).toBe(401);
        }
        const elsewhere = await login(two, 'anyone', 'wrong-password');
        expect(elsewhere.statusCode).toBe(429);
        expect(Number(elsewhere.headers['retry-after'])).toBe(600);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it('lets exactly 5 of 20 simultaneous wrong passwords over two instances reach the check', async () => {
      const redisKeyPrefix = `omega-test-${randomBytes(4).toString('hex')}:`;
      const one = await createTestApp(database, { redisUrl, redisKeyPrefix, ...COUNTING });
      const two = await createTestApp(database, { redisUrl, redisKeyPrefix, ...COUNTING });
      try {
        await createUser(one.app, 'victim');
        await createUser(two.app, 'victim');
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 === 0 ? one : two).app.inject({
              method: 'POST',
              url: '/api/login',
              payload: { username: 'victim', password: `guess-${i}` },
            }),
          ),
        );
        expect(statusCounts(answers)).toEqual({ 401: 5, 429: 15 });
      } finally {
        await one.close();
        await two.close();
      }
    });
  });
}

describeEachDatabase('sign-in throttling without its Redis', (database) => {
  it('refuses sign-in with a 503 that says why, rather than letting guesses through', async () => {
    // Nothing listens on this port: every Redis command fails at once.
    const t = await createTestApp(database, { redisUrl: 'redis://127.0.0.1:1' });
    try {
      await createUser(t.app, 'alice');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'alice', password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/^Signing in is unavailable for a moment/);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await t.close();
    }
  });
});

function throttleSuite(
  database: Parameters<typeof createTestApp>[0],
  overrides: Parameters<typeof createTestApp>[1],
) {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database, overrides);
  });
  afterEach(() => t.close());

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });

  it('allows 10 failures from one address in 10 minutes, then answers 429 with Retry-After', async () => {
    await createUser(t.app, 'target');
    for (let i = 0; i < 10; i++) {
      const res = await login(`user${i}`, 'wrong-password');
      expect(res.statusCode).toBe(401);
    }
    // Even the right password is refused now: the decision comes before hashing.
    const blocked = await login('target', TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many failed attempts\. Try again in \d+ seconds\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBe(600);

    t.advance(10 * 60_000);
    expect((await login('target', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does not let a forged X-Forwarded-For buy a fresh limit', async () => {
    for (let i = 0; i < 10; i++) {
      await login(`user${i}`, 'wrong-password', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    const res = await login('someone', 'wrong-password', { 'x-forwarded-for': '198.51.100.7' });
    expect(res.statusCode).toBe(429);
  });

  it('slows down guesses at one account with a growing delay', async () => {
    await createUser(t.app, 'victim');
    // Different addresses, as a distributed guesser would use (behind a trusted proxy).
    for (let i = 0; i < 5; i++) {
      expect((await login('victim', `guess-${i}`)).statusCode).toBe(401);
      t.advance(61_000);
    }
    // Five failures in a row: the sixth try waits 1 s, then 2 s after the next failure.
    const sixth = await login('victim', 'guess-5');
    expect(sixth.statusCode).toBe(401);
    const tooSoon = await login('victim', TEST_PASSWORD);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('2');
    t.advance(2_000);
    expect((await login('victim', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets exactly 5 of 30 simultaneous wrong passwords for one account reach the check', async () => {
    await createUser(t.app, 'victim');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('victim', `guess-${i}`)),
    );
    expect(statusCounts(answers)).toEqual({ 401: 5, 429: 25 });
  });

  it('gives back the slot of a sign-in that succeeds', async () => {
    await createUser(t.app, 'alice');
    for (let i = 0; i < 4; i++) expect((await login('alice', `guess-${i}`)).statusCode).toBe(401);
    expect((await login('alice', TEST_PASSWORD)).statusCode).toBe(200);
    // The success reset the streak: five free failures again, not one.
    for (let i = 0; i < 5; i++) expect((await login('alice', `again-${i}`)).statusCode).toBe(401);
    // Nine failures from this address so far: the success was not counted among them.
    expect((await login('bob', 'wrong-password')).statusCode).toBe(401);
    expect((await login('carol', 'wrong-password')).statusCode).toBe(429);
  });

  it('notes in the system log when failures start a wait, and not for a success', async () => {
    await createUser(t.app, 'alice');
    for (let i = 0; i < 4; i++) await login('alice', `guess-${i}`);
    // Counted as the fifth try while its password was checked, then given back.
    expect((await login('alice', TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('alice', `again-${i}`)).statusCode).toBe(401);
    await t.app.systemLogs.flush();
    const trips = await t.app.database.db
      .selectFrom('system_logs')
      .select('message')
      .where('source', '=', 'rate-limit')
      .execute();
    expect(trips.map((r) => r.message)).toEqual([
      expect.stringMatching(/^password rate limit reached for alice from /),
    ]);
  });

  describe("the owner's known device (device cookies)", () => {
    const from = (remoteAddress: string, username: string, password: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password },
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });
    const deviceCookie = (res: { cookies: { name: string; value: string }[] }) => {
      const c = res.cookies.find((k) => k.name === DEVICE_COOKIE);
      return c ? `${DEVICE_COOKIE}=${c.value}` : undefined;
    };

    it('signs the owner in from a known device throughout an attack that locks out every unknown one', async () => {
      await createUser(t.app, 'victim');
      const first = await from('127.0.0.3', 'victim', TEST_PASSWORD);
      expect(first.statusCode).toBe(200);
      const device = deviceCookie(first) as string;
      expect(String(first.headers['set-cookie'])).toMatch(
        /omega\.device=[^;]+; Max-Age=15552000; Path=\/api; HttpOnly; SameSite=Strict/,
      );

      let attacker = 0;
      const guessed: number[] = [];
      for (let round = 0; round < 6; round++) {
        // Wrong passwords from ever new addresses: each one's own limit is never reached.
        for (let i = 0; i < 8; i++) {
          const res = await from(`127.0.1.${++attacker}`, 'victim', `guess-${attacker}`);
          guessed.push(res.statusCode);
        }
        // An unknown browser, even with the right password, waits.
        const unknown = await from(`127.0.2.${round}`, 'victim', TEST_PASSWORD);
        expect(unknown.statusCode, `round ${round}`).toBe(429);
        // The owner's browser, at home or elsewhere, signs in.
        const at = round % 2 === 0 ? '127.0.0.3' : '127.0.0.4';
        const owner = await from(at, 'victim', TEST_PASSWORD, device);
        expect(owner.statusCode, `round ${round}`).toBe(200);
        t.advance(30_000);
      }
      // The guessing stayed slow: 5 free failures, then one per doubling wait at most.
      expect(guessed.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(guessed.filter((s) => s === 429).length).toBeGreaterThanOrEqual(38);
    });

    it("trusts no altered cookie and no other account's cookie, and slows a known device that guesses", async () => {
      await createUser(t.app, 'victim');
      await createUser(t.app, 'mallory');
      const owner = deviceCookie(await from('127.0.0.3', 'victim', TEST_PASSWORD)) as string;
      const other = deviceCookie(await from('127.0.0.9', 'mallory', TEST_PASSWORD)) as string;
      for (let i = 0; i < 5; i++) await from(`127.0.1.${i}`, 'victim', `guess-${i}`);
      // Mallory's own device token is worth nothing for the victim's account, nor is a forgery.
      expect((await from('127.0.0.9', 'victim', TEST_PASSWORD, other)).statusCode).toBe(429);
      const forged = owner.replace(/\.[A-Za-z0-9_-]{5}/, '.AAAAA');
      expect((await from('127.0.0.3', 'victim', TEST_PASSWORD, forged)).statusCode).toBe(429);
      // The known device's own wrong passwords slow it down, apart from the account's.
      for (let i = 0; i < 5; i++) {
        expect((await from('127.0.0.3', 'victim', `typo-${i}`, owner)).statusCode).toBe(401);
      }
      const waits = await from('127.0.0.3', 'victim', TEST_PASSWORD, owner);
      expect(waits.statusCode).toBe(429);
      expect(waits.headers['retry-after']).toBe('1');
      t.advance(1_000);
      expect((await from('127.0.0.3', 'victim', TEST_PASSWORD, owner)).statusCode).toBe(200);
    });

    it('remembers the last five accounts signed in from one browser', async () => {
      let cookie: string | undefined;
      for (let i = 0; i < 6; i++) {
        await createUser(t.app, `user${i}`);
        const res = await from('127.0.0.3', `user${i}`, TEST_PASSWORD, cookie);
        // Each sign-in must succeed for the browser's list to grow: say so when one does not
        // (CI of 094060a saw the list restart once, with no word of why).
        expect(res.statusCode, `sign-in of user${i}: ${res.body}`).toBe(200);
        cookie = deviceCookie(res);
      }
      for (let i = 0; i < 6; i++) {
        for (let g = 0; g < 5; g++) await from(`127.0.${i + 1}.${g}`, `user${i}`, 'wrong');
      }
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push((await from('127.0.0.3', `user${i}`, TEST_PASSWORD, cookie)).statusCode);
      }
      // user0, the oldest of six, has been forgotten by this browser.
      expect(answers).toEqual([429, 200, 200, 200, 200, 200]);
    });
  });

  it('throttles registration key guesses like sign-in failures', async () => {
    const guess = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register-admin',
        payload: { username: 'mallory', password: 'secret1', secretKey: `guess-${i}` },
      });
    for (let i = 0; i < 5; i++) expect((await guess(i)).statusCode).toBe(403);
    const blocked = await guess(5);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(await t.app.repos.users.count()).toBe(0);
  });
}

/** How many answers had each status code. */
function statusCounts(answers: readonly { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}
