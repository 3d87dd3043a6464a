// Account security that users own (issue 36), on each database: changing one's own password
// (the registration rules; a wrong current password counts toward the sign-in throttle; success
// signs out every other session and replaces this one's id), and seeing and ending one's own
// sessions (opaque handles; another account's handle is a 404 like a missing one; an ended
// session is refused on every instance within the one-second cache, SESSION_CACHE_MS).
import {
  type AccountSession,
  accountMessages,
  CONFIRMATION_PHRASE,
  routeList,
  twoFactorMessages,
} from '@omega/contracts';
import type { Role } from '@omega/domain';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { hashSessionId, SESSION_CACHE_MS, SESSION_ENDED } from '../src/services/session-store.js';
import {
  activityActions,
  createTestApp,
  createUser,
  sessionCookie,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { atMigration, describeEachDatabase } from './helpers/databases.js';
import { untilSentAfter } from './helpers/late-requests.js';

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

  // Found by an audit: sign-ins with the old password sent while the owner changed it kept
  // working sessions (a quarter of them), because each checked the password before the change
  // and stored its session after the change had ended the others. Someone who knows the old
  // password and signs in in a loop kept the account through the owner's change.
  it('ends a session begun with the old password whose row was stored after the change', async () => {
    const sessions = t.app.repos.sessions;
    const insert = sessions.insert.bind(sessions);
    let stored!: () => void;
    const checked = new Promise<void>((resolve) => {
      stored = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The next session row waits: its sign-in has checked the password, its row is not in yet.
    sessions.insert = async (...args: Parameters<typeof insert>) => {
      sessions.insert = insert;
      stored();
      await held;
      return insert(...args);
    };
    const late = login(TEST_PASSWORD);
    await checked;
    const res = await change({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    release();
    const answered = await late;
    expect(answered.statusCode, answered.body).toBe(200);
    const lateCookie = sessionCookie(answered) as string;
    expect(await me(lateCookie)).toBe(401);
    expect(await me(lateCookie)).toBe(401);
    // The caller's own session, with its new id, goes on; so does a sign-in with the new password.
    expect(await me(sessionCookie(res) as string)).toBe(200);
    expect(await me(await signIn('ann', NEW_PASSWORD))).toBe(200);
  });

  it('keeps a session an older release began, which does not say which password it began with', async () => {
    expect(await me(await sessionFor(t.app, ann.id, { olderRelease: true }))).toBe(200);
  });

  // A double click, or two windows: each change was checked against the password before any of
  // them was written, so all three answered 'Password changed' and two new passwords were lost.
  it('changes the password once when several changes arrive at once, refusing the others', async () => {
    const tries = ['a new passphrase 0', 'a new passphrase 1', 'a new passphrase 2'];
    const answers = await Promise.all(
      tries.map((newPassword) => change({ currentPassword: TEST_PASSWORD, newPassword })),
    );
    // One is made. Each other is refused in one of two ways, depending on how far it had got
    // when the winner committed: checked against the old password, it finds the password changed
    // meanwhile (409); not yet past its session, it finds that session ended by the winner, which
    // signs every other session out and gives its own a new id (401). On a busy machine both
    // happen: three 409s were once expected here, and a run answered [200, 401, 409].
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect([
        { status: 409, body: { message: accountMessages.passwordChangedMeanwhile } },
        { status: 401, body: { message: 'Authentication required' } },
      ]).toContainEqual({ status: refused.statusCode, body: refused.json() });
    }
    const kept = tries[answers.findIndex((a) => a.statusCode === 200)] as string;
    expect((await login(kept)).statusCode).toBe(200);
    for (const lost of tries.filter((p) => p !== kept)) {
      expect((await login(lost)).statusCode).toBe(401);
    }
  });

  // The race above, taken one step at a time: two changes passed the session check with the
  // account as it was, and the first was made before the second read the password. The second
  // then checked the right (old) password against the new hash, and answered that the current
  // password was wrong, counting a wrong guess (CI of f1a47bc, PostgreSQL).
  it('tells a change that lost to one made a moment ago that the password changed, not that it was wrong', async () => {
    const asItWas = await t.app.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    const client = { ip: '127.0.0.1', knownDevice: null, keepSession: 'this-session' };
    const changeFrom = (currentPassword: string, newPassword: string) =>
      t.app.accounts.changePassword(asItWas, { currentPassword, newPassword }, client, null);
    await changeFrom(TEST_PASSWORD, 'a new passphrase 0');
    await expect(changeFrom(TEST_PASSWORD, 'a new passphrase 1')).rejects.toMatchObject({
      statusCode: 409,
      message: accountMessages.passwordChangedMeanwhile,
    });
    // A wrong password is still wrong, whatever the request's copy of the account says.
    await expect(changeFrom('not my password', 'a new passphrase 2')).rejects.toMatchObject({
      statusCode: 400,
      message: accountMessages.currentPasswordIncorrect,
    });
    expect((await login('a new passphrase 0')).statusCode).toBe(200);
    expect((await login('a new passphrase 1')).statusCode).toBe(401);
    const failed = (await activity()).filter((a) => a.action === 'password_change_failed');
    expect(failed).toHaveLength(1);
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

const MINUTE = 60_000;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36';
const LAPTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';

// Found by an account-security audit: a copied session cookie alone could turn on two-factor
// with the thief's authenticator, add the thief's passkey and make an access token, each of which
// outlived the owner's password change. Those three ask for a sign-in in the last 10 minutes.
describeEachDatabase('changes that add a way in ask for a recent sign-in', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
    await createUser(t.app, 'ann');
  });
  afterEach(() => t.close());

  async function signIn() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ann', password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res) as string;
  }
  const post = (cookie: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const ways = (cookie: string) =>
    Promise.all([
      post(cookie, '/api/account/tokens', { name: 'ci', scopes: ['read'] }),
      post(cookie, '/api/account/2fa/totp/setup'),
      post(cookie, '/api/account/2fa/totp/enable', { code: '123456' }),
      post(cookie, '/api/account/passkeys/registration-options'),
    ]);

  it('refuses them 10 minutes after the sign-in, naming why, and takes them again after a new one', async () => {
    const old = await signIn();
    t.advance(10 * 60_000 + 1);
    for (const res of await ways(old)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: accountMessages.recentSignInRequired });
    }
    const tokens = await t.app.database.db.selectFrom('access_tokens').selectAll().execute();
    expect(tokens).toEqual([]);
    // Reads and other changes go on with the older sign-in.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers: { cookie: old } }))
        .statusCode,
    ).toBe(200);
    const fresh = await signIn();
    const [token, setup, , options] = await ways(fresh);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(token.statusCode, token.body).toBe(200);
    expect(options.statusCode, options.body).toBe(200);
  });

  it('refuses them to a session an older release began, which does not say when', async () => {
    const user = await t.app.repos.users.findByUsername('ann');
    const cookie = await sessionFor(t.app, user?.id ?? 0, { olderRelease: true });
    for (const res of await ways(cookie)) expect(res.statusCode, res.body).toBe(403);
  });
});

