// Bad input answers 400 with a message naming the problem: never a 500, never a write.

import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  GATEWAY,
  GATEWAY_SECRET,
  sessionFor,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

/** The USSD aggregator's callback, sent in the given encoding. */
function ussdCallbackAs(app: FastifyInstance, contentType: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/ussd/gateway',
    headers: { 'content-type': contentType, 'x-omega-gateway-secret': GATEWAY_SECRET },
    payload: contentType.startsWith('application/json')
      ? JSON.stringify(fields)
      : new URLSearchParams(fields).toString(),
  });
}

describeEachDatabase('bad input', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  const userCount = () => t.app.repos.users.count();
  const postJson = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });

  it.each([
    [{ username: 5, password: 'secret1' }, 'username must be a string'],
    [{ username: 'alice', password: ['secret1'] }, 'password must be a string'],
    [{ username: 'alice' }, 'password is required'],
    [{ password: 'secret1' }, 'username is required'],
    [{}, 'username is required'],
    [{ username: 'al', password: 'secret1' }, 'Username must be at least 3 characters'],
    [{ username: 'alice', password: 'short' }, 'Password must be at least 6 characters'],
    [{ username: 'a'.repeat(33), password: 'secret1' }, 'Username must be at most 32 characters'],
    [{ username: 'alice', password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    // Characters, not UTF-16 units: each emoji is one, as the schema counts them.
    [{ username: 'alice', password: '😀'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ username: 'alice', password: '😀'.repeat(5) }, 'Password must be at least 6 characters'],
    [
      { username: 'al ice', password: 'secret1' },
      "Username may contain only letters, digits, '.', '_' and '-'",
    ],
  ])('register %j -> 400 %s', async (payload, message) => {
    const res = await postJson('/api/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await userCount()).toBe(0);
  });

  it('counts a password in characters at both ends: 6 and 128 emoji are accepted', async () => {
    for (const [username, password] of [
      ['six', '😀'.repeat(6)],
      ['many', '😀'.repeat(128)],
    ] as const) {
      const res = await postJson('/api/register', { username, password });
      expect(res.statusCode, res.body).toBe(200);
      const login = await postJson('/api/login', { username, password });
      expect(login.statusCode, login.body).toBe(200);
    }
  });

  it('refuses NUL and other control characters in any text, naming the field, before the database', async () => {
    const admin = await createUser(t.app, 'boss', 'admin');
    const cookie = await sessionFor(t.app, admin.id);
    const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const cases: Array<[ReturnType<typeof send>, string]> = [
      [
        postJson('/api/login', { username: 'al\u0000ice', password: 'secret1' }),
        'username must be plain printable text: it contains U+0000, a control character',
      ],
      [
        postJson('/api/register', { username: 'alice', password: 'secret\u0000' }),
        'password must be plain printable text: it contains U+0000, a control character',
      ],
      [
        send('POST', '/api/messages', { title: 'Hello\u0007', content: 'Body' }),
        'title must be plain printable text: it contains U+0007, a control character',
      ],
      [
        send('POST', '/api/messages', { title: 'Hello', content: 'Body\u0000' }),
        'content must be plain printable text: it contains U+0000, a control character',
      ],
      [
        send('POST', '/api/features', { name: 'Reports\u202E', category: 'Data' }),
        'name must be plain printable text: it contains U+202E, a bidirectional control',
      ],
      [
        send('GET', '/api/admin/logs?search=a%00b'),
        'search must be plain printable text: it contains U+0000, a control character',
      ],
      [
        send('GET', '/api/users/with-subscriptions?search=%1B'),
        'search must be plain printable text: it contains U+001B, a control character',
      ],
    ];
    for (const [answer, message] of cases) {
      const res = await answer;
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await userCount()).toBe(1);
    expect(await t.app.repos.announcements.recent(10, 0)).toEqual([]);
  });

  it('keeps tabs and line breaks where a field is multi-line, and only there', async () => {
    const admin = await createUser(t.app, 'boss', 'admin');
    const cookie = await sessionFor(t.app, admin.id);
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie }, payload });
    const multiline = await post({ title: 'Release', content: 'Line one\n\tLine two\r\n' });
    expect(multiline.statusCode, multiline.body).toBe(200);
    const title = await post({ title: 'Two\nlines', content: 'Body' });
    expect(title.statusCode).toBe(400);
    expect(title.json()).toEqual({
      message: 'title must be plain printable text: it contains U+000A, a control character',
    });
  });

  it('refuses a number outside the range of its database column', async () => {
    const admin = await createUser(t.app, 'boss', 'admin');
    const cookie = await sessionFor(t.app, admin.id);
    for (const url of [
      '/api/admin/logs?before=2147483648',
      '/api/admin/activity-logs?before=9007199254740991',
      '/api/admin/logs?before=1e400',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/^before must be/);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/override',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"userId": 1e400, "planId": "pro"}',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ message: 'userId must be an integer' });
  });

  it('takes an id in a path or query string only written as a plain whole number', async () => {
    const admin = await createUser(t.app, 'boss', 'admin');
    const cookie = await sessionFor(t.app, admin.id);
    const user = await createUser(t.app, 'ann');
    expect(user.id).toBe(2);
    const send = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: { cookie } });
    for (const id of ['2.0', '2e0', '0x2', '+2', '02', '%202', '2%20', '-2', '1.5']) {
      const view = await send('POST', `/api/admin/users/${id}/view-as`);
      expect(view.statusCode, id).toBe(400);
      expect(view.json(), id).toEqual({ message: 'id must be a whole number from 1 up' });
      const page = await send('GET', `/api/admin/users/${id}`);
      expect(page.statusCode, id).toBe(400);
      const overrides = await send('GET', `/api/features/admin/user-overrides?userId=${id}`);
      expect(overrides.statusCode, id).toBe(400);
      expect(overrides.json().message, id).toMatch(/^userId must be/);
    }
    expect((await send('GET', '/api/admin/users/2')).statusCode).toBe(200);
    expect((await send('GET', '/api/features/admin/user-overrides?userId=2')).statusCode).toBe(200);
    // No view started by any of the refused calls.
    const views = await t.app.database.db
      .selectFrom('activity_logs')
      .select('action')
      .where('action', '=', 'view_as_start')
      .execute();
    expect(views).toEqual([]);
  });

  it('takes a body only in the encoding its route declares', async () => {
    const t2 = await createTestApp(database, { ussdGateway: GATEWAY });
    try {
      const gateway = await ussdCallbackAs(t2.app, 'application/json', {
        sessionId: 's1',
        serviceCode: '*120*777#',
        phoneNumber: '+254700000001',
        text: '',
      });
      expect(gateway.statusCode).toBe(400);
      expect(gateway.json()).toEqual({
        message: 'Unsupported Content-Type: send the body as application/x-www-form-urlencoded',
      });
      const form = await t2.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=alice&password=secret1',
      });
      expect(form.statusCode).toBe(400);
      expect(form.json()).toEqual({
        message: 'Unsupported Content-Type: send the body as application/json',
      });
      expect(await t2.app.repos.users.count()).toBe(0);
      // Each in its declared encoding (with parameters) goes through.
      const declared = await ussdCallbackAs(
        t2.app,
        'application/x-www-form-urlencoded; charset=utf-8',
        { sessionId: 's1', serviceCode: '*120*777#', phoneNumber: '+254700000001', text: '' },
      );
      expect(declared.statusCode).toBe(200);
      expect(declared.body).toMatch(/^CON /);
    } finally {
      await t2.close();
    }
  });

  it('refuses a compressed body with 415 instead of reading it as JSON', async () => {
    const { gzipSync } = await import('node:zlib');
    const body = JSON.stringify({ username: 'alice', password: 'secret1' });
    for (const payload of [gzipSync(body), Buffer.from(body)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        message: 'Content-Encoding gzip is not supported: send the body uncompressed',
      });
    }
    expect(await userCount()).toBe(0);
    const identity = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: body,
    });
    expect(identity.statusCode, identity.body).toBe(200);
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await postJson('/api/login', ['alice', 'secret1']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body must be an object/);
  });

  it('refuses malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "alice", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The body is not valid JSON' });
    expect(await userCount()).toBe(0);
  });

  it('refuses a body that is not JSON at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=alice&password=secret1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/application\/json/);
  });

  it('refuses an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/empty/);
  });

  it('refuses a body that is far too large without reading it all', async () => {
    const res = await postJson('/api/register', {
      username: 'alice',
      password: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The body is too large' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'No such call: GET /api/no-such-thing' });
  });

  it('answers a malformed or overlong path with a JSON message, like any other refusal', async () => {
    const cookie = await sessionFor(t.app, (await createUser(t.app, 'boss', 'admin')).id);
    const badEscape = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users/%ZZ',
      headers: { cookie },
    });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({
      message: "The path is not valid: '%ZZ' is not a complete %-escape",
    });
    const notUtf8 = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users/%FF%FE',
      headers: { cookie },
    });
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json()).toEqual({ message: "The path is not valid: '%FF%FE' is not UTF-8" });
    const long = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/1/sessions/${'a'.repeat(200)}`,
      headers: { cookie },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      message: 'A part of the path is too long: at most 100 characters',
    });
  });

  it('refuses form data that is not plain UTF-8 fields, each given once', async () => {
    const admin = await sessionFor(t.app, (await createUser(t.app, 'boss', 'admin')).id);
    const form = (payload: string, type = 'application/x-www-form-urlencoded') =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: admin, 'content-type': type },
        payload,
      });
    for (const [payload, message] of [
      ['title=%FF%FE&content=ok', 'title is not UTF-8 text: %-escapes must spell UTF-8'],
      ['title=%E0%A4%A&content=c', 'title is not UTF-8 text: %-escapes must spell UTF-8'],
      ['title=first&title=second&content=ok', 'title is given twice: send each field once'],
    ] as const) {
      const res = await form(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ message });
    }
    const latin1 = await form(
      'title=caf%E9&content=ok',
      'application/x-www-form-urlencoded; charset=iso-8859-1',
    );
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json()).toEqual({
      message: 'Unsupported charset iso-8859-1: send the form as UTF-8',
    });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie: admin } })
      ).json(),
    ).toEqual([]);
    // Plain UTF-8, spaces as + or %20, and an empty field still go through.
    const ok = await form(
      'title=Caf%C3%A9+au+lait&content=%F0%9F%8E%89%20ok',
      'application/x-www-form-urlencoded; charset=UTF-8',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Café au lait', content: '🎉 ok' });
  });

  it('answers a wrong method on a known path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('DELETE /api/user');
  });

  it('drops unknown fields instead of storing them', async () => {
    const res = await postJson('/api/register', {
      username: 'alice',
      password: 'secret1',
      role: 'supergod',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('user');
  });
});
