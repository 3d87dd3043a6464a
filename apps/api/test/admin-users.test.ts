// One page per user (issue 19): GET /api/admin/users/:id gathers the account, its live
// sessions (by handle, never the id), subscription with invoices and scheduled change, feature
// overrides with who/why/until, its keypad wallet, activity and the log rows of its requests;
// one session can be ended (audited); admins act on normal users only, supergods on anyone.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../src/services/session-store.js';
import {
  createTestApp,
  createUser,
  renewAndCollect,
  saveCard,
  sessionCookie,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
  walletOnPlan,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const PHONE = '+27821234567';

describeEachDatabase('the user page', (database) => {
  let t: TestApp;
  let admin: { id: number; username: string };
  let adminCookie: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    admin = await createUser(t.app, 'boss', 'admin');
    adminCookie = await sessionFor(t.app, admin.id);
  });
  afterEach(() => t.close());

  const page = (id: number | string, cookie = adminCookie) =>
    t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: { cookie } });
  const revoke = (id: number, handle: string, cookie = adminCookie) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${id}/sessions/${handle}`,
      headers: { cookie },
    });
  const activity = () =>
    t.app.database.db.selectFrom('activity_logs').selectAll().orderBy('id').execute();

  async function signIn(username: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res) ?? '';
  }

  it('gathers subscription, invoices, scheduled change, overrides, wallet, sessions and activity', async () => {
    // Ann opened a keypad wallet on a Starter plan an admin assigned, moved to Pro (a trial),
    // was charged when it ended, and then asked to go back to Starter at the period's end.
    const ann = await walletOnPlan(t.app, PHONE);
    await saveCard(t.app, ann.id);
    const change = async (planId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscription/change-plan',
        payload: { planId },
        headers: { cookie: await sessionFor(t.app, ann.id) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await change('pro');
    t.advance(14 * 86_400_000);
    expect(await renewAndCollect(t.app)).toBe(1);
    await change('starter');
    adminCookie = await sessionFor(t.app, admin.id);
    const annCookie = await signIn(ann.username);
    const features = await t.app.repos.subscriptions.features();
    const analytics = features.find((f) => f.name === 'Spending analytics');
    const override = await t.app.inject({
      method: 'POST',
      url: '/api/features/admin/override',
      payload: {
        userId: ann.id,
        featureId: analytics?.id,
        enabled: false,
        reason: 'Fraud review',
        expiresAt: new Date(t.now() + 86_400_000).toISOString(),
      },
      headers: { cookie: adminCookie },
    });
    expect(override.statusCode, override.body).toBe(200);
    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/otp',
      payload: { phone: PHONE },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/login',
      payload: { phone: PHONE, otp: otp.json().demoOtp, pin: '2468' },
    });
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/transaction',
      payload: { type: 'Purchase', coin: 'BTC', amount: '130', idempotencyKey: 'buy-once-123' },
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(buy.statusCode, buy.body).toBe(200);

    const res = await page(ann.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: ann.id,
      username: ann.username,
      email: null,
      role: 'user',
      disabled: false,
      createdAt: new Date(t.now() - 14 * 86_400_000).toISOString(),
      lastLogin: new Date(t.now()).toISOString(),
    });
    expect(body.subscription).toMatchObject({
      planId: 'pro',
      scheduledChange: { planId: 'starter', interval: 'month' },
    });
    expect(body.invoices.length).toBeGreaterThan(0);
    // Charged once to the saved card, which the page shows by brand and last 4 (issue 39).
    expect(body.invoices[0]).toMatchObject({
      amount: expect.any(Number),
      status: 'paid',
      attempts: 1,
      failureMessage: null,
    });
    expect(body.paymentMethod).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect(body.overrides).toEqual([
      {
        featureId: analytics?.id,
        featureName: 'Spending analytics',
        enabled: false,
        reason: 'Fraud review',
        setBy: { id: admin.id, username: 'boss' },
        setAt: new Date(t.now()).toISOString(),
        expiresAt: new Date(t.now() + 86_400_000).toISOString(),
      },
    ]);
    expect(body.wallets).toHaveLength(1);
    expect(body.wallets[0]).toMatchObject({
      phone: PHONE,
      lockedUntil: null,
      balances: { USD: '370.00', BTC: '0.0061' },
    });
    expect(body.wallets[0].transactions).toEqual([
      expect.objectContaining({ id: 'buy-once-123', type: 'Purchase', status: 'success' }),
    ]);
    // Her sign-in, and the session the second plan change was made in.
    const session = {
      handle: expect.stringMatching(/^[0-9a-f]{16}$/),
      createdAt: new Date(t.now()).toISOString(),
      lastSeenAt: new Date(t.now()).toISOString(),
      expiresAt: new Date(t.now() + 30 * 60_000).toISOString(),
      viewingAs: null,
    };
    expect(body.sessions).toEqual([session, session]);
    // The session id never leaves the server, nor does its full stored hash.
    const sid = decodeURIComponent(annCookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(res.body).not.toContain(sid);
    const stored = await t.app.database.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', ann.id)
      .execute();
    for (const { id_hash } of stored) expect(res.body).not.toContain(id_hash);
    expect(body.activity.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['login', 'plan_change']),
    );
    expect(body.activity.every((a: { userId: number }) => a.userId === ann.id)).toBe(true);
    expect(body.systemLogs).toEqual({ linked: expect.any(Boolean), entries: expect.any(Array) });
    expect(body.can).toEqual({
      revokeSessions: true,
      viewAs: true,
      changeRole: false,
      disable: false,
    });
  });

  it('answers an account with nothing yet: no subscription row, empty lists', async () => {
    const bob = await createUser(t.app, 'bob');
    const body = (await page(bob.id)).json();
    expect(body).toMatchObject({
      subscription: null,
      invoices: [],
      overrides: [],
      wallets: [],
      sessions: [],
      activity: [],
    });
    // Reading the page opened no subscription for the account.
    expect(await t.app.repos.subscriptions.find(bob.id)).toBeUndefined();
  });

  it("lists the system-log rows of the user's requests, through the request id", async () => {
    const ann = await createUser(t.app, 'ann');
    const bob = await createUser(t.app, 'bob');
    const db = t.app.database.db;
    // Migration 0011 adds these columns; until it lands here, the test adds them itself.
    if (!(await t.app.repos.systemLogs.hasRequestIds())) {
      await sql`alter table system_logs add column request_id text`.execute(db);
      await sql`alter table activity_logs add column request_id text`.execute(db);
    }
    const annRequest = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const bobRequest = '16fd2706-8baf-433b-82eb-8c7fada847da';
    const at = t.now();
    for (const [userId, requestId] of [
      [ann.id, annRequest],
      [bob.id, bobRequest],
    ] as const) {
      await sql`insert into activity_logs (user_id, action, details, created_at, request_id)
        values (${userId}, 'plan_change', 'changed plan', ${at}, ${requestId})`.execute(db);
    }
    for (const [message, requestId] of [
      ['card declined for ann', annRequest],
      ['slow query for bob', bobRequest],
      ['server started', null],
      ['retrying the card for ann', annRequest],
    ] as const) {
      await sql`insert into system_logs (level, source, message, stack_trace, created_at, request_id)
        values ('WARNING', 'subscriptions', ${message}, ${null}, ${at}, ${requestId})`.execute(db);
    }
    const body = (await page(ann.id)).json();
    expect(body.systemLogs.linked).toBe(true);
    expect(body.systemLogs.entries.map((e: { message: string }) => e.message)).toEqual([
      'retrying the card for ann',
      'card declined for ann',
    ]);
    expect(body.systemLogs.entries[0]).toEqual({
      id: expect.any(Number),
      level: 'WARNING',
      source: 'subscriptions',
      message: 'retrying the card for ann',
      timestamp: new Date(at).toISOString(),
    });
  });

  it('answers 404 for an unknown id and 400 naming the id for a bad one', async () => {
    const missing = await page(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No user with id 999999.' });
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await page(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('id must be a whole number from 1 up');
    }
  });

  it('ends one session of a user, audited; the session stops working within a second', async () => {
    const ann = await createUser(t.app, 'ann');
    const first = await signIn('ann');
    const second = await signIn('ann');
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect((await me(first)).statusCode).toBe(200);
    const sessions = (await page(ann.id)).json().sessions as Array<{ handle: string }>;
    expect(sessions).toHaveLength(2);
    const [ended, kept] = sessions as [{ handle: string }, { handle: string }];

    const res = await revoke(ann.id, ended.handle);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: `Session ${ended.handle} of ann has ended.`,
    });
    expect((await page(ann.id)).json().sessions).toEqual([
      expect.objectContaining({ handle: kept.handle }),
    ]);
    expect((await activity()).at(-1)).toMatchObject({
      user_id: admin.id,
      action: 'session_revoke',
      details: `boss ended session ${ended.handle} of ann (user ${ann.id})`,
    });
    // The session store trusts a row it read for SESSION_CACHE_MS: then the session is gone.
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 50));
    const statuses = [(await me(first)).statusCode, (await me(second)).statusCode];
    // Which of the two was the newest depends on the order of equal creation times.
    expect(statuses.sort()).toEqual([200, 401]);

    const again = await revoke(ann.id, ended.handle);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: `ann has no live session ${ended.handle}.` });
    const bad = await revoke(ann.id, 'not-a-handle');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('handle must be the 16 hex digits the user page shows');
  });

  it("refuses an admin acting on another admin's or a supergod's sessions; a supergod may", async () => {
    const god = await createUser(t.app, 'zeus', 'supergod');
    const peer = await createUser(t.app, 'peer', 'admin');
    await signIn('zeus');
    await signIn('peer');
    for (const target of [god, peer]) {
      const body = (await page(target.id)).json();
      expect(body.can).toMatchObject({ revokeSessions: false, viewAs: false });
      const res = await revoke(target.id, body.sessions[0].handle);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `Only a supergod can end the sessions of ${target.username} (${target.role}).`,
      );
    }
    expect((await page(god.id)).json().sessions).toHaveLength(1);

    const godCookie = await sessionFor(t.app, god.id);
    const peerPage = (await page(peer.id, godCookie)).json();
    expect(peerPage.can).toEqual({
      revokeSessions: true,
      viewAs: false,
      changeRole: true,
      disable: true,
    });
    const res = await revoke(peer.id, peerPage.sessions[0].handle, godCookie);
    expect(res.statusCode).toBe(200);
  });
});
