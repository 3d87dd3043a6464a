// X-Request-Id (issue 19, decision 020): every answer carries one; only a trusted proxy may
// choose it; the activity and system-log rows a request writes, and the lines it logs, carry
// it. The id is passed to the services explicitly: no AsyncLocalStorage (the last describe).
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { CONFIRMATION_PHRASE } from '@omega/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { build, runRenewals } from '../src/app.js';
import {
  buildHelpFirst,
  cookieForRole,
  createTestApp,
  createUser,
  saveCard,
  sessionFor,
  T0,
  TEST_PASSWORD,
  type TestApp,
  testConfig,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

// These tests ask the assistant: its help is built once, before them.
buildHelpFirst();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachDatabase('request ids', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    // Our proxy is 127.0.0.1 (inject's address); the gateway is on, so a refused callback logs.
    t = await createTestApp(database, {
      trustProxy: ['127.0.0.1'],
      ussdGateway: { secret: 'a-gateway-secret-for-tests', cidrs: [] },
    });
  });
  afterEach(() => t.close());

  it('gives every answer an id: generated when none was sent, on errors and 404s too', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/user' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 1 } }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 400]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a trusted proxy's id, and replaces one that is malformed", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a:42' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\twith "quotes"' },
    });
    expect(forged.headers['x-request-id']).toMatch(UUID);
  });

  it('writes the id on the activity row of the request, and on its system-log row', async () => {
    await createUser(t.app, 'ria');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ria', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const activity = await t.app.database.db
      .selectFrom('activity_logs')
      .select(['action', 'request_id'])
      .where('action', '=', 'login')
      .execute();
    expect(activity).toEqual([{ action: 'login', request_id: signIn.headers['x-request-id'] }]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/gateway',
      payload: { sessionId: 's1', phoneNumber: '+27821234567', text: '' },
    });
    expect(refused.statusCode).toBe(401);
    await t.app.systemLogs.flush();
    const logged = await t.app.database.db
      .selectFrom('system_logs')
      .select(['message', 'request_id'])
      .where('source', '=', 'ussd-gateway')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.request_id).toBe(refused.headers['x-request-id']);
  });
});

