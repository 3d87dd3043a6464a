// The client's manifest is the route table's method, path and encoding; the client builds
// requests from it.
import { describe, expect, it } from 'vitest';
import { createClient, routeManifest } from '../src/client.js';
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
    const client = createClient(async (url, init) => {
      seen.push({ url, init });
      return { text: async () => '{"ok":true}', headers: { get: () => null } };
    }, 'http://x');
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
});
