// The session calls of spec section 7 on each database: registration, sign-in with id
// rotation, sign-out, expiry, and what is (and is not) stored.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runDueJobs } from '../src/plugins/app/renewal-job.js';
import {
  ADMIN_KEY,
  createTestApp,
  createUser,
  SUPERGOD_KEY,
  sessionCookie,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const MINUTE = 60_000;

describeEachDatabase('session calls', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const me = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });
  const countRows = async (table: 'sessions' | 'users' | 'activity_logs') => {
    const row = await t.app.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('answers 401 with a message when signed out', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required' });
  });

  it('registers a user, signs them in, and never returns the password hash', async () => {
    const res = await post('/api/register', { username: 'Alice', password: 'secret1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      message: 'Registered successfully',
      user: { username: 'Alice', role: 'user', email: null },
    });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toMatch(/password/i);

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');

    const read = await me(sessionCookie(res));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: body.user.id, username: 'Alice', role: 'user' });
    expect(read.json().lastLogin).toBe(new Date(t.now()).toISOString());
  });

  it('keeps usernames unique ignoring case, with no second row', async () => {
    await post('/api/register', { username: 'alice', password: 'secret1' });
    const again = await post('/api/register', { username: 'ALICE', password: 'secret2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Username already exists' });
    expect(await countRows('users')).toBe(1);
  });

  it('signs in with the right password and rotates the session id', async () => {
    const user = await createUser(t.app, 'bob');
    const before = await sessionFor(t.app, user.id);
    const res = await post('/api/login', { username: 'BOB', password: TEST_PASSWORD }, before);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: 'Logged in successfully' });
    const after = sessionCookie(res);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await me(after)).statusCode).toBe(200);
    // The old id is gone: a planted or stolen pre-login id is worth nothing.
    expect((await me(before)).statusCode).toBe(401);
  });

  it('never clears the new cookie from a request still carrying the old id', async () => {
    // A page polls while its user signs in as someone else: the poll left with the old id,
    // reaches the server after the rotation, and its answer arrives after the sign-in's. If
    // that answer cleared the cookie, it would delete the new one and sign the user out.
    const first = await createUser(t.app, 'ivy');
    await createUser(t.app, 'jon');
    const old = await sessionFor(t.app, first.id);
    const signIn = await post('/api/login', { username: 'jon', password: TEST_PASSWORD }, old);
    expect(signIn.statusCode).toBe(200);
    const stale = await me(old);
    expect(stale.statusCode).toBe(401);
    expect(stale.headers['set-cookie']).toBeUndefined();
    // Signed out, the same: the old id is answered as nobody, and stores nothing.
    const fresh = sessionCookie(signIn);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: fresh } });
    const after = await me(fresh);
    expect(after.statusCode).toBe(401);
    expect(await countRows('sessions')).toBe(0);
  });

  it('refuses a wrong password with the same message as an unknown user, and logs both', async () => {
    await createUser(t.app, 'carol');
    const wrong = await post('/api/login', { username: 'carol', password: 'not-it' });
    const unknown = await post('/api/login', { username: 'nobody', password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookie(wrong)).toBeUndefined();
    const actions = (await t.app.repos.activity.recent(10)).map((r) => r.action);
    expect(actions.filter((a) => a === 'login_failed')).toHaveLength(2);
  });

  it('finds no account under a name that only lower-cases to its name (the Kelvin sign)', async () => {
    // 'K' (U+212A, KELVIN SIGN) lower-cases to an ASCII 'k'; registration takes ASCII names only,
    // so no account is named with it, and none may be reached by a look-alike.
    await createUser(t.app, 'kate');
    const lookAlike = await post('/api/login', { username: '\u212Aate', password: TEST_PASSWORD });
    expect(lookAlike.statusCode).toBe(401);
    expect(lookAlike.json()).toEqual({ message: 'Invalid username or password' });
    expect(
      (await post('/api/login', { username: 'KATE', password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('writes activity rows for register, login and logout', async () => {
    const reg = await post('/api/register', { username: 'dave', password: 'secret1' });
    const out = await post('/api/logout', {}, sessionCookie(reg));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true, message: 'Logged out successfully' });
    const login = await post('/api/login', { username: 'dave', password: 'secret1' });
    expect(login.statusCode).toBe(200);
    const rows = await t.app.repos.activity.recent(10);
    expect(rows.map((r) => r.action)).toEqual(['login', 'logout', 'register']);
    expect(rows.every((r) => r.user_id === reg.json().user.id)).toBe(true);
  });

  it('creates an account only together with its activity entry', async () => {
    const db = t.app.database.db;
    await sql`alter table activity_logs rename to activity_logs_away`.execute(db);
    const res = await post('/api/register', { username: 'fay', password: 'secret1' });
    await sql`alter table activity_logs_away rename to activity_logs`.execute(db);
    expect(res.statusCode).toBe(500);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await countRows('users')).toBe(0);
    // The name is still free.
    const again = await post('/api/register', { username: 'fay', password: 'secret1' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await countRows('activity_logs')).toBe(1);
  });

  it('signs out by deleting the session row', async () => {
    const user = await createUser(t.app, 'erin');
    const cookie = await sessionFor(t.app, user.id);
    expect(await countRows('sessions')).toBe(1);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(await countRows('sessions')).toBe(0);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers logout when already signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
  });

  it('stores nothing for anonymous visits and only a hash of the session id', async () => {
    await me();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(await countRows('sessions')).toBe(0);

    const res = await post('/api/register', { username: 'frank', password: 'secret1' });
    const cookie = sessionCookie(res) ?? '';
    const id = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    const rows = await t.app.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id_hash).not.toContain(id);
    expect(rows[0]?.data).not.toContain(id);
  });

  it('expires a session after 30 idle minutes, and reads do not rewrite it each time', async () => {
    const user = await createUser(t.app, 'gina');
    const cookie = await sessionFor(t.app, user.id);
    const expiresAt = async () =>
      (await t.app.database.db.selectFrom('sessions').select('expires_at').executeTakeFirst())
        ?.expires_at;
    const first = await expiresAt();

    t.advance(2 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await expiresAt()).toBe(first);

    t.advance(4 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await expiresAt()).toBe(t.now() + 30 * MINUTE);

    t.advance(31 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await countRows('sessions')).toBe(0);
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const user = await createUser(t.app, 'hank');
    const cookie = await sessionFor(t.app, user.id);
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      t.advance(20 * MINUTE);
      const res = await me(cookie);
      expect(res.statusCode).toBe(elapsed + 20 < 12 * 60 ? 200 : 401);
    }
  });

  it("clears the sessions nobody came back to at the job's sweep, past their idle or absolute end", async () => {
    const left = await sessionFor(t.app, (await createUser(t.app, 'ivy')).id);
    const active = await sessionFor(t.app, (await createUser(t.app, 'jon')).id);
    // One user keeps reading for 11 h 40 min (the idle deadline moves on each time), then stops.
    for (let elapsed = 0; elapsed < 11 * 60 + 40; elapsed += 20) {
      t.advance(20 * MINUTE);
      expect((await me(active)).statusCode).toBe(200);
    }
    t.advance(10 * MINUTE);
    const recent = await sessionFor(t.app, (await createUser(t.app, 'kim')).id);
    t.advance(11 * MINUTE);
    // 12 h 1 min after the first two began: one idle since, one past 12 hours, one live.
    expect(await countRows('sessions')).toBe(3);
    expect((await runDueJobs(t.app)).sessionsCleared).toBe(2);
    expect(await countRows('sessions')).toBe(1);
    expect((await me(recent)).statusCode).toBe(200);
    expect((await me(left)).statusCode).toBe(401);
    expect((await me(active)).statusCode).toBe(401);
    expect((await runDueJobs(t.app)).sessionsCleared).toBe(0);
  });

  it('clears ended sessions a batch at a time, every one of them', async () => {
    for (const name of ['lea', 'max', 'ned', 'ola', 'pat']) {
      await sessionFor(t.app, (await createUser(t.app, name)).id);
    }
    t.advance(31 * MINUTE);
    const live = await sessionFor(t.app, (await createUser(t.app, 'quin')).id);
    expect(await t.app.sessionStore.clearEnded(2)).toBe(5);
    expect(await countRows('sessions')).toBe(1);
    expect((await me(live)).statusCode).toBe(200);
  });

  it('registers an administrator only with the administrator key', async () => {
    const wrong = await post('/api/register-admin', {
      username: 'ivy',
      password: 'secret1',
      secretKey: 'not-the-key',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Invalid administrator secret key' });
    expect(await countRows('users')).toBe(0);

    const missing = await post('/api/register-admin', {
      username: 'ivy',
      password: 'secret1',
      secretKey: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Administrator secret key is required' });

    const right = await post('/api/register-admin', {
      username: 'ivy',
      password: 'secret1',
      secretKey: ADMIN_KEY,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.role).toBe('admin');
    expect((await me(sessionCookie(right))).json().role).toBe('admin');
  });

  // Found by an account-security audit: wrong keys counted under one account for every caller,
  // so one wrong key from each of a few addresses made everyone wait, the right key included.
  it('counts wrong registration keys per address: guesses from elsewhere block no one here', async () => {
    const register = (path: string, secretKey: string, ip: string, username: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        payload: { username, password: 'secret1', secretKey },
        remoteAddress: ip,
      });
    for (let i = 0; i < 8; i++) {
      const guess = await register(
        '/api/register-admin',
        'not-the-key',
        `198.51.100.${i}`,
        'xavier',
      );
      expect(guess.statusCode, guess.body).toBe(403);
    }
    const admin = await register('/api/register-admin', ADMIN_KEY, '203.0.113.9', 'ivy');
    expect(admin.statusCode, admin.body).toBe(200);
    const god = await register('/api/register-supergod', SUPERGOD_KEY, '203.0.113.10', 'zed');
    expect(god.statusCode, god.body).toBe(200);
    // One address that keeps guessing still waits.
    const codes = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await register('/api/register-admin', 'wrong-key', '198.51.100.200', 'yara')).statusCode,
      );
    }
    expect(codes).toContain(429);
  });

  it('registers a supergod only with the supergod key, with the spec messages', async () => {
    const short = await post('/api/register-supergod', {
      username: 'zed',
      password: 'secret1',
      secretKey: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Super-God secret key must be at least 8 characters' });

    const adminKey = await post('/api/register-supergod', {
      username: 'zed',
      password: 'secret1',
      secretKey: ADMIN_KEY,
    });
    expect(adminKey.statusCode).toBe(403);
    expect(adminKey.json()).toEqual({ message: 'Invalid Super-God key' });

    const shortName = await post('/api/register-supergod', {
      username: 'zz',
      password: 'secret1',
      secretKey: SUPERGOD_KEY,
    });
    expect(shortName.json()).toEqual({ message: 'Username must be at least 3 characters long' });

    const right = await post('/api/register-supergod', {
      username: 'zed',
      password: 'secret1',
      secretKey: SUPERGOD_KEY,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.role).toBe('supergod');
  });

  it('treats a disabled account as signed out', async () => {
    const user = await createUser(t.app, 'jill');
    const cookie = await sessionFor(t.app, user.id);
    await t.app.database.db.updateTable('users').set({ disabled: 1 }).execute();
    expect((await me(cookie)).statusCode).toBe(401);
    const login = await post('/api/login', { username: 'jill', password: TEST_PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ message: 'This account is disabled' });
  });
});
