// Personal access tokens (issue 37), on each database: a user's own tokens for scripts and other
// clients. The secret is answered once and is in no later answer, no activity row and no log
// line; a token opens what its scopes and its account's role allow (every route: the access
// matrix) and never the account's own security, the keypad wallet's routes, or a session's
// view-as; a revoked or expired token is refused at once, on every instance; another account's
// token is a 404 like a missing one.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AccessToken, CreatedAccessTokenResponse } from '@omega/contracts';
import { MAX_TOKENS_PER_ACCOUNT } from '@omega/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../src/app.js';
import {
  createTestApp,
  createUser,
  sessionFor,
  T0,
  type TestApp,
  testConfig,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const DAY = 86_400_000;

describeEachDatabase('personal access tokens', (database) => {
  let t: TestApp;
  let ann: { id: number; username: string };
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    ann = await createUser(t.app, 'ann');
    cookie = await sessionFor(t.app, ann.id);
  });
  afterEach(() => t.close());

  const create = (payload: object, as = cookie) =>
    t.app.inject({ method: 'POST', url: '/api/account/tokens', payload, headers: { cookie: as } });
  const list = async (as = cookie) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers: { cookie: as } })
    ).json() as AccessToken[];
  const revoke = (id: number, as = cookie) =>
    t.app.inject({ method: 'DELETE', url: `/api/account/tokens/${id}`, headers: { cookie: as } });
  const withToken = (
    token: string,
    method: 'GET' | 'POST' = 'GET',
    url = '/api/user',
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });
  async function made(payload: object = { name: 'ci', scopes: ['read'] }, as = cookie) {
    const res = await create(payload, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CreatedAccessTokenResponse;
  }
  const activity = () =>
    t.app.database.db.selectFrom('activity_logs').selectAll().orderBy('id').execute();

  // Several browsers of one account creating tokens together: the name and the cap are checked
  // and the row written in one transaction, which on PostgreSQL all of them passed.
  it('creates one token of a name, and no more than the cap, when several creations arrive at once', async () => {
    const browsers = await Promise.all([1, 2, 3, 4].map(() => sessionFor(t.app, ann.id)));
    const named = await Promise.all(
      browsers.map((as) => create({ name: 'deploy', scopes: ['read'] }, as)),
    );
    expect(named.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (let i = (await list()).length; i < MAX_TOKENS_PER_ACCOUNT - 1; i++) {
      await t.app.repos.accessTokens.insert({
        userId: ann.id,
        name: `token ${i}`,
        tokenHash: `hash ${i}`,
        hint: 'abcd',
        scopes: 'read',
        createdAt: t.now(),
        expiresAt: null,
      });
    }
    const capped = await Promise.all(
      browsers.map((as, i) => create({ name: `last ${i}`, scopes: ['read'] }, as)),
    );
    expect(capped.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    expect(await list()).toHaveLength(MAX_TOKENS_PER_ACCOUNT);
  });
  it('answers the secret once, prefixed omega_pat_, and lists the token without it', async () => {
    const created = await made({ name: '  deploy script ', scopes: ['read', 'write'] });
    expect(created.token).toMatch(/^omega_pat_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({
      name: 'deploy script',
      scopes: ['read', 'write'],
      hint: created.token.slice(-4),
      createdAt: new Date(T0).toISOString(),
      expiresAt: null,
      lastUsedAt: null,
      expired: false,
    });
    expect(created.message).toMatch(/not shown again/);

    const listed = await list();
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'deploy script',
        scopes: ['read', 'write'],
        hint: created.token.slice(-4),
        createdAt: new Date(T0).toISOString(),
        expiresAt: null,
        lastUsedAt: null,
        expired: false,
      },
    ]);
    // Only a hash is stored.
    const rows = await t.app.database.db.selectFrom('access_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(10));
  });

  it('opens the account’s calls with the bearer token and no cookie, and shows when it was last used', async () => {
    const { token, id } = await made();
    t.advance(5 * 60_000);
    const me = await withToken(token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: ann.id, username: 'ann' });
    expect((await list()).find((x) => x.id === id)?.lastUsedAt).toBe(
      new Date(t.now()).toISOString(),
    );
    // Moved at most once a minute: a call 30 s later leaves it; one 2 minutes later moves it.
    t.advance(30_000);
    await withToken(token);
    expect((await list())[0]?.lastUsedAt).toBe(new Date(t.now() - 30_000).toISOString());
    t.advance(120_000);
    await withToken(token);
    expect((await list())[0]?.lastUsedAt).toBe(new Date(t.now()).toISOString());
  });

  it('refuses a write with a read token, and lets a write token write', async () => {
    const read = await made({ name: 'reader', scopes: ['read'] });
    const write = await made({ name: 'writer', scopes: ['write'] });
    const markRead = (token: string) =>
      withToken(token, 'POST', '/api/messages/read', { lastId: 0 });
    const refused = await markRead(read.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This token lacks the write scope');
    expect((await markRead(write.token)).statusCode).toBe(200);
    // Reads are open to a write token too.
    expect((await withToken(write.token, 'GET', '/api/subscription/current')).statusCode).toBe(200);
  });

  it('gives the admin scope only to administrators, and checks the role as well as the scope', async () => {
    const refused = await create({ name: 'admin', scopes: ['read', 'admin'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The admin scope is only for administrators');
    expect(await list()).toEqual([]);

    const boss = await createUser(t.app, 'boss', 'admin');
    const bossCookie = await sessionFor(t.app, boss.id);
    const { token } = await made({ name: 'logs', scopes: ['read', 'admin'] }, bossCookie);
    expect((await withToken(token, 'GET', '/api/admin/logs')).statusCode).toBe(200);
    // A supergod's route needs the role too, whatever the scopes.
    const above = await withToken(token, 'GET', '/api/supergod/users');
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe('This requires the supergod role');
    // Once the account is no longer an admin, its admin-scoped token opens no admin route.
    await t.app.database.db
      .updateTable('users')
      .set({ role: 'user' })
      .where('id', '=', boss.id)
      .execute();
    t.app.repos.users.forget(boss.id);
    expect((await withToken(token, 'GET', '/api/admin/logs')).statusCode).toBe(403);
  });

  it('never opens the account’s own security, its tokens, or a keypad wallet’s routes', async () => {
    const { token } = await made({ name: 'all', scopes: ['read', 'write'] });
    for (const [method, url] of [
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens'],
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/2fa/totp/setup'],
    ] as const) {
      const res = await withToken(token, method, url, { name: 'more', scopes: ['write'] });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/do not open this call/);
    }
    const wallet = await withToken(token, 'GET', '/api/ussd/balance');
    expect(wallet.statusCode).toBe(401);
    expect(await list()).toHaveLength(1);
  });

  it('is the token’s call alone: a session cookie sent with it adds nothing', async () => {
    const { token } = await made({ name: 'reader', scopes: ['read'] });
    const boss = await createUser(t.app, 'boss', 'admin');
    const bossCookie = await sessionFor(t.app, boss.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/logs',
      headers: { authorization: `Bearer ${token}`, cookie: bossCookie },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}`, cookie: bossCookie },
    });
    expect(me.json()).toMatchObject({ username: 'ann' });
  });

  it('keeps the cross-site guard: a write from another site’s page is refused, token or not', async () => {
    const { token } = await made({ name: 'writer', scopes: ['write'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/read',
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a revoked token at once, and audits creating and revoking', async () => {
    const { token, id, hint } = await made({ name: 'ci', scopes: ['read'], expiresInDays: 30 });
    expect((await withToken(token)).statusCode).toBe(200);
    const res = await revoke(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: 'Token revoked. Calls with it are refused from now on.',
    });
    const after = await withToken(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('The access token is invalid, expired or revoked');
    expect((await revoke(id)).statusCode).toBe(404);

    const rows = (await activity()).filter((r) => r.action.startsWith('token_'));
    expect(rows.map((r) => [r.action, r.user_id])).toEqual([
      ['token_created', ann.id],
      ['token_revoked', ann.id],
    ]);
    expect(rows[0]?.details).toBe(
      `ann created the access token 'ci' (…${hint}; read; expires ${new Date(T0 + 30 * DAY).toISOString()})`,
    );
    expect(rows[1]?.details).toBe(`ann revoked the access token 'ci' (…${hint})`);
    expect(rows[0]?.request_id).toBeTruthy();
    for (const row of await activity()) expect(row.details).not.toContain(token);
  });

  it('refuses an expired token at its expiry, says so, and lists it as expired', async () => {
    const { token } = await made({ name: 'week', scopes: ['read'], expiresInDays: 7 });
    t.advance(7 * DAY - 1);
    expect((await withToken(token)).statusCode).toBe(200);
    t.advance(1);
    const res = await withToken(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      `The access token expired on ${new Date(T0 + 7 * DAY).toISOString()}: create a new one`,
    );
    // (The cookie of the setup has outlived its own limit by now: a new sign-in lists them.)
    expect((await list(await sessionFor(t.app, ann.id)))[0]).toMatchObject({
      name: 'week',
      expired: true,
    });
  });

  it('refuses the token of a disabled account', async () => {
    const { token } = await made();
    await t.app.database.db
      .updateTable('users')
      .set({ disabled: 1 })
      .where('id', '=', ann.id)
      .execute();
    t.app.repos.users.forget(ann.id);
    expect((await withToken(token)).statusCode).toBe(401);
  });

  it('treats another account’s token as missing: 404, and it keeps working', async () => {
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    const bobs = await made({ name: 'bob', scopes: ['read'] }, bobCookie);
    const res = await revoke(bobs.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such token');
    expect((await revoke(999_999)).statusCode).toBe(404);
    expect((await withToken(bobs.token)).statusCode).toBe(200);
    expect(await list()).toEqual([]);
  });

  it('refuses made-up, malformed and other bearer tokens with 401', async () => {
    for (const token of [
      `omega_pat_${'x'.repeat(40)}`,
      'omega_pat_',
      `omega_pat_${'y'.repeat(500)}`,
    ]) {
      const res = await withToken(token);
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(res.json().message).toBe('The access token is invalid, expired or revoked');
    }
  });

  describe('bad input', () => {
    const cases: [object, number, string | RegExp][] = [
      [{ scopes: ['read'] }, 400, /name/],
      [{ name: '   ', scopes: ['read'] }, 400, 'name is required: say what the token is for'],
      [
        { name: '\u200b\ufeff', scopes: ['read'] },
        400,
        'name is required: say what the token is for',
      ],
      [{ name: 'x'.repeat(65), scopes: ['read'] }, 400, /at most 64 characters/],
      [{ name: 'a' }, 400, /scopes/],
      [{ name: 'a', scopes: [] }, 400, 'Choose at least one scope: read, write or admin'],
      [{ name: 'a', scopes: ['delete'] }, 400, "each scope must be 'read', 'write' or 'admin'"],
      [{ name: 'a', scopes: ['read', 'read'] }, 400, 'Each scope may be given once'],
      [{ name: 'a', scopes: ['read'], expiresInDays: 5 }, 400, /7, 30, 90 or 365/],
      [{ name: 'a', scopes: ['read'], expiresInDays: '30' }, 400, /expiresInDays/],
    ];
    for (const [payload, status, message] of cases) {
      it(`${JSON.stringify(payload).slice(0, 60)} → ${status}`, async () => {
        const res = await create(payload);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toMatch(message);
        expect(await list()).toEqual([]);
      });
    }

    it('refuses a second token of the same name, and a non-numeric id', async () => {
      await made({ name: 'ci', scopes: ['read'] });
      const res = await create({ name: 'ci', scopes: ['write'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("You already have a token named 'ci': choose another name");
      const bad = await t.app.inject({
        method: 'DELETE',
        url: '/api/account/tokens/abc',
        headers: { cookie },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('id must be a token id from the list of tokens');
    });

    it('keeps an account to 50 tokens', async () => {
      for (let i = 0; i < 50; i++) await made({ name: `t${i}`, scopes: ['read'] });
      const res = await create({ name: 't50', scopes: ['read'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/50 tokens/);
      expect(await list()).toHaveLength(50);
    });
  });
});

describeEachDatabase('personal access tokens across instances and in logs', (database) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  // Several instances share a PostgreSQL database; SQLite is one instance's.
  const count = database.name === 'PostgreSQL' ? 2 : 1;
  it(`refuses a revoked token on the very next call, on ${count} instance${count > 1 ? 's' : ''}`, async () => {
    const shared = await database.create();
    closers.push(shared.drop);
    const apps: TestApp[] = [];
    for (let i = 0; i < count; i++) {
      const app = await createTestApp(database, {}, { url: shared.url, drop: async () => {} });
      apps.push(app);
      closers.push(app.close);
    }
    const first = (apps[0] as TestApp).app;
    const last = (apps[count - 1] as TestApp).app;
    const ann = await createUser(first, 'ann');
    const cookie = await sessionFor(first, ann.id);
    const created = await first.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: { cookie },
      payload: { name: 'ci', scopes: ['read'] },
    });
    const { token, id } = created.json() as CreatedAccessTokenResponse;
    const call = (app: typeof first) =>
      app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${token}` },
      });
    // Every instance has just answered the token (nothing cached could hide the revocation).
    for (const app of apps) expect((await call(app.app)).statusCode).toBe(200);
    const revoked = await first.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${id}`,
      headers: { cookie },
    });
    expect(revoked.statusCode).toBe(200);
    for (const app of apps) expect((await call(app.app)).statusCode).toBe(401);
    expect((await call(last)).statusCode).toBe(401);
  });

  it('writes the secret to no log line, at the most detailed level', async () => {
    const lines: string[] = [];
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const { url, drop } = await database.create();
    closers.push(drop);
    const app = await build({
      config: testConfig({ databaseUrl: url, logLevel: 'trace' }),
      clock: () => T0,
      logDestination: stdout,
    });
    closers.push(() => app.close());
    await app.ready();
    const ann = await createUser(app, `ann-${randomBytes(3).toString('hex')}`);
    const cookie = await sessionFor(app, ann.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: { cookie },
      payload: { name: 'ci', scopes: ['read', 'write'] },
    });
    const { token } = created.json() as CreatedAccessTokenResponse;
    expect(token).toMatch(/^omega_pat_/);
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/account/tokens'],
      ['POST', '/api/messages/read'],
      ['GET', '/api/does-not-exist'],
    ] as const) {
      await app.inject({
        method,
        url: path,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
    }
    // A failing call logs its error with the request.
    await app.inject({
      method: 'GET',
      url: `/api/user?token=${token}`,
      headers: { authorization: `Bearer ${token}x` },
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Every call made a line, the masked query included.
    expect(lines.filter((l) => l.includes('"request completed"')).length).toBeGreaterThanOrEqual(6);
    expect(lines.some((l) => l.includes('?token=omega_pat_[redacted]'))).toBe(true);
    const secret = token.slice('omega_pat_'.length);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
