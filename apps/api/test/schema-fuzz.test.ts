// The schema fuzz: every route in the route table, as every kind of caller, gets requests made
// from its own schemas with hostile values (NUL and other control characters, numbers that
// overflow to Infinity or past a column's range, very long text, wrong types). Whatever the
// input, the answer is an HTTP status below 500: bad input is refused before the database, on
// SQLite and on PostgreSQL alike. Seeded, so a failure is the same on every run; new routes join
// the table and are fuzzed without touching this file.
import { type Access, type RouteSpec, routes } from '@omega/contracts';
import { atLeast, type Role } from '@omega/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildHelpFirst,
  createTestApp,
  createUser,
  GATEWAY_SECRET,
  METRICS_TOKEN,
  sessionFor,
  T0,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';
import { type FuzzCase, fuzzCases, type Hints, seeded } from './helpers/schema-fuzz.js';

const SEED = 20261201;
/** Seeded random mixtures per route, on top of every field swapped one at a time. */
const RANDOM_CASES = 12;
/** Callers who are let through a route beside its first one get every this-many-th case. */
const OTHER_CALLER_STRIDE = 7;

const CALLERS = ['anonymous', 'user', 'admin', 'supergod', 'wallet', 'gateway', 'metrics'] as const;
type Caller = (typeof CALLERS)[number];
const ACCOUNT_ROLES: readonly Role[] = ['user', 'admin', 'supergod'];

function allowed(caller: Caller, access: Access): boolean {
  if (access === 'public') return true;
  if (access === 'wallet' || access === 'gateway' || access === 'metrics') return caller === access;
  return ACCOUNT_ROLES.includes(caller as Role) && atLeast(caller as Role, access as Role);
}

interface Finding {
  route: string;
  caller: Caller;
  label: string;
  status: number | string;
  body: string;
}

buildHelpFirst();

describeEachDatabase('schema fuzz', (database) => {
  let t: TestApp;
  let walletToken: string;
  let hints: Hints;

  beforeAll(async () => {
    t = await createTestApp(database, {
      ussdGateway: { secret: GATEWAY_SECRET, cidrs: [] },
    });
    const ids: number[] = [];
    for (const name of ['fuzz-one', 'fuzz-two', 'fuzz-three']) {
      ids.push((await createUser(t.app, name)).id);
    }
    hints = { userIds: ids, future: new Date(T0 + 30 * 86_400_000).toISOString() };
    const phone = '+254700000001';
    const otp = await t.app.inject({ method: 'POST', url: '/api/ussd/otp', payload: { phone } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/login',
      payload: { phone, otp: otp.json().demoOtp, pin: '2468' },
    });
    walletToken = login.json().token;
    expect(walletToken).toBeTruthy();
  });
  afterAll(() => t?.close());

  let address = 0;
  let accounts = 0;
  /** Every request from its own address, so the sign-in throttles never hide what follows. */
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  async function headersFor(caller: Caller): Promise<Record<string, string>> {
    switch (caller) {
      case 'anonymous':
        return {};
      case 'wallet':
        return { authorization: `Bearer ${walletToken}` };
      case 'gateway':
        return { 'x-omega-gateway-secret': GATEWAY_SECRET };
      case 'metrics':
        return { authorization: `Bearer ${METRICS_TOKEN}` };
      default: {
        // A fresh account per route and role: a sign-out or a view-as in one route's cases
        // does not change what the next route sees.
        accounts += 1;
        const user = await createUser(t.app, `fuzz-${caller}-${accounts}`, caller);
        return { cookie: await sessionFor(t.app, user.id) };
      }
    }
  }

  async function send(route: RouteSpec, c: FuzzCase, headers: Record<string, string>) {
    try {
      const res = await t.app.inject({
        method: route.method,
        url: c.url,
        headers: { ...headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
        ...(c.body !== undefined ? { payload: c.body } : {}),
        remoteAddress: nextAddress(),
      });
      return { status: res.statusCode as number | string, body: res.body };
    } catch (err) {
      return { status: `no answer: ${(err as Error).message}`, body: '' };
    }
  }

  it('answers every route, as every caller, with a status below 500 whatever the input', async () => {
    const random = seeded(SEED);
    const findings: Finding[] = [];
    let sent = 0;
    for (const [name, route] of Object.entries(routes) as Array<[string, RouteSpec]>) {
      const variants = [fuzzCases(route, hints, random, RANDOM_CASES)];
      if (route.bodyType === 'form-or-json') {
        variants.push(fuzzCases(route, hints, random, RANDOM_CASES, true));
      }
      const cases = variants.flat();
      const through = CALLERS.filter((c) => allowed(c, route.access));
      for (const caller of CALLERS) {
        const first = caller === through[0];
        const chosen = first
          ? cases
          : through.includes(caller)
            ? cases.filter((_, i) => i % OTHER_CALLER_STRIDE === 0)
            : cases.slice(0, 3);
        const headers = await headersFor(caller);
        for (const c of chosen) {
          const { status, body } = await send(route, c, headers);
          sent += 1;
          if (typeof status !== 'number' || status >= 500) {
            findings.push({
              route: name,
              caller,
              label: c.label,
              status,
              body: body.slice(0, 200),
            });
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(3000);
    // Grouped by route, a few examples each: one bad field shows as one line, not hundreds.
    const byRoute: Record<string, string[]> = {};
    for (const f of findings) {
      const list = byRoute[f.route] ?? [];
      byRoute[f.route] = list;
      if (list.length < 4) list.push(`${f.caller} ${f.label} -> ${f.status} ${f.body}`);
    }
    expect(byRoute, `${findings.length} of ${sent} answers were 5xx or none`).toEqual({});
  }, 240_000);
});
