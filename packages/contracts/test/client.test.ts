// The client's manifest is the route table's method, path and encoding; the client builds
// requests from it.
import { describe, expect, it } from 'vitest';
import { createClient, type Manifest, routeManifest } from '../src/client.js';
import { routes } from '../src/route-table.js';

describe('typed client', () => {
  it('has the route table’s method, path and body encoding for every route, and no other', () => {
    const fromTable = Object.fromEntries(
      Object.entries(routes).map(([name, r]) => [
        name,
        {
          method: r.method,
          url: r.url,
          ...('bodyType' in r && (r.bodyType as string) !== 'json' ? { form: true } : {}),
        },
      ]),
    );
    expect(routeManifest).toEqual(fromTable);
  });

  it('sends JSON or form bodies to the route’s path with its query', async () => {
    const seen: Array<{ url: string; init: unknown }> = [];
    const client = createClient(
      routeManifest,
      async (url, init) => {
        seen.push({ url, init });
        return { text: async () => '{"ok":true}', headers: { get: () => null } };
      },
      'http://x',
    );
    await client.call('toggleFeature', { body: { planId: 'pro', featureId: 1, enabled: true } });
    await client.call('createMessage', { body: { title: 'a b', content: 'c&d' } });
    expect(client.url('supergodUsers', { query: { offset: 0, limit: 25, search: '' } })).toBe(
      'http://x/api/supergod/users?offset=0&limit=25',
    );
    expect(seen).toEqual([
      {
        url: 'http://x/api/features/toggle',
        init: {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: '{"planId":"pro","featureId":1,"enabled":true}',
        },
      },
      {
        url: 'http://x/api/messages',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'title=a+b&content=c%26d',
        },
      },
    ]);
  });

  it('serves the entries it is given: a bundle carries only the routes it calls', async () => {
    const seen: string[] = [];
    const few = {
      ussdBalance: { method: 'GET', url: '/api/ussd/balance' },
      endAccountSession: { method: 'DELETE', url: '/api/account/sessions/:id' },
    } as const satisfies Partial<Manifest>;
    const client = createClient(few, async (url, init) => {
      seen.push(`${init.method} ${url}`);
      return { text: async () => '', headers: { get: () => null } };
    });
    expect(await client.call('ussdBalance')).toBeUndefined();
    await client.call('endAccountSession', { params: { id: 'a/b' } });
    expect(seen).toEqual(['GET /api/ussd/balance', 'DELETE /api/account/sessions/a%2Fb']);
    // @ts-expect-error: a route the manifest does not carry is not this client's to call.
    expect(() => client.url('currentUser')).toThrow();
  });

  it('refuses, at compile time, an entry whose method or path is not the table’s', () => {
    const wrongPath = {
      // @ts-expect-error: the table's path is /api/ussd/balance.
      ussdBalance: { method: 'GET', url: '/api/ussd/balances' },
    } as const satisfies Partial<Manifest>;
    const wrongMethod = {
      // @ts-expect-error: the table's method is POST.
      ussdOtp: { method: 'GET', url: '/api/ussd/otp' },
    } as const satisfies Partial<Manifest>;
    const unknownRoute = {
      // @ts-expect-error: no route has this name.
      ussdBalances: { method: 'GET', url: '/api/ussd/balance' },
    } as const satisfies Partial<Manifest>;
    expect([wrongPath, wrongMethod, unknownRoute].map((m) => Object.keys(m))).toEqual([
      ['ussdBalance'],
      ['ussdOtp'],
      ['ussdBalances'],
    ]);
  });
});
