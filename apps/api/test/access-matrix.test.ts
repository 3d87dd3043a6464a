// Walks the whole route table with an anonymous visitor and a user, an admin and a
// supergod session, and checks every answer against the route's declared access level; then
// again with personal access tokens of each role and scope.
// New routes join the table, so they are covered here without touching this file.
import { randomBytes } from 'node:crypto';
import { type Access, type RouteSpec, routeList } from '@omega/contracts';
import { atLeast, missingScope, type Role, type TokenScope } from '@omega/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../src/plugins/external/openapi.js';
import { cookieForRole, createTestApp, createUser, type TestApp } from './helpers/app.js';
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

  // Account security (password, sessions, two-factor, passkeys, the tokens themselves) is the
  // browser session's alone: a token that leaked must not be able to take the account over,
  // which adding a passkey of the holder's would do. A new route there takes no token unless
  // this list says why.
  it('takes no token on any account-security route', () => {
    const open = routeList
      .filter((r) => r.url.startsWith('/api/account/') && r.tokens !== false)
      .map((r) => `${r.method} ${r.url}`);
    expect(open).toEqual([]);
  });

  it('serves no /api route that is missing from the route table', () => {
    const declared = new Set(routeList.map((r) => `${r.method} ${r.url}`));
    const undeclared = t.app.apiRoutes
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith(DOCS_PREFIX))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
  });
});

/** Personal access tokens (issue 37): who holds one, and the scopes it was given. */
const TOKEN_HOLDERS = [
  { role: 'user', scopes: ['read'] },
  { role: 'user', scopes: ['write'] },
  { role: 'admin', scopes: ['write'] },
  { role: 'admin', scopes: ['read', 'admin'] },
  { role: 'supergod', scopes: ['write', 'admin'] },
] as const satisfies readonly { role: Role; scopes: readonly TokenScope[] }[];
type TokenHolder = (typeof TOKEN_HOLDERS)[number];

/**
 * What a token's call gets: let through (null), or refused with this status. Only an account's
 * routes take tokens, where the route allows them, with the scopes the call needs, for an account
 * whose role reaches the route; the other levels have credentials of their own.
 */
function tokenVerdict(holder: TokenHolder, route: RouteSpec): number | null {
  if (route.access === 'public') return null;
  if (NOT_ACCOUNTS.has(route.access)) return 401;
  const access = route.access as 'user' | 'admin' | 'supergod';
  if (route.tokens === false) return 403;
  if (missingScope(holder.scopes, { method: route.method, access, readOnly: route.readOnly })) {
    return 403;
  }
  return atLeast(holder.role, access) ? null : 403;
}

describeEachDatabase('access matrix with personal access tokens', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, {
      ussdGateway: { secret: 'a-gateway-secret-for-tests', cidrs: [] },
    });
  });
  afterAll(() => t.close());

  /** A new account of the holder's role with one token: the token. */
  async function tokenFor(holder: TokenHolder) {
    const user = await createUser(
      t.app,
      `${holder.role}-${randomBytes(4).toString('hex')}`,
      holder.role,
    );
    const created = await t.app.accessTokens.create(
      user,
      { name: 'matrix', scopes: [...holder.scopes] },
      null,
    );
    return created.token;
  }

  for (const route of routeList) {
    describe(`${route.method} ${route.url} (${route.access}${route.tokens === false ? ', no tokens' : ''})`, () => {
      for (const holder of TOKEN_HOLDERS) {
        const refusal = tokenVerdict(holder, route);
        const who = `a ${holder.role}'s ${holder.scopes.join('+')} token`;
        it(`${who} ${refusal === null ? 'is let through' : `is refused ${refusal}`}`, async () => {
          const res = await t.app.inject({
            method: route.method,
            url: route.url.replace(/:(\w+)/g, '1'),
            headers: { authorization: `Bearer ${await tokenFor(holder)}` },
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          if (refusal === null) {
            expect([401, 403], res.body).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode, res.body).toBe(refusal);
            expect(res.json().message).toBeTruthy();
          }
          expect(res.statusCode).toBeLessThan(500);
        });
      }
    });
  }
});