describeEachDatabase('request ids on the rows the services write', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    // Our proxy is 127.0.0.1 (inject's address), so each request below names its own id.
    t = await createTestApp(database, { trustProxy: ['127.0.0.1'] });
  });
  afterEach(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, id: string, cookie?: string, payload = {}) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-request-id': id, ...(cookie ? { cookie } : {}) },
      ...(method === 'POST' ? { payload } : {}),
    });
  const activity = (...actions: string[]) =>
    t.app.database.db
      .selectFrom('activity_logs')
      .select(['action', 'request_id'])
      .where('action', 'in', actions)
      .orderBy('id')
      .execute();

  it("stamps a failed sign-in's row, and the rate-limit trip it causes, with its request", async () => {
    await createUser(t.app, 'ria');
    for (let i = 1; i <= 5; i++) {
      const res = await send('POST', '/api/login', `fail-${i}`, undefined, {
        username: 'ria',
        password: `guess-${i}`,
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-request-id']).toBe(`fail-${i}`);
    }
    expect(await activity('login_failed')).toEqual(
      [1, 2, 3, 4, 5].map((i) => ({ action: 'login_failed', request_id: `fail-${i}` })),
    );
    // The fifth failure in a row is the one that makes the next try wait.
    await t.app.systemLogs.flush();
    const trips = await t.app.database.db
      .selectFrom('system_logs')
      .select(['message', 'request_id'])
      .where('source', '=', 'rate-limit')
      .execute();
    expect(trips).toEqual([
      {
        message: expect.stringMatching(/^password rate limit reached for ria /),
        request_id: 'fail-5',
      },
    ]);
  });

  it("stamps plan changes, an administrator's and an announcement with their requests", async () => {
    const ann = await createUser(t.app, 'ann');
    const ben = await createUser(t.app, 'ben');
    const admin = await createUser(t.app, 'boss', 'admin');
    const adminCookie = await sessionFor(t.app, admin.id);
    const annCookie = await sessionFor(t.app, ann.id);
    await saveCard(t.app, ann.id);
    const answers = [
      await send('POST', '/api/subscription/change-plan', 'change-1', annCookie, {
        planId: 'pro',
      }),
      await send('POST', '/api/subscription/cancel', 'cancel-1', annCookie),
      await send('POST', '/api/subscription/override', 'override-1', adminCookie, {
        userId: ben.id,
        planId: 'starter',
      }),
      await send('POST', '/api/subscription/bulk-override', 'bulk-1', adminCookie, {
        userIds: [ann.id, ben.id],
        planId: 'enterprise',
      }),
      await send('POST', '/api/features/admin/override', 'feature-1', adminCookie, {
        userId: ben.id,
        featureId: 1,
        enabled: false,
        reason: 'support case',
      }),
      await send('POST', '/api/messages', 'message-1', adminCookie, {
        title: 'Hi',
        content: 'There',
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(
      await activity(
        'plan_change',
        'subscription_cancel',
        'plan_override',
        'plan_bulk_override',
        'feature_override',
        'announcement',
      ),
    ).toEqual([
      { action: 'plan_change', request_id: 'change-1' },
      { action: 'subscription_cancel', request_id: 'cancel-1' },
      { action: 'plan_override', request_id: 'override-1' },
      { action: 'plan_bulk_override', request_id: 'bulk-1' },
      { action: 'feature_override', request_id: 'feature-1' },
      { action: 'announcement', request_id: 'message-1' },
    ]);
  });

  it("stamps a supergod command's rows and its refusals, those Fastify refuses too", async () => {
    const cookie = (await cookieForRole(t.app, 'supergod')) ?? '';
    const execute = (id: string, payload: object) =>
      send('POST', '/api/supergod/execute', id, cookie, payload);
    expect(
      (await execute('cmd-1', { command: 'logs clear', confirmation: CONFIRMATION_PHRASE }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await execute('cmd-2', {
          command: 'announce Hi | There',
          confirmation: CONFIRMATION_PHRASE,
        })
      ).statusCode,
    ).toBe(200);
    expect((await execute('cmd-3', { command: 'stats', confirmation: 'please' })).statusCode).toBe(
      403,
    );
    // No confirmation: refused by the body schema, recorded by the route's onError hook.
    expect((await execute('cmd-4', { command: 'stats' })).statusCode).toBe(400);
    expect(
      await activity('logs_clear', 'announcement', 'supergod_command', 'supergod_command_refused'),
    ).toEqual([
      { action: 'logs_clear', request_id: 'cmd-1' },
      { action: 'supergod_command', request_id: 'cmd-1' },
      { action: 'announcement', request_id: 'cmd-2' },
      { action: 'supergod_command', request_id: 'cmd-2' },
      { action: 'supergod_command_refused', request_id: 'cmd-3' },
      { action: 'supergod_command_refused', request_id: 'cmd-4' },
    ]);
  });

  it('stamps the start of a view as a user, and its end with the read that found it ran out', async () => {
    const admin = await createUser(t.app, 'boss', 'admin');
    const ann = await createUser(t.app, 'ann');
    const cookie = await sessionFor(t.app, admin.id);
    const started = await send('POST', `/api/admin/users/${ann.id}/view-as`, 'view-1', cookie);
    expect(started.statusCode).toBe(200);
    t.advance(15 * 60_000);
    expect((await send('GET', '/api/user', 'read-1', cookie)).json().username).toBe('boss');
    expect(await activity('view_as_start', 'view_as_end')).toEqual([
      { action: 'view_as_start', request_id: 'view-1' },
      { action: 'view_as_end', request_id: 'read-1' },
    ]);
  });

  it("writes no request id on the renewal job's rows: no request asked for them", async () => {
    const ann = await createUser(t.app, 'ann');
    await saveCard(t.app, ann.id);
    const change = await send(
      'POST',
      '/api/subscription/change-plan',
      'change-2',
      await sessionFor(t.app, ann.id),
      { planId: 'starter' },
    );
    expect(change.statusCode).toBe(200);
    t.advance(40 * 24 * 60 * 60_000);
    expect(await runRenewals(t.app)).toBeGreaterThan(0);
    const renewals = await activity('renewal');
    expect(renewals.length).toBeGreaterThan(0);
    expect(renewals.map((r) => r.request_id)).toEqual(renewals.map(() => null));
    expect(await activity('plan_change')).toEqual([
      { action: 'plan_change', request_id: 'change-2' },
    ]);
  });
});

describeEachDatabase('request ids on refused reads', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  it("stamps the access hook's refusal of a read with the read's id", async () => {
    const cookie = (await cookieForRole(t.app, 'user')) ?? '';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity-logs',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.app.database.db
      .selectFrom('activity_logs')
      .select('request_id')
      .where('action', '=', 'access_denied')
      .execute();
    expect(rows).toEqual([{ request_id: res.headers['x-request-id'] }]);
  });
});

describeEachDatabase('request ids without a trusted proxy', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  it("never takes a client's id: it could hide its requests under someone else's", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describeEachDatabase('request ids on log lines', (database) => {
  it("puts the id on the request's access line and on the lines it logs, and on their system-log row", async () => {
    const lines: Record<string, unknown>[] = [];
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const { url, drop } = await database.create();
    const app = await build({
      config: testConfig({ databaseUrl: url, logLevel: 'info' }),
      clock: () => T0,
      logDestination: stdout,
    });
    try {
      await app.ready();
      const fine = await app.inject({ method: 'GET', url: '/api/health' });
      const fineId = fine.headers['x-request-id'];
      // Access lines are written at the end of their event-loop turn (lib/logger.ts).
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(lines.filter((l) => l.reqId === fineId)).toEqual([
        expect.objectContaining({ msg: 'request completed', res: { statusCode: 200 } }),
      ]);

      // A read that fails: the error handler logs it through the request's logger.
      vi.spyOn(app.announcements, 'recent').mockRejectedValueOnce(new Error('disk on fire'));
      const failed = await app.inject({
        method: 'GET',
        url: '/api/messages',
        headers: { cookie: (await cookieForRole(app, 'user')) ?? '' },
      });
      expect(failed.statusCode).toBe(500);
      const failedId = failed.headers['x-request-id'];
      expect(failedId).toMatch(UUID);
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(lines.filter((l) => l.reqId === failedId).map((l) => l.msg)).toEqual([
        'request failed',
        'request completed',
      ]);
      // A line a service logs through the app's own logger while serving a write carries the id
      // because the service is given it: 'request ids on the lines services log', below.

      await app.systemLogs.flush();
      const rows = await app.database.db
        .selectFrom('system_logs')
        .select(['level', 'request_id'])
        .where('message', 'like', '%disk on fire%')
        .execute();
      expect(rows).toEqual([{ level: 'ERROR', request_id: failedId }]);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describeEachDatabase('request ids on the lines services log', (database) => {
  it('puts the id on the lines a service logs for a write, and on their system-log rows', async () => {
    const lines: Record<string, unknown>[] = [];
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const { url, drop } = await database.create();
    const app = await build({
      config: testConfig({
        databaseUrl: url,
        logLevel: 'debug',
        trustProxy: ['127.0.0.1'],
        // No provider and no demo: every OTP send fails, and the sender logs why.
        keypadDemo: false,
        sms: null,
        // Nothing listens on port 1: the assistant gives up on the phrasing and says so.
        llm: { baseUrl: 'http://127.0.0.1:1', model: 'm', apiKey: undefined, timeoutMs: 2000 },
        ussdGateway: { secret: 'a-gateway-secret-for-tests', cidrs: [] },
      }),
      clock: () => T0,
      logDestination: stdout,
    });
    try {
      await app.ready();
      const otp = await app.inject({
        method: 'POST',
        url: '/api/ussd/otp',
        headers: { 'x-request-id': 'otp-1' },
        payload: { phone: '0821234567' },
      });
      expect(otp.statusCode).toBe(503);
      const asked = await app.inject({
        method: 'POST',
        url: '/api/ai/ai-assistant',
        headers: { 'x-request-id': 'ask-1', cookie: (await cookieForRole(app, 'user')) ?? '' },
        payload: { query: 'how do I cancel my subscription?' },
      });
      expect(asked.statusCode).toBe(200);
      const dialled = await app.inject({
        method: 'POST',
        url: '/api/ussd/gateway',
        headers: {
          'x-request-id': 'ussd-1',
          'x-omega-gateway-secret': 'a-gateway-secret-for-tests',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          sessionId: 's1',
          serviceCode: '*120*777#',
          phoneNumber: '+27821234567',
          text: '',
        }).toString(),
      });
      expect(dialled.statusCode).toBe(200);

      const idsOf = (pattern: RegExp) =>
        lines.filter((l) => pattern.test(String(l.msg))).map((l) => l.reqId);
      expect(idsOf(/^SMS not sent/)).toEqual(['otp-1']);
      expect(idsOf(/^assistant: using the retrieval answer/)).toEqual(['ask-1']);
      expect(idsOf(/^ussd gateway$/)).toEqual(['ussd-1']);

      await app.systemLogs.flush();
      const rows = await app.database.db
        .selectFrom('system_logs')
        .select(['source', 'request_id'])
        .where('level', '=', 'WARNING')
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { source: 'sms', request_id: 'otp-1' },
        { source: 'http', request_id: 'ask-1' },
      ]);
    } finally {
      await app.close();
      await drop();
    }
  });
});

// On Node 20 the first AsyncLocalStorage.run() (or enterWith) switches V8's promise hooks on for
// every promise in the process, for good: after the first write, every read and every 401 paid
// about 10 µs of CPU, a sixth of a request, for a context only writes used (decision 020). The
// id is passed explicitly instead; these fail if a context comes back on the request path.
describe('no AsyncLocalStorage on the request path', () => {
  const SRC = join(import.meta.dirname, '../src');

  it('is imported nowhere in the server', () => {
    const found = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .filter((name) =>
        /\bAsyncLocalStorage\b|['"](node:)?async_hooks['"]/.test(
          readFileSync(join(SRC, name), 'utf8'),
        ),
      );
    expect(found).toEqual([]);
  });
});

describeEachDatabase('no AsyncLocalStorage while a write is served', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    return t.close();
  });

  it("enters no context (ours or a dependency's), and the write's row still has its id", async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody', password: 'not-a-password' },
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect([refused.statusCode, read.statusCode]).toEqual([401, 401]);
    expect(run).not.toHaveBeenCalled();
    expect(enterWith).not.toHaveBeenCalled();
    const rows = await t.app.database.db
      .selectFrom('activity_logs')
      .select('request_id')
      .where('action', '=', 'login_failed')
      .execute();
    expect(rows).toEqual([{ request_id: refused.headers['x-request-id'] }]);
  });
});
