import { accountMessages, CONFIRMATION_PHRASE, routes } from '@omega/contracts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.js';
import { MAINTENANCE_CACHE_MS, MAINTENANCE_MESSAGE } from '../src/plugins/app/maintenance.js';
import {
  buildHelpFirst,
  createTestApp,
  createUser,
  sessionFor,
  T0,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

// These tests ask the assistant (maintenance leaves it open): its help is built once, before them.
buildHelpFirst();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('supergod console', (database) => {
  let t: TestApp;
  let root: UserRow;
  let rootCookie: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    root = await createUser(t.app, 'root', 'supergod');
    rootCookie = await sessionFor(t.app, root.id);
  });
  afterEach(() => t.close());

  const get = (url: string, cookie = rootCookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const run = (command: string, cookie = rootCookie, confirmation = CONFIRMATION_PHRASE) =>
    post('/api/supergod/execute', { command, confirmation }, cookie);
  const activity = async () =>
    (await t.app.repos.activity.recent(100)).map((r) => ({
      userId: r.user_id,
      action: r.action,
      details: r.details,
    }));
  const sessionsOf = async (userId: number) =>
    (
      await t.app.database.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  it('reports real user and log counts and the actual security posture', async () => {
    await createUser(t.app, 'ann');
    await createUser(t.app, 'ben');
    const ada = await createUser(t.app, 'ada', 'admin');
    const off = await createUser(t.app, 'cal', 'admin');
    await t.app.repos.users.setDisabled(off.id, true);
    // Two-factor: on for ada, set up but not confirmed for root, on for the disabled cal.
    for (const [id, enabled] of [
      [ada.id, 1],
      [root.id, 0],
      [off.id, 1],
    ] as const) {
      await t.app.database.db
        .insertInto('user_totp')
        .values({ user_id: id, secret_enc: 'v1:x', enabled, created_at: T0 })
        .execute();
    }
    await t.app.repos.systemLogs.insertMany([
      { level: 'ERROR', source: 'test', message: 'one', stackTrace: null, at: T0 },
      { level: 'ERROR', source: 'test', message: 'two', stackTrace: 'at x', at: T0 },
      { level: 'WARNING', source: 'test', message: 'three', stackTrace: null, at: T0 },
    ]);
    for (const action of ['login', 'logout'] as const) {
      await t.app.repos.activity.record({
        userId: root.id,
        action,
        details: '',
        at: T0,
        requestId: null,
      });
    }

    const res = await get('/api/supergod/system-status');
    expect(res.statusCode, res.body).toBe(200);
    const { system } = res.json();
    expect(system.users).toEqual({
      count: 5,
      note: '2 users, 2 admins, 1 supergod, 1 disabled',
    });
    expect(system.logs).toEqual({ errors: 2, activities: 2 });
    expect(system.lastChecked).toBe(new Date(T0).toISOString());
    expect(system.security).toMatchObject({
      adminRegistrationKey: 'configuration',
      supergodRegistrationKey: 'configuration',
      sessionCookieSecure: false,
      sessionCookieHttpOnly: true,
      sessionCookieSameSite: 'lax',
      loginRateLimit: true,
      loginRateLimitStore: 'memory',
      contentSecurityPolicy: true,
      crossOriginWriteRefusal: true,
      twoFactorRequiredOf: 'none',
      privilegedTwoFactor: '1 of 2 admins and supergods',
      trustedProxies: 'none',
      databaseDialect: database.name === 'SQLite' ? 'sqlite' : 'postgres',
      maintenanceMode: false,
    });
    // The test database is a file opened as production opens it: WAL, and every commit flushed
    // (decision 027), like PostgreSQL's synchronous_commit.
    expect(system.security.databaseDurability).toBe(
      database.name === 'SQLite' ? 'journal_mode=wal, synchronous=full' : 'synchronous_commit=on',
    );
  });

  it('reports Secure cookies and trusted proxies when configured so', async () => {
    const secure = await createTestApp(database, {
      cookieSecure: true,
      trustProxy: ['10.0.0.1'],
      adminKey: undefined,
    });
    try {
      const god = await createUser(secure.app, 'god', 'supergod');
      const res = await secure.app.inject({
        method: 'GET',
        url: '/api/supergod/system-status',
        headers: { cookie: await sessionFor(secure.app, god.id) },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().system.security).toMatchObject({
        sessionCookieSecure: true,
        trustedProxies: '10.0.0.1',
        adminRegistrationKey: 'generated',
        supergodRegistrationKey: 'configuration',
      });
    } finally {
      await secure.close();
    }
  });

  it('lists every account a page at a time, oldest first', async () => {
    for (const name of ['u1', 'u2', 'u3', 'u4']) {
      t.advance(1000);
      await createUser(t.app, name);
    }
    const first = await get('/api/supergod/users?offset=0&limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 5, offset: 0, limit: 2 });
    expect(first.json().users).toEqual([
      {
        id: root.id,
        username: 'root',
        email: null,
        role: 'supergod',
        createdAt: new Date(T0).toISOString(),
        lastLogin: null,
      },
      expect.objectContaining({ username: 'u1', role: 'user', lastLogin: null }),
    ]);
    const last = (await get('/api/supergod/users?offset=4&limit=2')).json();
    expect(last.users.map((u: { username: string }) => u.username)).toEqual(['u4']);
    expect((await get('/api/supergod/users?offset=5&limit=2')).json().users).toEqual([]);
    expect((await get('/api/supergod/users')).json()).toMatchObject({ offset: 0, limit: 25 });
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=ten']) {
      const res = await get(`/api/supergod/users?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/limit|offset/);
    }
  });

  it('searches accounts by username or email, ignoring case, and counts only the matches', async () => {
    for (const name of ['Alice', 'alfred', 'bob', 'carol_1']) {
      t.advance(1000);
      await createUser(t.app, name);
    }
    const names = async (query: string) => {
      const res = await get(`/api/supergod/users?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { total: body.total, names: body.users.map((u: { username: string }) => u.username) };
    };
    expect(await names('search=AL')).toEqual({ total: 2, names: ['Alice', 'alfred'] });
    expect(await names('search=al&limit=1&offset=1')).toEqual({ total: 2, names: ['alfred'] });
    // LIKE's wildcard '_' is the character itself in a search.
    expect(await names('search=_')).toEqual({ total: 1, names: ['carol_1'] });
    expect(await names('search=nobody-matches')).toEqual({ total: 0, names: [] });
    expect(await names('search=')).toMatchObject({ total: 5 });
    const long = await get(`/api/supergod/users?search=${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/search/);
  });

  it('refuses a wrong confirmation with 403, runs nothing, and records the refusal', async () => {
    const res = await run('maintenance on', rootCookie, 'i understand');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `The confirmation code is incorrect: type ${CONFIRMATION_PHRASE} to run supergod commands.`,
    );
    expect(await t.app.maintenance.isOn()).toBe(false);
    expect(await activity()).toEqual([
      {
        userId: root.id,
        action: 'supergod_command_refused',
        details: "root was refused 'maintenance on': wrong confirmation code",
      },
    ]);
  });

  it('answers an unknown command with 400 and every usage line, and records it', async () => {
    const res = await run('rm -rf /');
    expect(res.statusCode).toBe(400);
    const message: string = res.json().message;
    expect(message).toMatch(/^Unknown command 'rm'\.\nCommands:\n/);
    for (const usage of ['help', 'users list [role]', 'announce <title> | <content>']) {
      expect(message).toContain(`  ${usage}`);
    }
    expect((await activity())[0]).toMatchObject({
      userId: root.id,
      action: 'supergod_command_refused',
    });
  });

  it("answers bad arguments with 400 and the command's own usage, and records it", async () => {
    const res = await run('user role root');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A role is required: one of user, admin, supergod.\nUsage:\n  user role <username> <role>',
    );
    expect(await activity()).toEqual([
      {
        userId: root.id,
        action: 'supergod_command_refused',
        details:
          "root was refused 'user role root': A role is required: one of user, admin, supergod.",
      },
    ]);
  });

  it('records a malformed request as a refusal with who sent it, and still answers 400', async () => {
    const cases: Array<{ payload: string | object; message: string; details: string }> = [
      {
        payload: { command: 'maintenance on' },
        message: 'confirmation is required',
        details: "root was refused 'maintenance on': confirmation is required",
      },
      {
        payload: { command: 'maintenance on', confirmation: 42 },
        message: 'confirmation must be a string',
        details: "root was refused 'maintenance on': confirmation must be a string",
      },
      {
        payload: { command: 'maintenance on', confirmation: null },
        message: 'confirmation must be a string',
        details: "root was refused 'maintenance on': confirmation must be a string",
      },
      {
        payload: { confirmation: CONFIRMATION_PHRASE },
        message: 'command is required',
        details: 'root was refused a request without a command: command is required',
      },
      {
        payload: { command: ['maintenance', 'on'], confirmation: CONFIRMATION_PHRASE },
        message: 'command must be a string',
        details: 'root was refused a request without a command: command must be a string',
      },
      {
        payload: '{"command": "maintenance on", ',
        message: 'The body is not valid JSON',
        details:
          "root was refused a request without a command: Body is not valid JSON but content-type is set to 'application/json'",
      },
    ];
    for (const { payload, message } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/supergod/execute',
        payload,
        headers: { cookie: rootCookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/supergod/execute',
      headers: { cookie: rootCookie },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'body must be an object' });
    cases.push({
      payload: '',
      message: 'body must be an object',
      details: 'root was refused a request without a command: body must be an object',
    });
    expect(await t.app.maintenance.isOn()).toBe(false);
    expect((await activity()).reverse()).toEqual(
      cases.map(({ details }) => ({
        userId: root.id,
        action: 'supergod_command_refused',
        details,
      })),
    );
  });

  it('runs help and answers the command, its output and the time; the run is recorded', async () => {
    t.advance(5000);
    const res = await run('  help ');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.command).toBe('help');
    expect(body.executedAt).toBe(new Date(T0 + 5000).toISOString());
    expect(body.output.split('\n')[0]).toBe('Commands:');
    expect(body.output).toContain('maintenance on|off');
    expect(body.output).toContain('2fa reset <username>');
    // A heading, then a usage line and a summary per command (eleven of them).
    expect(body.output.split('\n')).toHaveLength(23);
    expect((await activity())[0]).toEqual({
      userId: root.id,
      action: 'supergod_command',
      details: "root ran 'help': Commands:",
    });
  });

  it('counts accounts and logs with stats', async () => {
    await createUser(t.app, 'ada', 'admin');
    await t.app.repos.systemLogs.insertMany([
      { level: 'ERROR', source: 'test', message: 'boom', stackTrace: null, at: T0 },
    ]);
    const res = await run('stats');
    expect(res.statusCode, res.body).toBe(200);
    const output: string = res.json().output;
    expect(output).toMatch(/Accounts\s+2 \(0 users, 1 admin, 1 supergod, 0 disabled\)/);
    expect(output).toMatch(/System log\s+\d+ info, 0 warning, 1 error/);
    expect(output).toMatch(/Maintenance\s+off/);
  });

  it('lists accounts, optionally of one role', async () => {
    await createUser(t.app, 'ada', 'admin');
    await createUser(t.app, 'bob');
    const admins: string = (await run('users list admin')).json().output;
    expect(admins).toMatch(/^1 admin:\nID\s+USERNAME\s+ROLE\s+STATUS\s+LAST LOGIN\n/);
    expect(admins).toContain('ada');
    expect(admins).not.toContain('bob');
    const all: string = (await run('users list')).json().output;
    expect(all.split('\n')[0]).toBe('3 accounts:');
    for (const name of ['root', 'ada', 'bob']) expect(all).toContain(name);
    expect((await run('users list supergod')).json().output).toContain('root');
  });

  it("changes a user's role, in one write with its audit entry", async () => {
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    expect((await get('/api/admin/activity-logs', bobCookie)).statusCode).toBe(403);
    const res = await run('user role BOB admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output).toBe('bob is now admin (was user).');
    expect((await t.app.repos.users.findById(bob.id))?.role).toBe('admin');
    expect((await get('/api/user', bobCookie)).json().role).toBe('admin');
    expect((await activity())[0]).toEqual({
      userId: root.id,
      action: 'supergod_command',
      details: "root ran 'user role BOB admin': bob is now admin (was user).",
    });
  });

  it('asks a sign-in older than 10 minutes to sign in again before it grants a role or resets two-factor', async () => {
    const bob = await createUser(t.app, 'bob');
    t.advance(10 * 60_000 + 1);
    for (const command of ['user role bob admin', 'user role bob supergod', '2fa reset bob']) {
      const res = await run(command);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: accountMessages.recentSignInRequired });
    }
    expect((await t.app.repos.users.findById(bob.id))?.role).toBe('user');
    expect((await activity())[0]).toEqual({
      userId: root.id,
      action: 'supergod_command_refused',
      details: "root was refused '2fa reset bob': no sign-in in the last 10 minutes",
    });
    // What takes a way in away, or grants none, runs as before.
    expect((await run('user role bob user')).statusCode).toBe(200);
    expect((await run('sessions revoke bob')).statusCode).toBe(200);
    // Signed in again on the same session, the promotion goes through.
    const again = await post('/api/account/sign-in-again', { password: TEST_PASSWORD }, rootCookie);
    expect(again.statusCode, again.body).toBe(200);
    expect((await run('user role bob admin')).statusCode).toBe(200);
    expect((await t.app.repos.users.findById(bob.id))?.role).toBe('admin');
  });

  it('asks a sign-in older than 10 minutes to sign in again before it enables a disabled account', async () => {
    const bob = await createUser(t.app, 'bob');
    expect((await run('user disable bob')).statusCode).toBe(200);
    t.advance(10 * 60_000 + 1);
    const res = await run('user enable bob');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: accountMessages.recentSignInRequired });
    expect((await t.app.repos.users.findById(bob.id))?.disabled).toBeTruthy();
    expect((await activity())[0]).toEqual({
      userId: root.id,
      action: 'supergod_command_refused',
      details: "root was refused 'user enable bob': no sign-in in the last 10 minutes",
    });
    expect(
      (await post('/api/login', { username: 'bob', password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    // Disabling takes a way in away: it needs no recent sign-in.
    expect((await run('user disable bob')).statusCode).toBe(200);
    const again = await post('/api/account/sign-in-again', { password: TEST_PASSWORD }, rootCookie);
    expect(again.statusCode, again.body).toBe(200);
    expect((await run('user enable bob')).statusCode).toBe(200);
    const login = await post('/api/login', { username: 'bob', password: TEST_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('answers 404 for an unknown username and records the refusal', async () => {
    const res = await run('user disable nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No user named 'nobody'.");
    expect((await activity())[0]).toMatchObject({
      action: 'supergod_command_refused',
      details: "root was refused 'user disable nobody': No user named 'nobody'.",
    });
  });

  it('disables a user and signs them out everywhere; enabling lets them sign in again', async () => {
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    await sessionFor(t.app, bob.id);
    expect((await get('/api/user', bobCookie)).statusCode).toBe(200);

    const res = await run('user disable bob');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output).toBe('bob is disabled; 2 sessions ended.');
    expect(await sessionsOf(bob.id)).toBe(0);
    expect((await get('/api/user', bobCookie)).statusCode).toBe(401);
    const refused = await post('/api/login', { username: 'bob', password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This account is disabled');

    const enabled = await run('user enable bob');
    expect(enabled.json().output).toBe('bob is enabled again and can sign in.');
    const login = await post('/api/login', { username: 'bob', password: TEST_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
  });

  it("revokes a user's sessions", async () => {
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    await sessionFor(t.app, bob.id);
    await sessionFor(t.app, bob.id);
    const res = await run('sessions revoke bob');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output).toBe('bob is signed out everywhere; 3 sessions ended.');
    expect(await sessionsOf(bob.id)).toBe(0);
    expect(await sessionsOf(root.id)).toBe(1);
    expect((await get('/api/user', bobCookie)).statusCode).toBe(401);
  });

  it('clears the system log, recorded as the clear and as the command', async () => {
    await t.app.repos.systemLogs.insertMany([
      { level: 'ERROR', source: 'test', message: 'a', stackTrace: null, at: T0 },
      { level: 'WARNING', source: 'test', message: 'b', stackTrace: null, at: T0 },
    ]);
    const res = await run('logs clear');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output).toMatch(/^Cleared \d+ log entr(y|ies)\.$/);
    expect(await t.app.repos.systemLogs.count('ERROR')).toBe(0);
    expect(await t.app.repos.systemLogs.count('WARNING')).toBe(0);
    const actions = (await activity()).map((a) => [a.userId, a.action]);
    expect(actions.slice(0, 2)).toEqual([
      [root.id, 'supergod_command'],
      [root.id, 'logs_clear'],
    ]);
  });

  it('pauses writes by everyone but supergods while maintenance is on', async () => {
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    const bobWrite = () => post('/api/messages/read', { lastId: 0 }, bobCookie);
    expect((await bobWrite()).statusCode).toBe(200);

    const on = await run('maintenance on');
    expect(on.statusCode, on.body).toBe(200);
    const refused = await bobWrite();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(MAINTENANCE_MESSAGE);
    // An admin is no exception; a new registration is a write too.
    const ada = await createUser(t.app, 'ada', 'admin');
    expect(
      (await post('/api/features', { name: 'X', category: 'Y' }, await sessionFor(t.app, ada.id)))
        .statusCode,
    ).toBe(503);
    expect(
      (await post('/api/register', { username: 'newbie', password: 'secret123' })).statusCode,
    ).toBe(503);
    // Reads go on, and so do POSTs that change nothing (a preview, a question for the help
    // assistant); signing in and out stay open; supergods keep working.
    expect((await get('/api/user', bobCookie)).statusCode).toBe(200);
    expect(
      (await post('/api/subscription/preview-change', { planId: 'pro' }, bobCookie)).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/ai/ai-assistant', { query: 'How do I upgrade?' }, bobCookie)).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/login', { username: 'bob', password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await post('/api/logout', {}, bobCookie)).statusCode).toBe(200);
    expect((await run('stats')).json().output).toMatch(/Maintenance\s+on/);
    expect((await get('/api/supergod/system-status')).json().system.security.maintenanceMode).toBe(
      true,
    );

    const off = await run('maintenance off');
    expect(off.json().output).toBe('Maintenance mode is off: changes are open again.');
    const bobAgain = await sessionFor(t.app, bob.id);
    expect((await post('/api/messages/read', { lastId: 0 }, bobAgain)).statusCode).toBe(200);
  });

  it('pauses every write however its path is spelled: percent-escapes reach the same route', async () => {
    // The router decodes '%61' to 'a' before it matches, so '/%61pi/…' is the same call as
    // '/api/…'. An admin, whom maintenance pauses like anyone but a supergod, sends every write
    // of the route table both ways; each must get the same answer (503, or the access hook's
    // own refusal first), and no write may run.
    const ada = await createUser(t.app, 'ada', 'admin');
    expect((await run('maintenance on')).statusCode).toBe(200);
    const spellings = (url: string) => [
      url.replace(/^\/api\//, '/%61pi/'),
      url.replace(/\/([a-z])([^/]*)$/, (_m, first: string, rest: string) => {
        return `/%${first.charCodeAt(0).toString(16)}${rest}`;
      }),
    ];
    const writes = Object.values(routes).filter(
      (r) => r.method !== 'GET' && !('readOnly' in r && r.readOnly),
    );
    expect(writes.length).toBeGreaterThan(30);
    const differences: string[] = [];
    for (const r of writes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      // A session of its own for each route: signing out is a write that stays open.
      const cookie = await sessionFor(t.app, ada.id);
      const send = (path: string) =>
        t.app.inject({ method: r.method, url: path, payload: {}, headers: { cookie } });
      const plain = await send(url);
      for (const spelled of spellings(url)) {
        const res = await send(spelled);
        if (res.statusCode !== plain.statusCode) {
          differences.push(`${r.method} ${spelled}: ${res.statusCode} (plain ${plain.statusCode})`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('keeps the flag in the database, so another instance on it follows within seconds', async () => {
    // Two servers on one database: a file for SQLite (WAL), a fresh schema for PostgreSQL.
    const shared = await database.create();
    const keep = { url: shared.url, drop: async () => {} };
    const one = await createTestApp(database, {}, keep);
    const two = await createTestApp(database, {}, keep);
    try {
      const god = await createUser(one.app, 'god', 'supergod');
      const bob = await createUser(one.app, 'bob');
      const bobOnTwo = await sessionFor(two.app, bob.id);
      const write = () =>
        two.app.inject({
          method: 'POST',
          url: '/api/messages/read',
          payload: { lastId: 0 },
          headers: { cookie: bobOnTwo },
        });
      expect((await write()).statusCode).toBe(200);
      const on = await one.app.inject({
        method: 'POST',
        url: '/api/supergod/execute',
        payload: { command: 'maintenance on', confirmation: CONFIRMATION_PHRASE },
        headers: { cookie: await sessionFor(one.app, god.id) },
      });
      expect(on.statusCode, on.body).toBe(200);
      await sleep(MAINTENANCE_CACHE_MS + 100);
      expect((await write()).statusCode).toBe(503);
      const status = await two.app.inject({
        method: 'GET',
        url: '/api/supergod/system-status',
        headers: { cookie: await sessionFor(two.app, god.id) },
      });
      expect(status.json().system.security).toMatchObject({
        maintenanceMode: true,
        // A file database: the log, flushed at every commit, so an answered transfer survives
        // a power cut (decision 027).
        databaseDurability:
          database.name === 'SQLite'
            ? 'journal_mode=wal, synchronous=full'
            : 'synchronous_commit=on',
      });
    } finally {
      await one.close();
      await two.close();
      if ('drop' in shared) await shared.drop();
    }
  });

  it('never demotes or disables the last enabled supergod', async () => {
    for (const command of ['user role root admin', 'user role root user', 'user disable root']) {
      const res = await run(command);
      expect(res.statusCode, command).toBe(409);
      expect(res.json().message).toMatch(
        /^root is the last supergod and cannot be (demoted|disabled)/,
      );
    }
    expect(await t.app.repos.users.findById(root.id)).toMatchObject({
      role: 'supergod',
      disabled: 0,
    });
    const refusals = (await activity()).filter((a) => a.action === 'supergod_command_refused');
    expect(refusals).toHaveLength(3);
    expect(refusals.every((a) => a.userId === root.id)).toBe(true);

    // A second supergod that is disabled does not count; an enabled one does.
    const zeus = await createUser(t.app, 'zeus', 'supergod');
    expect((await run('user disable zeus')).statusCode).toBe(200);
    expect((await run('user role root admin')).statusCode).toBe(409);
    expect((await run('user enable zeus')).statusCode).toBe(200);
    const demoted = await run('user role root admin');
    expect(demoted.statusCode, demoted.body).toBe(200);
    // root is an admin now: the console is closed to them, and zeus is the last supergod.
    expect((await run('help')).statusCode).toBe(403);
    const zeusCookie = await sessionFor(t.app, zeus.id);
    expect((await run('user disable zeus', zeusCookie)).statusCode).toBe(409);
  });

  it('lets only one of two supergods demoting each other at once succeed', async () => {
    const zeus = await createUser(t.app, 'zeus', 'supergod');
    const zeusCookie = await sessionFor(t.app, zeus.id);
    const results = await Promise.all([
      run('user role zeus admin'),
      run('user role root admin', zeusCookie),
    ]);
    // One demotion wins. The other is refused: 409 by the last-supergod guard when both run
    // side by side, or 403 by the access hook when the winner committed before it was checked.
    const [won, lost] = results.map((r) => r.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    expect(await t.app.repos.users.activeSupergodIds(false)).toHaveLength(1);
  });

  it('publishes an announcement', async () => {
    const res = await run('announce Downtime tonight | We restart at 22:00 UTC.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output).toMatch(/^Published announcement #\d+ 'Downtime tonight' at /);
    const [latest] = await t.app.repos.announcements.recent(1, 0);
    expect(latest).toMatchObject({
      title: 'Downtime tonight',
      content: 'We restart at 22:00 UTC.',
      author_id: root.id,
    });
    const actions = (await activity()).map((a) => a.action);
    expect(actions.slice(0, 2)).toEqual(['supergod_command', 'announcement']);
  });

  it('is closed to admins: the access hook refuses before any command is read, on record', async () => {
    const ada = await createUser(t.app, 'ada', 'admin');
    const res = await run('help', await sessionFor(t.app, ada.id));
    expect(res.statusCode).toBe(403);
    // The refusal is on record with who tried; no command was read or run.
    expect(await activity()).toEqual([
      {
        userId: ada.id,
        action: 'access_denied',
        details: 'POST /api/supergod/execute needs the supergod role',
      },
    ]);
  });

  it('takes effect on other requests within the session cache time', async () => {
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    // Bob's session row is now cached by this instance's session store.
    expect((await get('/api/user', bobCookie)).statusCode).toBe(200);
    await run('sessions revoke bob');
    await sleep(1100);
    expect((await get('/api/user', bobCookie)).statusCode).toBe(401);
  });
});
