// Bad input answers 400 with a message naming the problem: never a 500, never a write.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

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
