// Walks the whole route table with an anonymous visitor and a user, an admin and a
// supergod session, and checks every answer against the route's declared access level.
// New routes join the table, so they are covered here without touching this file.
import { type Access, routeList } from '@omega/contracts';
import { atLeast, type Role } from '@omega/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../src/plugins/external/openapi.js';
import { cookieForRole, createTestApp, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const VIEWERS = ['anonymous', 'user', 'admin', 'supergod'] as const;
type Viewer = (typeof VIEWERS)[number];

const NOT_ACCOUNTS = new Set<Access>(['wallet', 'gateway', 'metrics']);

function allowed(viewer: Viewer, access: Access): boolean {
  if (access === 'public') return true;
  // Keypad wallets sign in with a phone, not an account, the USSD gateway is the aggregator
  // proving itself with a shared secret, and metrics are for the monitoring system's bearer
  // token: no account session opens any of them.
  if (viewer === 'anonymous' || NOT_ACCOUNTS.has(access)) return false;
  return atLeast(viewer as Role, access as Role);
}

/** What a refused viewer gets: 401 when nobody is signed in, 403 when the role is too low. */
const refusal = (viewer: Viewer, access: Access) =>
  viewer === 'anonymous' || NOT_ACCOUNTS.has(access) ? 401 : 403;

describeEachDatabase('access matrix', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // The gateway is on (as in production), so refusing it is the access check's doing.
    t = await createTestApp(database, {
      ussdGateway: { secret: 'a-gateway-secret-for-tests', cidrs: [] },
    });
  });
  afterAll(() => t.close());

  for (const route of routeList) {
    describe(`${route.method} ${route.url} (${route.access})`, () => {
      for (const viewer of VIEWERS) {
        const expectation = allowed(viewer, route.access) ? 'is let through' : 'is refused';
        it(`${viewer} ${expectation}`, async () => {
          const cookie = await cookieForRole(t.app, viewer);
          const res = await t.app.inject({
            method: route.method,
            url: route.url.replace(/:(\w+)/g, '1'),
            headers: cookie ? { cookie } : {},
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          if (allowed(viewer, route.access)) {
            expect([401, 403], res.body).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode, res.body).toBe(refusal(viewer, route.access));
            expect(res.json().message).toBeTruthy();
          }
          expect(res.statusCode).toBeLessThan(500);
        });
      }
    });
  }

  it('serves no /api route that is missing from the route table', () => {
    const declared = new Set(routeList.map((r) => `${r.method} ${r.url}`));
    const undeclared = t.app.apiRoutes
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith(DOCS_PREFIX))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
  });
});
