// Account security that users own (issue 36), on each database: changing one's own password
// (the registration rules; a wrong current password counts toward the sign-in throttle; success
// signs out every other session and replaces this one's id).
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  sessionCookie,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const NEW_PASSWORD = 'a new passphrase 2';

describeEachDatabase('changing one’s own password', (database) => {
  let t: TestApp;
  let ann: { id: number; username: string };
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    ann = await createUser(t.app, 'ann');
    cookie = await signIn('ann', TEST_PASSWORD);
  });
  afterEach(() => t.close());

  async function signIn(username: string, password: string, ip = '127.0.0.1') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res) as string;
  }
  const change = (payload: object, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload,
      headers: { cookie: as },
    });
  const me = async (as: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: as } })).statusCode;
  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ann', password },
    });
  const activity = () =>
    t.app.database.db
      .selectFrom('activity_logs')
      .selectAll()
      .where('user_id', '=', ann.id)
      .orderBy('id')
      .execute();
  const sessionRows = async (userId: number) =>
    (
      await t.app.database.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  it('changes it, ends every other session of the account, and replaces this session’s id', async () => {
    const phone = await signIn('ann', TEST_PASSWORD, '10.0.0.2');
    const laptop = await sessionFor(t.app, ann.id);
    const bob = await createUser(t.app, 'bob');
    const bobs = await sessionFor(t.app, bob.id);

    const res = await change({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: 'Password changed. Your other sessions have been signed out.',
    });
    const rotated = sessionCookie(res) as string;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    // This device goes on with the new cookie only; the other devices are signed out.
    expect(await me(rotated)).toBe(200);
    expect(await me(cookie)).toBe(401);
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(401);
    expect(await sessionRows(ann.id)).toBe(1);
    // Another account's sessions are untouched.
    expect(await me(bobs)).toBe(200);
    // The new password signs in; the old one no longer does.
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    expect(await activity()).toContainEqual(
      expect.objectContaining({
        action: 'password_change',
        details: 'ann changed their password; 2 other session(s) ended',
        created_at: t.now(),
        request_id: res.headers['x-request-id'],
      }),
    );
  });

  it('refuses a wrong current password with 400, changing and ending nothing', async () => {
    const other = await sessionFor(t.app, ann.id);
    const res = await change({ currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Current password is incorrect' });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await me(cookie)).toBe(200);
    expect(await me(other)).toBe(200);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    const entries = (await activity()).filter((a) => a.action.startsWith('password'));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'password_change_failed',
        details: 'ann gave a wrong current password when changing it, from 127.0.0.1',
      }),
    ]);
  });

  it('counts wrong current passwords toward the sign-in throttle', async () => {
    // Five wrong in a row are free; then the account's tries wait, sign-in's too.
    for (let i = 0; i < 5; i++) {
      const res = await change({ currentPassword: `wrong ${i}`, newPassword: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(400);
    }
    const waits = await change({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(waits.statusCode).toBe(429);
    expect(waits.json().message).toBe('Too many failed attempts. Try again in 1 second.');
    expect(waits.headers['retry-after']).toBe('1');
    expect((await login(TEST_PASSWORD)).statusCode).toBe(429);
    // Once the wait is over, the right password goes through and starts the streak over.
    t.advance(1000);
    const ok = await change({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (
        await change(
          { currentPassword: 'wrong again', newPassword: 'x'.repeat(8) },
          sessionCookie(ok),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('holds the new password to the registration rules, naming the problem', async () => {
    const cases: Array<[object, string]> = [
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'short' },
        'Password must be at least 6 characters',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'p'.repeat(129) },
        'Password must be at most 128 characters',
      ],
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password is required'],
      [{ currentPassword: TEST_PASSWORD }, 'newPassword'],
      [{ newPassword: NEW_PASSWORD }, 'currentPassword'],
    ];
    for (const [payload, message] of cases) {
      const res = await change(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await activity()).filter((a) => a.action.startsWith('password'))).toEqual([]);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('is refused to a signed-out caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});
