// The guarantees the app's structure gives: routes cannot skip declaring access, browser
// writes from other sites are refused, and the OpenAPI document lists every call.
import { routeList } from '@omega/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../src/app.js';
import { buildHelpFirst, createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

// These tests start servers as production does, which builds the assistant's help at start: it
// is built once, before them.
buildHelpFirst();

describe('route registration', () => {
  it('refuses to start when an /api route declares no access level', async () => {
    const app = await build({ config: testConfig(), logger: false });
    app.register(async (child) => {
      child.get('/api/forgotten', async () => ({ oops: true }));
    });
    await expect(app.ready()).rejects.toThrow('GET /api/forgotten declares no access level');
    await app.close();
  });
});

describeEachDatabase('cross-site writes', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  const register = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { host: 'omega.example', ...headers },
      payload: { username: 'alice', password: 'secret1' },
    });

  it('refuses a foreign Origin without writing anything', async () => {
    const res = await register({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    expect(await t.app.repos.users.count()).toBe(0);
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const res = await register({ 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it("refuses the opaque 'null' origin of sandboxed pages", async () => {
    expect((await register({ origin: 'null' })).statusCode).toBe(403);
  });

  it('accepts the same origin, and clients that send no Origin at all', async () => {
    const same = await register({
      origin: 'http://omega.example',
      'sec-fetch-site': 'same-origin',
    });
    expect(same.statusCode).toBe(200);
    const curl = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'bob', password: 'secret1' },
    });
    expect(curl.statusCode).toBe(200);
  });

  it('lets cross-site reads through (they cannot change anything)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describeEachDatabase('API documentation and health', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  it('publishes an OpenAPI document with every call of the route table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of routeList) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      // The access level first, then the route's own notes (how the gateway authenticates).
      expect(op.description).toBe(
        'description' in r ? `Access: ${r.access}. ${r.description}` : `Access: ${r.access}`,
      );
    }
  });

  it('serves the documentation page with its own content policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // Served over plain http here: an https upgrade would break every asset of the page.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends security headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/subscription' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });
});
