// Sign-in throttling: per address and per account, answered with 429 and Retry-After
// before any password is checked. The same rules run with counters in memory and, when
// OMEGA_TEST_REDIS_URL is set, in Redis, where several server instances share them.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const redisUrl = process.env.OMEGA_TEST_REDIS_URL;

if (!redisUrl) {
  describe.skip('sign-in throttling in Redis — skipped: OMEGA_TEST_REDIS_URL is not set', () => {
    it('runs against Redis when OMEGA_TEST_REDIS_URL=redis://… is set', () => {});
  });
}

for (const store of redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const)) {
  describeEachDatabase(`sign-in throttling (${store})`, (database) => {
    throttleSuite(database, store === 'redis' ? { redisUrl } : {});
  });
}

if (redisUrl) {
  describeEachDatabase('sign-in throttling shared through Redis', (database) => {
    it('counts failures on one server instance against sign-ins on another', async () => {
      const redisKeyPrefix = `omega-test-${randomBytes(4).toString('hex')}:`;
      const one = await createTestApp(database, { redisUrl, redisKeyPrefix });
      const two = await createTestApp(database, { redisUrl, redisKeyPrefix });
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
      const one = await createTestApp(database, { redisUrl, redisKeyPrefix });
      const two = await createTestApp(database, { redisUrl, redisKeyPrefix });
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