// A user whose sign-in is older than 10 minutes confirms it is them where they are, rather than
// signing out and in again and losing their place: the password, and the second factor when
// two-factor is on, checked and counted as a sign-in's are.
describeEachDatabase('signing in again on the same session', (database) => {
  let t: TestApp;
  let ann: { id: number; username: string };
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    ann = await createUser(t.app, 'ann');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ann', password: TEST_PASSWORD },
    });
    cookie = sessionCookie(res) as string;
    t.advance(10 * MINUTE + 1);
  });
  afterEach(() => t.close());

  const again = (payload: object, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in-again',
      payload,
      headers: { cookie: as },
    });
  const makeToken = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      payload: { name: 'ci', scopes: ['read'] },
      headers: { cookie },
    });
  const actions = () => activityActions(t.app, ann.id);

  it('takes the password, audited, and the changes that ask for a recent sign-in go through for 10 minutes', async () => {
    expect((await makeToken()).statusCode).toBe(403);
    const res = await again({ password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: accountMessages.signedInAgain });
    // The same session (the cookie, when re-sent, names the same one), kept in the database.
    expect(sessionCookie(res) ?? cookie).toBe(cookie);
    expect((await makeToken()).statusCode).toBe(200);
    expect((await actions()).slice(-2)).toEqual(['sign_in_again', 'token_created']);
    t.advance(10 * MINUTE + 1);
    expect((await makeToken()).statusCode).toBe(403);
  });

  it('refuses a wrong password with 400, counted toward the sign-in throttle, and confirms nothing', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await again({ password: `wrong ${i}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'Password is incorrect' });
    }
    expect((await makeToken()).statusCode).toBe(403);
    const waits = await again({ password: TEST_PASSWORD });
    expect(waits.statusCode).toBe(429);
    expect((await makeToken()).statusCode).toBe(403);
    expect((await actions()).filter((a) => a === 'sign_in_again_failed')).toHaveLength(5);
    t.advance(1000);
    expect((await again({ password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('names what is wrong with a body that is not a password', async () => {
    for (const [payload, message] of [
      [{}, 'password is required'],
      [{ password: '' }, 'Password is required'],
      [
        { password: TEST_PASSWORD, code: '12' },
        'code must be the 6 digits your authenticator app shows',
      ],
    ] as const) {
      const res = await again(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('asks for the second factor too when two-factor is on, and takes each code once', async () => {
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/account/sign-in-again',
      payload: { password: TEST_PASSWORD },
      headers: { cookie },
    });
    expect(fresh.statusCode).toBe(200);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/account/2fa/totp/setup',
      headers: { cookie },
    });
    const secret = Secret.fromBase32(setup.json().secret);
    const codeAt = (at = t.now()) => new TOTP({ secret }).generate({ timestamp: at });
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/account/2fa/totp/enable',
      payload: { code: codeAt() },
      headers: { cookie },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    t.advance(10 * MINUTE + 1);

    const passwordOnly = await again({ password: TEST_PASSWORD });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json()).toEqual({ message: twoFactorMessages.factorRequired });
    const wrongCode = await again({ password: TEST_PASSWORD, code: codeAt(t.now() - 5 * MINUTE) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: twoFactorMessages.codeIncorrect });
    const wrongPassword = await again({ password: 'not it', code: codeAt() });
    expect(wrongPassword.statusCode).toBe(400);
    expect((await makeToken()).statusCode).toBe(403);

    const ok = await again({ password: TEST_PASSWORD, code: codeAt() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await makeToken()).statusCode).toBe(200);
    const replay = await again({ password: TEST_PASSWORD, code: codeAt() });
    expect(replay.json()).toEqual({ message: twoFactorMessages.codeUsed });
    const recovery = await again({
      password: TEST_PASSWORD,
      recoveryCode: enable.json().recoveryCodes[0],
    });
    expect(recovery.statusCode, recovery.body).toBe(200);
  });

  it('is refused to a signed-out caller, and to a session that signed out', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/account/sign-in-again',
          payload: { password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect((await again({ password: TEST_PASSWORD })).statusCode).toBe(401);
  });
});

describeEachDatabase('one’s own sessions', (database) => {
  let t: TestApp;
  let ann: { id: number; username: string };
  beforeEach(async () => {
    t = await createTestApp(database);
    ann = await createUser(t.app, 'ann');
  });
  afterEach(() => t.close());

  async function signIn(username: string, ip: string, userAgent?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: TEST_PASSWORD },
      remoteAddress: ip,
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res) as string;
  }
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  const list = async (cookie: string) => {
    const res = await call('GET', '/api/account/sessions', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AccountSession[];
  };
  const me = async (cookie: string) => (await call('GET', '/api/user', cookie)).statusCode;
  const entries = (action: string) =>
    t.app.database.db
      .selectFrom('activity_logs')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('lists them newest first with where they began, named by handles that are neither id nor hash', async () => {
    const phone = await signIn('ann', '10.0.0.7', PHONE_UA);
    t.advance(MINUTE);
    const laptop = await signIn('ann', '10.0.0.9', LAPTOP_UA);
    const sessions = await list(laptop);
    expect(sessions).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        current: true,
        createdAt: new Date(t.now()).toISOString(),
        lastSeenAt: new Date(t.now()).toISOString(),
        ip: '10.0.0.9',
        userAgent: LAPTOP_UA,
      },
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        current: false,
        createdAt: new Date(t.now() - MINUTE).toISOString(),
        lastSeenAt: new Date(t.now() - MINUTE).toISOString(),
        ip: '10.0.0.7',
        userAgent: PHONE_UA,
      },
    ]);
    // The phone's own list marks the phone as current, with the same handles.
    expect((await list(phone)).map((s) => [s.id, s.current])).toEqual([
      [sessions[0]?.id, false],
      [sessions[1]?.id, true],
    ]);
    const rows = await t.app.database.db.selectFrom('sessions').select('id_hash').execute();
    for (const { id } of sessions) {
      for (const row of rows) expect(row.id_hash).not.toContain(id.toLowerCase());
      expect(decodeURIComponent(phone + laptop)).not.toContain(id);
    }
    // Used again six minutes on, the phone is seen then (to within five minutes).
    t.advance(6 * MINUTE);
    expect(await me(phone)).toBe(200);
    const later = await list(laptop);
    expect(later[1]?.lastSeenAt).toBe(new Date(t.now()).toISOString());
  });

  it('lists no session past its idle or absolute limit, and none of another account', async () => {
    const old = await signIn('ann', '10.0.0.7');
    const bob = await createUser(t.app, 'bob');
    await sessionFor(t.app, bob.id);
    t.advance(31 * MINUTE);
    const fresh = await signIn('ann', '10.0.0.8');
    expect(await me(old)).toBe(401);
    expect((await list(fresh)).map((s) => s.ip)).toEqual(['10.0.0.8']);
  });

  it('ends another of one’s sessions, audited; the list no longer has it', async () => {
    const phone = await signIn('ann', '10.0.0.7', PHONE_UA);
    const laptop = await signIn('ann', '10.0.0.9', LAPTOP_UA);
    const other = (await list(laptop)).find((s) => !s.current);
    const res = await call('DELETE', `/api/account/sessions/${other?.id}`, laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Session ended.', ended: 1 });
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(200);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
    expect(await entries('session_end')).toEqual([
      expect.objectContaining({
        user_id: ann.id,
        details: `ann ended another session of theirs (${other?.id}, begun ${new Date(t.now()).toISOString()} from 10.0.0.7)`,
        request_id: res.headers['x-request-id'],
      }),
    ]);
    // Ended twice: the second is a 404, nothing more recorded.
    const again = await call('DELETE', `/api/account/sessions/${other?.id}`, laptop);
    expect(again.statusCode).toBe(404);
    expect(await entries('session_end')).toHaveLength(1);
  });

  it("answers another account's handle exactly as a missing one, and ends nothing", async () => {
    const mine = await signIn('ann', '10.0.0.7');
    await createUser(t.app, 'bob');
    const bobs = await signIn('bob', '10.0.0.8');
    const bobsHandle = (await list(bobs))[0]?.id as string;
    const theirs = await call('DELETE', `/api/account/sessions/${bobsHandle}`, mine);
    const made = await call('DELETE', `/api/account/sessions/${'A'.repeat(22)}`, mine);
    expect(theirs.statusCode).toBe(404);
    expect(made.statusCode).toBe(404);
    expect(theirs.json()).toEqual(made.json());
    expect(theirs.json()).toEqual({ message: 'No such session: it may have ended already.' });
    expect(await me(bobs)).toBe(200);
    expect(await entries('session_end')).toEqual([]);
    // Not a handle at all: a 400 naming the parameter.
    const bad = await call('DELETE', '/api/account/sessions/not%20a%20handle', mine);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('session handle');
  });

  it('ends the current session when asked: that is signing out', async () => {
    const laptop = await signIn('ann', '10.0.0.9');
    const own = (await list(laptop))[0]?.id;
    const res = await call('DELETE', `/api/account/sessions/${own}`, laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: 'This session has ended: you are signed out.',
      ended: 1,
    });
    expect(await me(laptop)).toBe(401);
  });

  it('signs out every other session, keeping this one, audited', async () => {
    const phone = await signIn('ann', '10.0.0.7');
    const tablet = await sessionFor(t.app, ann.id);
    const laptop = await signIn('ann', '10.0.0.9');
    const res = await call('POST', '/api/account/sessions/sign-out-others', laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Signed out 2 other sessions.', ended: 2 });
    expect([await me(phone), await me(tablet), await me(laptop)]).toEqual([401, 401, 200]);
    const none = await call('POST', '/api/account/sessions/sign-out-others', laptop);
    expect(none.json()).toEqual({
      ok: true,
      message: 'There were no other sessions to sign out.',
      ended: 0,
    });
    expect((await entries('sessions_end_others')).map((e) => e.details)).toEqual([
      'ann signed out their other sessions: 2 ended',
      'ann signed out their other sessions: 0 ended',
    ]);
  });

  it('keeps every session when the addresses arrive (migration 0016), with none known', async () => {
    await atMigration(database, '0015-optional-override-reasons', async (handle) => {
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was before 0016.
      const db = handle.db as any;
      const session = {
        id_hash: 'h'.repeat(64),
        user_id: null,
        data: '{}',
        created_at: 1,
        expires_at: 2,
      };
      await db.insertInto('sessions').values(session).execute();
      await migrateToLatest(handle.db, handle.schema);
      expect(await handle.db.selectFrom('sessions').selectAll().execute()).toEqual([
        { ...session, ip: null, user_agent: null },
      ]);
    });
  });
});

// The session cache's second is how long another instance may still serve an ended session;
// the instance that ends it forgets it at once, whoever ends it. Within that second a session
// still cached elsewhere must not mint a token that would outlive it.
describeEachDatabase('sessions ended on this instance', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  const ask = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** The ended session's cookie is refused a token, and none is stored. */
  async function expectNoTokenMinted(userId: number, cookie: string) {
    const minted = await ask('POST', '/api/account/tokens', cookie, {
      name: 'after the end',
      scopes: ['read'],
    });
    expect(minted.statusCode).toBe(401);
    const tokens = await t.app.database.db
      .selectFrom('access_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(tokens).toEqual([]);
  }

  const ways = {
    'an administrator (the user page)': async (victim: { id: number }) => {
      const admin = await sessionFor(t.app, (await createUser(t.app, 'an-admin', 'admin')).id);
      const page = (await ask('GET', `/api/admin/users/${victim.id}`, admin)).json();
      const handle = page.sessions[0].handle as string;
      const res = await ask('DELETE', `/api/admin/users/${victim.id}/sessions/${handle}`, admin);
      expect(res.statusCode, res.body).toBe(200);
    },
    'a supergod (sessions revoke)': async () => {
      const root = await sessionFor(t.app, (await createUser(t.app, 'a-root', 'supergod')).id);
      const res = await ask('POST', '/api/supergod/execute', root, {
        command: 'sessions revoke victim',
        confirmation: CONFIRMATION_PHRASE,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    'its owner, from another session': async (victim: { id: number }) => {
      const other = await sessionFor(t.app, victim.id);
      const res = await ask('POST', '/api/account/sessions/sign-out-others', other, {});
      expect(res.statusCode, res.body).toBe(200);
    },
  };

  for (const [who, end] of Object.entries(ways)) {
    it(`refuses a cached session at once once ${who} ended it, and lets it mint no token`, async () => {
      const victim = await createUser(t.app, 'victim');
      const cookie = await sessionFor(t.app, victim.id);
      // Read, so the session is in this instance's cache.
      expect((await ask('GET', '/api/user', cookie)).statusCode).toBe(200);
      await end(victim);
      expect((await ask('GET', '/api/user', cookie)).statusCode).toBe(401);
      await expectNoTokenMinted(victim.id, cookie);
    });
  }

  it('lets a session still cached by another instance mint no token once it ended', async () => {
    const victim = await createUser(t.app, 'victim');
    const cookie = await sessionFor(t.app, victim.id);
    expect((await ask('GET', '/api/user', cookie)).statusCode).toBe(200);
    // Ended by another instance: the row is gone, this instance's cache does not know yet.
    await t.app.database.db.deleteFrom('sessions').where('user_id', '=', victim.id).execute();
    await expectNoTokenMinted(victim.id, cookie);
  });

  // Reads may take the cache's second; a write to what only a browser session may change (the
  // route table's `tokens: false`: password, sessions, two-factor, passkeys, tokens, the card,
  // view-as) reads its session and its account from the database first.
  const securityWrites = routeList.filter((r) => r.tokens === false && r.method !== 'GET');
  const roleFor = (access: string): Role => (access === 'user' ? 'user' : (access as Role));
  const path = (url: string) => url.replace(/:[a-z]+/gi, '1');

  it('covers a security write of each kind', () => {
    const urls = securityWrites.map((r) => `${r.method} ${r.url}`);
    for (const url of [
      'POST /api/account/password',
      'POST /api/account/2fa/totp/enable',
      'POST /api/account/sessions/sign-out-others',
      'POST /api/account/tokens',
      'POST /api/billing/payment-method',
    ]) {
      expect(urls).toContain(url);
    }
  });

  /**
   * Signs `r`'s kind of account in, has this instance cache its session, lets another instance
   * change the database (`elsewhere`), then sends the route with the cached cookie.
   */
  async function afterChangeElsewhere(
    r: (typeof securityWrites)[number],
    elsewhere: (ownerId: number) => Promise<unknown>,
  ) {
    const owner = await createUser(t.app, 'owner', roleFor(r.access));
    const cookie = await sessionFor(t.app, owner.id);
    expect((await ask('GET', '/api/user', cookie)).statusCode).toBe(200);
    await elsewhere(owner.id);
    const res = await t.app.inject({
      method: r.method,
      url: path(r.url),
      headers: { cookie },
      payload: {},
    });
    return { res, ownerId: owner.id };
  }

  for (const r of securityWrites) {
    it(`refuses ${r.method} ${r.url} to a session another instance ended, though cached here`, async () => {
      const { res } = await afterChangeElsewhere(r, (id) =>
        t.app.database.db.deleteFrom('sessions').where('user_id', '=', id).execute(),
      );
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(SESSION_ENDED);
    });

    it(`refuses ${r.method} ${r.url} to an account another instance disabled, though cached here`, async () => {
      const { res, ownerId } = await afterChangeElsewhere(r, (id) =>
        t.app.database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', id).execute(),
      );
      expect(res.statusCode, res.body).toBe(401);
      // The account's session ends with it, as a read would end it.
      const rows = await t.app.database.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', ownerId)
        .execute();
      expect(rows).toEqual([]);
    });
  }

  it('lets a session another instance ended turn on no two-factor and end no other session', async () => {
    const victim = await createUser(t.app, 'victim');
    const stolen = await sessionFor(t.app, victim.id);
    const own = await sessionFor(t.app, victim.id);
    expect((await ask('GET', '/api/user', stolen)).statusCode).toBe(200);
    // The owner ended the stolen session on another instance: its row is gone, this
    // instance's cache does not know yet.
    const stolenId = decodeURIComponent(stolen.slice(stolen.indexOf('=') + 1)).split('.')[0];
    await t.app.database.db
      .deleteFrom('sessions')
      .where('id_hash', '=', hashSessionId(stolenId as string))
      .execute();
    expect((await ask('POST', '/api/account/2fa/totp/setup', stolen)).statusCode).toBe(401);
    expect(
      (await ask('POST', '/api/account/sessions/sign-out-others', stolen, {})).statusCode,
    ).toBe(401);
    expect((await ask('GET', '/api/user', own)).statusCode).toBe(200);
    expect((await ask('GET', '/api/account/2fa', own)).json()).toMatchObject({
      enabled: false,
      pending: false,
    });
  });
});

const redisUrl = process.env.OMEGA_TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('sessions ended by their owner stay ended', (database) => {
  let apps: TestApp[] = [];
  let drop: () => Promise<void> = async () => {};
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps = [];
    await drop();
  });

  // Several instances share a PostgreSQL database; SQLite is one instance's.
  for (const count of database.name === 'PostgreSQL' ? [1, 2] : [1]) {
    it(`refuses the ended cookie within ${SESSION_CACHE_MS} ms, on ${count} instance${count > 1 ? 's' : ''}`, async () => {
      const shared = await database.create();
      drop = shared.drop;
      const overrides = redisUrl && count > 1 ? { redisUrl } : {};
      for (let i = 0; i < count; i++) {
        apps.push(
          await createTestApp(database, overrides, { url: shared.url, drop: async () => {} }),
        );
      }
      const first = apps[0] as TestApp;
      const on = (i: number) => (apps[i % apps.length] as TestApp).app;
      const viewed = await createUser(first.app, 'viewed');
      const ways = ['end', 'others', 'password'] as const;
      const held = new Map<string, string>();
      const owner = new Map<string, string>();
      for (const way of ways) {
        await createUser(first.app, `own-${way}`, 'admin');
        for (const map of [held, owner]) {
          const res = await on(1).inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: `own-${way}`, password: TEST_PASSWORD },
          });
          expect(res.statusCode, res.body).toBe(200);
          map.set(way, sessionCookie(res) as string);
        }
      }
      // Each held cookie writes its session again and again (a view as a user, started and
      // ended), alternating between the instances.
      let stop = false;
      const sent = new Map<string, Array<{ at: number; status: number }>>(ways.map((w) => [w, []]));
      const holder = async (way: (typeof ways)[number]) => {
        for (let i = 0; !stop; i++) {
          const at = performance.now();
          const res = await on(i).inject({
            method: 'POST',
            url: i % 2 === 0 ? `/api/admin/users/${viewed.id}/view-as` : '/api/view-as/end',
            headers: { cookie: held.get(way) as string },
          });
          sent.get(way)?.push({ at, status: res.statusCode });
          await sleep(40);
        }
      };
      const endedAt = new Map<string, number>();
      const holders = Promise.all(ways.map(holder));
      try {
        await sleep(300);
        await Promise.all(
          ways.map(async (way) => {
            const cookie = owner.get(way) as string;
            const ask = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
              on(0).inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
            if (way === 'end') {
              const other = (await ask('GET', '/api/account/sessions'))
                .json()
                .find((s: { current: boolean }) => !s.current);
              expect((await ask('DELETE', `/api/account/sessions/${other.id}`)).statusCode).toBe(
                200,
              );
            } else if (way === 'others') {
              const res = await ask('POST', '/api/account/sessions/sign-out-others', {});
              expect(res.json().ended).toBe(1);
            } else {
              const res = await ask('POST', '/api/account/password', {
                currentPassword: TEST_PASSWORD,
                newPassword: NEW_PASSWORD,
              });
              expect(res.statusCode, res.body).toBe(200);
            }
            endedAt.set(way, performance.now());
          }),
        );
        // Past the cache's second, until every cookie has been sent six more times.
        await untilSentAfter(sent, endedAt, SESSION_CACHE_MS, 6);
      } finally {
        stop = true;
        await holders;
      }
      const answered: Record<string, string[]> = {};
      for (const way of ways) {
        const after = (endedAt.get(way) as number) + SESSION_CACHE_MS;
        const late = (sent.get(way) ?? []).filter((s) => s.at > after);
        expect(late.length, way).toBeGreaterThanOrEqual(6);
        answered[way] = [...new Set(late.map((s) => String(s.status)))];
        for (let i = 0; i < apps.length; i++) {
          const me = await on(i).inject({
            method: 'GET',
            url: '/api/user',
            headers: { cookie: held.get(way) as string },
          });
          answered[way].push(`GET /api/user on ${i}: ${me.statusCode}`);
        }
        const user = await first.app.repos.users.findByUsername(`own-${way}`);
        const rows = await first.app.database.db
          .selectFrom('sessions')
          .select('id_hash')
          .where('user_id', '=', user?.id as number)
          .execute();
        // Only the owner's own session is left.
        answered[way].push(`rows: ${rows.length}`);
      }
      const refused = [
        '401',
        ...Array.from({ length: count }, (_, i) => `GET /api/user on ${i}: 401`),
        'rows: 1',
      ];
      expect(answered).toEqual(Object.fromEntries(ways.map((w) => [w, refused])));
    });
  }
});
