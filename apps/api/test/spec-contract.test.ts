// The specification's API contract (product spec section 7), as a client written from the spec
// alone makes it: every call, with exactly the spec's JSON (or form), signed in as the spec's
// caller, is answered 2xx. The calls are data beside the route table
// (packages/contracts/data/spec-calls.json); a call refused on purpose names the decision that
// says why, and gets exactly the status recorded there.
import { readFileSync } from 'node:fs';
import type { Role } from '@omega/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildHelpFirst,
  createTestApp,
  createUser,
  saveCard,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

interface SpecCall {
  route: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  caller: Role | 'anonymous';
  json?: unknown;
  form?: Record<string, string>;
  departure?: string;
  status?: number;
}

const specCalls: SpecCall[] = JSON.parse(
  readFileSync(
    new URL('../../../packages/contracts/data/spec-calls.json', import.meta.url),
    'utf8',
  ),
).calls;

buildHelpFirst();

describeEachDatabase("the specification's API contract", (database) => {
  let t: TestApp;
  let accounts: Record<Role, { id: number; username: string }>;
  let values: Record<string, string | number>;

  beforeAll(async () => {
    t = await createTestApp(database);
    accounts = {
      user: await createUser(t.app, 'spec-reader'),
      admin: await createUser(t.app, 'spec-boss', 'admin'),
      supergod: await createUser(t.app, 'spec-god', 'supergod'),
    };
    const other = await createUser(t.app, 'spec-other');
    // A paid plan needs a saved card (issue 39): the spec's user has one, so its plan change
    // (to Starter, a trial) goes through as the spec's client expects.
    await saveCard(t.app, accounts.user.id);
    const feature = await t.app.database.db
      .selectFrom('features')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    values = {
      $me: accounts.user.id,
      $userId: other.id,
      $featureId: feature.id,
      $username: accounts.user.username,
      $password: TEST_PASSWORD,
    };
  });
  afterAll(() => t?.close());

  /** The spec's payload with the placeholders given their values (ids stay numbers). */
  const filled = (value: unknown): unknown => {
    if (typeof value === 'string' && value in values) return values[value];
    if (Array.isArray(value)) return value.map(filled);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v)]));
    }
    return value;
  };

  it('answers every call of section 7, sent as the spec sends it', async () => {
    const wrong: string[] = [];
    for (const call of specCalls) {
      const headers: Record<string, string> =
        call.caller === 'anonymous'
          ? {}
          : { cookie: await sessionFor(t.app, accounts[call.caller].id) };
      const url = call.url.replace(/\$\w+/g, (name) => String(values[name] ?? name));
      let payload: string | undefined;
      if (call.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(call.form).toString();
      } else if (call.json !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(filled(call.json));
      }
      const res = await t.app.inject({
        method: call.method,
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      const expected = call.departure ? `${call.status}` : '2xx';
      const got = call.departure ? `${res.statusCode}` : `${Math.floor(res.statusCode / 100)}xx`;
      if (got !== expected) {
        wrong.push(`${call.method} ${call.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a refused wallet sign-in with `error` beside `message`, the field the spec's keypad reads", async () => {
    const login = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/ussd/login', payload });
    const wrongOtp = await login({ phone: '+27821234567', otp: '1234', pin: '2468' });
    const badPin = await login({ phone: '+27821234567', otp: '1234', pin: '12' });
    expect([wrongOtp.statusCode, badPin.statusCode]).toEqual([401, 400]);
    for (const res of [wrongOtp, badPin]) {
      const body = res.json();
      expect(body.error, res.body).toBe(body.message);
      expect(body.message).toBeTruthy();
    }
    // Other calls' refusals stay `{ message }`.
    const other = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(other.json()).toEqual({ message: 'username is required' });
  });

  it('stores an override set with the spec’s JSON without a reason, shown as none given', async () => {
    const cookie = await sessionFor(t.app, accounts.admin.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/features/admin/override',
      headers: { cookie },
      payload: { userId: values.$userId, featureId: values.$featureId, enabled: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/features/admin/user-overrides?userId=${values.$userId}`,
      headers: { cookie },
    });
    expect(shown.json()).toEqual([
      expect.objectContaining({ featureId: values.$featureId, enabled: false, reason: null }),
    ]);
    const audit = await t.app.database.db
      .selectFrom('activity_logs')
      .select('details')
      .where('action', '=', 'feature_override')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toBe(
      `feature ${values.$featureId} off for user ${values.$userId}: no reason given`,
    );
  });
});
