// X-Request-Id (issue 19, decision 020): every answer carries one; only a trusted proxy may
// choose it; the activity and system-log rows a request writes carry it.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { build } from '../src/app.js';
import {
  cookieForRole,
  createTestApp,
  createUser,
  T0,
  TEST_PASSWORD,
  type TestApp,
  testConfig,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

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
      expect(lines.filter((l) => l.reqId === failedId).map((l) => l.msg)).toEqual([
        'request failed',
        'request completed',
      ]);
      // A write whose service logs through the app's own logger: the line carries the id too.
      vi.spyOn(app.announcements, 'publish').mockImplementationOnce(async () => {
        app.log.warn('announcement service noticed something');
        throw new Error('no announcement today');
      });
      const admin = (await cookieForRole(app, 'admin')) ?? '';
      const posted = await app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=Hi&content=There',
      });
      const postedId = posted.headers['x-request-id'];
      expect(lines.filter((l) => l.reqId === postedId).map((l) => l.msg)).toContain(
        'announcement service noticed something',
      );
      expect(
        lines.filter((l) => l.msg === 'announcement service noticed something').map((l) => l.reqId),
      ).toEqual([postedId]);

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
