// Subscriptions through the API on each database: pro-rated upgrades, cancel and resume,
// downgrades at the period end, admin overrides (complimentary until the user changes plan),
// feature entitlements, cheap polling, and renewals that two servers never bill twice.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { REVENUE_SHARDS } from '../src/repositories/subscriptions.js';
import {
  cookieForRole,
  createTestApp,
  createUser,
  renewAndCollect,
  saveCard,
  sessionFor,
  type TestApp,
} from './helpers/app.js';
import { atMigration, describeEachDatabase } from './helpers/databases.js';

const DAY = 86_400_000;

describeEachDatabase('subscriptions', (database) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    const user = await createUser(t.app, 'payer');
    userId = user.id;
    cookie = await sessionFor(t.app, user.id);
    // Paid plans need a saved card (issue 39): the one that always succeeds.
    await saveCard(t.app, user.id);
  });
  afterEach(() => t.close());

  const get = (url: string, c = cookie, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: c, ...headers } });
  const post = (url: string, payload: object = {}, c = cookie) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: c } });
  /** Moves time on; the old session has idled out by then, so sign in again. */
  const advance = async (ms: number) => {
    t.advance(ms);
    cookie = await sessionFor(t.app, userId);
  };
  const current = async () => (await get('/api/subscription/current')).json();
  const history = async () => (await get('/api/subscription/billing-history')).json();
  /** Moves the clock to the end of the current period and runs the renewal job once. */
  const renewAtPeriodEnd = async () => {
    await advance(Date.parse((await current()).currentPeriodEnd) - t.now());
    return renewAndCollect(t.app);
  };

  /** Moves the user from the free plan through the Starter trial to a paid Starter period. */
  async function onPaidStarter() {
    const started = await post('/api/subscription/change-plan', { planId: 'starter' });
    expect(started.statusCode).toBe(200);
    expect(started.json().subscription).toMatchObject({
      status: 'trialing',
      trialOffered: false,
    });
    await advance(7 * DAY);
    expect(await renewAndCollect(t.app)).toBe(1);
    const s = await current();
    expect(s).toMatchObject({ planId: 'starter', status: 'active', trialOffered: false });
    return s;
  }

  it.runIf(database.name === 'PostgreSQL')(
    "books a change's revenue without waiting for another user's change of the same day and plan",
    async () => {
      const other = await createUser(t.app, 'other');
      await saveCard(t.app, other.id);
      expect(userId % REVENUE_SHARDS).not.toBe(other.id % REVENUE_SHARDS);
      const { subscriptions } = t.app.repos;
      // The payer's move to Starter today, booked in a transaction that stays open.
      const held = t.app.database.db.transaction().execute(async (trx) => {
        const move = { fromPlan: 'free', toPlan: 'starter', before: 0, after: 0 };
        const none = { newMrr: 0, expansion: 0, contraction: 0, churned: 0 };
        await subscriptions.bookRevenue({ ...move, ...none }, t.now(), userId, trx);
        // Meanwhile another user starts Starter too: answered while that row is held.
        const change = t.app.inject({
          method: 'POST',
          url: '/api/subscription/change-plan',
          payload: { planId: 'starter' },
          headers: { cookie: await sessionFor(t.app, other.id) },
        });
        const waited = new Promise<'waited'>((resolve) => setTimeout(resolve, 3_000, 'waited'));
        const first = await Promise.race([change, waited]);
        expect(first === 'waited' ? first : first.statusCode).toBe(200);
      });
      await held;
      const starter = await t.app.database.db
        .selectFrom('revenue_day_shards')
        .select((eb) => eb.fn.sum<number>('accounts').as('accounts'))
        .where('plan_id', '=', 'starter')
        .executeTakeFirstOrThrow();
      expect(Number(starter.accounts)).toBe(2);
    },
  );

  it.runIf(database.name === 'PostgreSQL')(
    'changes plan in two round trips: the subscription with the saved card, then the change',
    async () => {
      const trips = t.app.database.roundTrips;
      if (!trips) throw new Error('PostgreSQL counts its round trips');
      expect((await post('/api/subscription/change-plan', { planId: 'starter' })).statusCode).toBe(
        200,
      );
      const before = trips();
      // In the trial a new plan applies at once, with nothing to charge.
      const res = await post('/api/subscription/change-plan', { planId: 'pro' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().subscription).toMatchObject({ planId: 'pro', status: 'trialing' });
      expect(trips() - before).toBe(2);
    },
  );

  it('applies one of several simultaneous changes of a subscription; the others write nothing', async () => {
    await onPaidStarter();
    const { db } = t.app.database;
    const changes = () =>
      db
        .selectFrom('activity_logs')
        .select('id')
        .where('action', '=', 'plan_change')
        .where('user_id', '=', userId)
        .execute();
    const [invoicesBefore, changesBefore] = [(await history()).length, (await changes()).length];
    const creditBefore = (await current()).creditBalance;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/subscription/change-plan', { planId: 'pro' })),
    );
    // A copy that read the subscription before the change was made shares its charge and is
    // told it was made; one that read it after is told it is on Pro already. Either way the
    // change is written once.
    for (const answer of answers) {
      expect(
        [
          [200, 'You are now on the Pro plan'],
          [409, 'You are already on the Pro plan'],
        ],
        answer.body,
      ).toContainEqual([answer.statusCode, answer.json().message]);
    }
    // One invoice for the upgrade, one activity entry, one revenue move to Pro.
    expect((await history()).length).toBe(invoicesBefore + 1);
    expect((await changes()).length).toBe(changesBefore + 1);
    const pro = await db
      .selectFrom('revenue_day_shards')
      .select((eb) => eb.fn.sum<number>('accounts').as('accounts'))
      .where('plan_id', '=', 'pro')
      .executeTakeFirstOrThrow();
    expect(Number(pro.accounts)).toBe(1);
    expect(await current()).toMatchObject({ planId: 'pro' });
    // The one charge paid for the one change: no credit was made of it for the others.
    const after = await current();
    expect(after.creditBalance).toBe(creditBefore);
  });

  it('starts a new account on the free plan', async () => {
    expect(await current()).toMatchObject({
      planId: 'free',
      planName: 'Free',
      cancelAtPeriodEnd: false,
      trialOffered: true,
    });
    expect((await get('/api/subscription/current-plan')).json()).toEqual({
      id: 'free',
      name: 'Free',
      price: 0,
    });
    expect(await history()).toEqual([]);
  });

  it('lists the plan ladder with saving percents and features', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/subscription/plans' })).json();
    expect(plans.map((p: { id: string }) => p.id)).toEqual([
      'free',
      'starter',
      'pro',
      'enterprise',
    ]);
    const pro = plans.find((p: { id: string }) => p.id === 'pro');
    expect(pro).toMatchObject({
      price: 2900,
      annualPrice: 29000,
      isPopular: true,
      annualSavingPercent: 17,
    });
    expect(pro.features).toContain('Spending analytics');
  });

  it('charges an upgrade mid-period pro-rated, and shows it in the billing history', async () => {
    const s = await onPaidStarter();
    const start = Date.parse(s.currentPeriodStart);
    const end = Date.parse(s.currentPeriodEnd);
    await advance((end - start) / 2);
    const preview = (await post('/api/subscription/preview-change', { planId: 'pro' })).json();
    expect(preview).toMatchObject({ kind: 'charge-now', chargedNow: 1000 });
    const res = await post('/api/subscription/change-plan', { planId: 'pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You are now on the Pro plan');
    expect(res.json().preview.chargedNow).toBe(preview.chargedNow);
    const invoices = await history();
    expect(invoices.map((i: { amount: number }) => i.amount)).toEqual([1000, 900]);
    expect(invoices[0].description).toBe('Upgrade to Pro (pro-rated)');
  });

  it('cancels at the period end and resumes; a second resume is a clear 409', async () => {
    await onPaidStarter();
    const cancelled = await post('/api/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Subscription Cancelled',
      subscription: { cancelAtPeriodEnd: true },
    });
    const resumed = await post('/api/subscription/resume');
    expect(resumed.json()).toMatchObject({
      message: 'Subscription Resumed',
      subscription: { cancelAtPeriodEnd: false },
    });
    const again = await post('/api/subscription/resume');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'There is no cancellation to resume' });
  });

  it('ends a cancelled subscription at the period end and falls back to free', async () => {
    const s = await onPaidStarter();
    await post('/api/subscription/cancel');
    await advance(Date.parse(s.currentPeriodEnd) - t.now());
    await renewAndCollect(t.app);
    // Back on Free, the trial was had: the plans page must not promise another.
    expect(await current()).toMatchObject({
      planId: 'free',
      cancelAtPeriodEnd: false,
      trialOffered: false,
    });
    expect((await history()).length).toBe(1);
    const again = await post('/api/subscription/change-plan', { planId: 'starter' });
    expect(again.json().subscription).toMatchObject({ planId: 'starter', status: 'active' });
  });

  it('applies a downgrade when the clock reaches the period end', async () => {
    await onPaidStarter();
    await post('/api/subscription/change-plan', { planId: 'pro' });
    const down = await post('/api/subscription/change-plan', { planId: 'starter' });
    expect(down.json().preview).toMatchObject({ kind: 'scheduled', chargedNow: 0 });
    expect(down.json().message).toMatch(/^Your plan changes to Starter on \d{4}-\d{2}-\d{2}$/);
    const s = await current();
    expect(s).toMatchObject({
      planId: 'pro',
      scheduledChange: { planId: 'starter', interval: 'month' },
    });
    await advance(Date.parse(s.currentPeriodEnd) - t.now() - 1000);
    expect(await renewAndCollect(t.app)).toBe(0);
    await advance(1000);
    expect(await renewAndCollect(t.app)).toBe(1);
    expect(await current()).toMatchObject({ planId: 'starter', scheduledChange: null });
    expect((await history())[0]).toMatchObject({ amount: 900 });
  });

  it("moves a yearly subscriber to Free at the period end with the spec's call, which names only the plan", async () => {
    await onPaidStarter();
    const yearly = await post('/api/subscription/change-plan', {
      planId: 'pro',
      interval: 'year',
    });
    expect(yearly.statusCode, yearly.body).toBe(200);
    const paid = await current();
    expect(paid).toMatchObject({ planId: 'pro', interval: 'year', status: 'active' });
    await advance(30 * DAY);
    // Free is sold monthly only: the call names no interval, and it is not refused for that.
    const preview = await post('/api/subscription/preview-change', { planId: 'free' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ kind: 'scheduled', chargedNow: 0 });
    const down = await post('/api/subscription/change-plan', { planId: 'free' });
    expect(down.statusCode, down.body).toBe(200);
    // A downgrade applies at the period end (spec section 4): the year paid for is kept.
    expect(down.json().preview).toMatchObject({
      kind: 'scheduled',
      chargedNow: 0,
      effectiveAt: paid.currentPeriodEnd,
    });
    const s = await current();
    expect(s).toMatchObject({
      planId: 'pro',
      interval: 'year',
      creditBalance: paid.creditBalance,
      scheduledChange: { planId: 'free', interval: 'month' },
    });
    const invoices = (await history()).length;
    expect(await renewAtPeriodEnd()).toBe(1);
    expect(await current()).toMatchObject({
      planId: 'free',
      interval: 'month',
      scheduledChange: null,
    });
    expect((await history()).length).toBe(invoices);
  });

  it('keeps a scheduled downgrade through cancel and resume, and renews at its price', async () => {
    await onPaidStarter();
    await post('/api/subscription/change-plan', { planId: 'pro' });
    const down = await post('/api/subscription/change-plan', { planId: 'starter' });
    expect(down.json().preview).toMatchObject({ kind: 'scheduled', chargedNow: 0 });
    expect((await post('/api/subscription/cancel')).statusCode).toBe(200);
    const resumed = await post('/api/subscription/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().subscription).toMatchObject({
      planId: 'pro',
      cancelAtPeriodEnd: false,
      scheduledChange: { planId: 'starter', interval: 'month' },
      nextCharge: { amount: 900 },
    });
    expect(await renewAtPeriodEnd()).toBe(1);
    expect(await current()).toMatchObject({ planId: 'starter', scheduledChange: null });
    const [renewal] = await history();
    expect(renewal).toMatchObject({ amount: 900 });
    expect(renewal.description).toMatch(/^Starter plan renewal/);
  });

  it('drops a scheduled downgrade when the user chooses the current plan again', async () => {
    await onPaidStarter();
    await post('/api/subscription/change-plan', { planId: 'pro' });
    await post('/api/subscription/change-plan', { planId: 'starter' });
    const keep = await post('/api/subscription/change-plan', { planId: 'pro' });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({
      message: 'You stay on the Pro plan',
      preview: { kind: 'keep', chargedNow: 0, nextRenewalAmount: 2900 },
      subscription: { planId: 'pro', scheduledChange: null },
    });
    expect(await renewAtPeriodEnd()).toBe(1);
    expect(await current()).toMatchObject({ planId: 'pro' });
    expect((await history())[0]).toMatchObject({ amount: 2900 });
  });

  it('shows the next charge of a plan the user pays for, and bills it at renewal', async () => {
    const s = await onPaidStarter();
    expect(s).toMatchObject({
      complimentary: false,
      nextCharge: { at: s.currentPeriodEnd, amount: 900 },
    });
    expect(await renewAtPeriodEnd()).toBe(1);
    expect((await history()).map((i: { amount: number }) => i.amount)).toEqual([900, 900]);
  });

  it('renews a plan an admin assigned without charging, until the user changes it', async () => {
    const adminCookie = (await cookieForRole(t.app, 'admin')) ?? '';
    const set = await post('/api/subscription/override', { userId, planId: 'pro' }, adminCookie);
    expect(set.statusCode).toBe(200);
    expect(await current()).toMatchObject({
      planId: 'pro',
      complimentary: true,
      nextCharge: null,
    });
    for (let i = 0; i < 2; i++) expect(await renewAtPeriodEnd()).toBe(1);
    expect(await history()).toEqual([]);
    expect(await current()).toMatchObject({ planId: 'pro', complimentary: true });

    // The user's own downgrade: Pro stays complimentary until the period end, then Starter is
    // billed like any plan the user chose.
    const down = await post('/api/subscription/change-plan', { planId: 'starter' });
    expect(down.json()).toMatchObject({
      preview: { kind: 'scheduled', chargedNow: 0 },
      subscription: { planId: 'pro', complimentary: true, nextCharge: { amount: 900 } },
    });
    expect(await renewAtPeriodEnd()).toBe(1);
    expect(await current()).toMatchObject({ planId: 'starter', complimentary: false });
    expect((await history()).map((i: { amount: number }) => i.amount)).toEqual([900]);
  });

  it('charges the full price, crediting nothing, when the user upgrades an assigned plan', async () => {
    await onPaidStarter();
    const adminCookie = (await cookieForRole(t.app, 'admin')) ?? '';
    await post('/api/subscription/override', { userId, planId: 'pro' }, adminCookie);
    await advance(5 * DAY);
    const up = await post('/api/subscription/change-plan', { planId: 'enterprise' });
    expect(up.json()).toMatchObject({
      preview: { kind: 'new-period', chargedNow: 9900, creditAfter: 0 },
      subscription: { planId: 'enterprise', complimentary: false },
    });
    expect((await history())[0]).toMatchObject({ amount: 9900 });
  });

  it('answers clear 4xx for the current plan, unknown plans and bad input', async () => {
    const same = await post('/api/subscription/change-plan', { planId: 'free' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: 'You are already on the Free plan' });
    const unknown = await post('/api/subscription/change-plan', { planId: 'gold' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({ message: 'Unknown plan: gold' });
    const bad = await post('/api/subscription/change-plan', { planId: 'pro', interval: 'week' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "interval must be 'month' or 'year'" });
    expect((await post('/api/subscription/cancel')).statusCode).toBe(409);
  });

  it('lets an admin set a plan without charging, and records it', async () => {
    const admin = await createUser(t.app, 'boss', 'admin');
    const adminCookie = await sessionFor(t.app, admin.id);
    const res = await post(
      '/api/subscription/override',
      { userId, planId: 'enterprise' },
      adminCookie,
    );
    expect(res.json()).toEqual({ ok: true, message: 'Subscription updated' });
    expect(await current()).toMatchObject({ planId: 'enterprise' });
    expect(await history()).toEqual([]);
    const info = (await get(`/api/subscription/override-info?userId=${userId}`)).json();
    expect(info).toMatchObject({ overriddenByAdmin: true, proRatedAmount: expect.any(Number) });
    expect(info.overrideDate).toBe(new Date(t.now()).toISOString());
    const other = await get(`/api/subscription/override-info?userId=${admin.id}`);
    expect(other.statusCode).toBe(403);
    // An administrator asking about an account that does not exist is told so.
    const nobody = await get('/api/subscription/override-info?userId=99999', adminCookie);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ message: 'No user with id 99999' });
    const actions = (await t.app.repos.activity.recent(5)).map((r) => r.action);
    expect(actions).toContain('plan_override');
  });

  it('applies every one of several admins’ plans for a user who has no subscription yet, one after another', async () => {
    const newcomer = await createUser(t.app, 'newcomer');
    const rows = () =>
      t.app.database.db
        .selectFrom('subscriptions')
        .select('plan_id')
        .where('user_id', '=', newcomer.id)
        .execute();
    expect(await rows()).toEqual([]);
    const admins = await Promise.all(
      ['ann', 'ben'].map(async (name) =>
        sessionFor(t.app, (await createUser(t.app, name, 'admin')).id),
      ),
    );
    const plans = ['starter', 'pro', 'enterprise', 'free', 'pro', 'starter', 'enterprise', 'pro'];
    // Each waits for the one before it (the row is locked before it is read), none fails.
    const answers = await Promise.all(
      plans.map((planId, i) =>
        post('/api/subscription/override', { userId: newcomer.id, planId }, admins[i % 2]),
      ),
    );
    expect(answers.map((a) => `${a.statusCode} ${a.json().message}`)).toEqual(
      plans.map(() => '200 Subscription updated'),
    );
    const [row] = await rows();
    expect(plans).toContain(row?.plan_id);
    const recorded = await t.app.database.db
      .selectFrom('subscription_overrides')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', newcomer.id)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.n)).toBe(plans.length);
  });

  it('bulk-overrides plans, refusing the whole batch when one user is unknown', async () => {
    const adminCookie = await cookieForRole(t.app, 'admin');
    const second = await createUser(t.app, 'second');
    const refused = await post(
      '/api/subscription/bulk-override',
      { userIds: [userId, 9999], planId: 'pro' },
      adminCookie ?? '',
    );
    expect(refused.statusCode).toBe(404);
    expect(await current()).toMatchObject({ planId: 'free' });
    const res = await post(
      '/api/subscription/bulk-override',
      { userIds: [userId, second.id], planId: 'pro' },
      adminCookie ?? '',
    );
    expect(res.json()).toEqual({ ok: true, message: 'Subscriptions updated' });
    const users = (await get('/api/users/with-subscriptions', adminCookie ?? '')).json();
    const plans = Object.fromEntries(
      users.map((u: { username: string; subscription: { planId: string } }) => [
        u.username,
        u.subscription.planId,
      ]),
    );
    expect(plans).toMatchObject({ payer: 'pro', second: 'pro' });
    const empty = await post(
      '/api/subscription/bulk-override',
      { userIds: [], planId: 'pro' },
      adminCookie ?? '',
    );
    expect(empty.json()).toEqual({ message: 'Select at least one user' });
  });

  it('changes /api/features/user with plan toggles and per-user overrides', async () => {
    const adminCookie = (await cookieForRole(t.app, 'admin')) ?? '';
    const features = (await get('/api/features')).json();
    const analytics = features.find((f: { name: string }) => f.name === 'Spending analytics');
    expect(analytics.requiredPlan).toBe('Pro');
    const mine = async () => (await get('/api/features/user')).json() as number[];
    expect(await mine()).not.toContain(analytics.id);

    await t.app.inject({
      method: 'PATCH',
      url: '/api/features/toggle',
      payload: { planId: 'free', featureId: analytics.id, enabled: true },
      headers: { cookie: adminCookie },
    });
    expect(await mine()).toContain(analytics.id);

    await post(
      '/api/features/admin/override',
      { userId, featureId: analytics.id, enabled: false, reason: 'Support case' },
      adminCookie,
    );
    expect(await mine()).not.toContain(analytics.id);
    const seenByAdmin = (
      await get(`/api/features/admin/user-features?userId=${userId}`, adminCookie)
    ).json();
    expect(seenByAdmin).toEqual(await mine());

    const added = await post(
      '/api/features',
      { name: 'Dark pool', category: 'Trading', description: 'x' },
      adminCookie,
    );
    expect(added.json()).toMatchObject({
      name: 'Dark pool',
      category: 'Trading',
      requiredPlan: null,
    });
    const dup = await post(
      '/api/features',
      { name: 'Dark pool', category: 'Trading' },
      adminCookie,
    );
    expect(dup.statusCode).toBe(409);
    // Names and categories are the same whatever their case: no second 'Dark pool', and a new
    // feature joins the category as it is already spelled instead of starting another group.
    const shouted = await post('/api/features', { name: 'DARK POOL', category: 'x' }, adminCookie);
    expect(shouted.statusCode).toBe(409);
    expect(shouted.json()).toEqual({ message: 'A feature named Dark pool already exists' });
    const grouped = await post(
      '/api/features',
      { name: 'Lit pool', category: 'TRADING' },
      adminCookie,
    );
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect(grouped.json()).toMatchObject({ name: 'Lit pool', category: 'Trading' });
    const noName = await post('/api/features', { name: '', category: 'Trading' }, adminCookie);
    expect(noName.json()).toEqual({ message: 'Name is required' });
    // Characters that show nothing (zero-width spaces, a word joiner, a Hangul filler) are no name.
    const invisible = await post(
      '/api/features',
      { name: '\u200b\u2060\u3164', category: 'Trading' },
      adminCookie,
    );
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json()).toEqual({ message: 'Name is required' });
    const noCategory = await post(
      '/api/features',
      { name: 'Lit pool', category: '\u200b' },
      adminCookie,
    );
    expect(noCategory.json()).toEqual({ message: 'Category is required' });
  });

  it('adds one of several spellings of a new feature name sent at once by different admins', async () => {
    const spellings = [
      'Dark pool',
      'DARK POOL',
      'dark pool',
      'Dark Pool',
      'dARK pOOL',
      'DARK pool',
    ];
    const admins = await Promise.all(spellings.map(() => cookieForRole(t.app, 'admin')));
    const answers = await Promise.all(
      spellings.map((name, i) =>
        post('/api/features', { name, category: 'Trading' }, admins[i] ?? ''),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const added = answers.find((a) => a.statusCode === 200)?.json().name;
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: `A feature named ${added} already exists` });
    }
    const named = (await get('/api/features')).json() as { name: string }[];
    expect(named.filter((f) => f.name.toLowerCase() === 'dark pool')).toHaveLength(1);
  });

  it('answers a poll with 304 while nothing changed', async () => {
    const first = await get('/api/subscription/current');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/api/subscription/current', cookie, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await post('/api/subscription/change-plan', { planId: 'pro' });
    const changed = await get('/api/subscription/current', cookie, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
  });
});

describeEachDatabase('feature names migration', (database) => {
  it('keys the names an older release stored, keeping spellings that already share a key', async () => {
    await atMigration(database, '0031-assistant-feedback-once', async (handle) => {
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was before 0032.
      const old = handle.db as any;
      const add = (name: string) =>
        old
          .insertInto('features')
          .values({ name, category: 'Trading', description: '', created_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
      const first = await add('Dark pool');
      const copy = await add('DARK POOL');
      await migrateToLatest(handle.db, handle.schema);
      const keys = await handle.db
        .selectFrom('features')
        .select(['name', 'name_key'])
        .where('id', 'in', [first.id, copy.id])
        .orderBy('id')
        .execute();
      expect(keys).toEqual([
        { name: 'Dark pool', name_key: 'dark pool' },
        { name: 'DARK POOL', name_key: `dark pool#${copy.id}` },
      ]);
      // Every seeded feature has its key, and no third spelling can join them.
      const unkeyed = await handle.db
        .selectFrom('features')
        .select('id')
        .where('name_key', 'is', null)
        .execute();
      expect(unkeyed).toEqual([]);
      await expect(
        handle.db
          .insertInto('features')
          .values({
            name: 'dark Pool',
            name_key: 'dark pool',
            category: 'Trading',
            description: '',
            created_at: 2,
          })
          .execute(),
      ).rejects.toThrow(/unique/i);
    });
  });
});

describeEachDatabase('renewals with two workers', (database) => {
  it('bills each period once when two workers race', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'omega-race-'));
    const shared = await database.create();
    const a = await createTestApp(database, { dataDir }, shared);
    // On PostgreSQL the second worker is a second server on the same database. SQLite is the
    // single-server setup (one process holds the file), so there the two workers are two
    // concurrent runs in one server, interleaving at every database call.
    const b =
      database.name === 'PostgreSQL'
        ? await createTestApp(database, { dataDir }, { url: shared.url, drop: async () => {} })
        : a;
    try {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const user = await createUser(a.app, `racer${i}`);
        ids.push(user.id);
        await saveCard(a.app, user.id);
        await a.app.subscriptions.change(user.id, { planId: 'enterprise' }, null);
      }
      // Past the trial, then two more months: every run competes for the same rows.
      for (const step of [15 * DAY, 31 * DAY, 31 * DAY]) {
        a.advance(step);
        if (b !== a) b.advance(step);
        const [ra, rb] = await Promise.all([renewAndCollect(a.app), renewAndCollect(b.app)]);
        expect(ra + rb).toBe(ids.length);
      }
      const invoices = await a.app.database.db.selectFrom('invoices').selectAll().execute();
      const perPeriod = new Set(invoices.map((i) => `${i.user_id}:${i.period_start}`));
      expect(perPeriod.size).toBe(invoices.length);
      expect(invoices.length).toBe(ids.length * 3);
      // Each invoice paid by exactly one charge at the provider, whichever worker made it.
      expect(invoices.every((i) => i.status === 'paid' && i.attempts === 1)).toBe(true);
      const charges = await a.app.database.db.selectFrom('demo_charges').selectAll().execute();
      expect(charges.map((c) => c.idempotency_key).sort()).toEqual(
        invoices.map((i) => `invoice:${i.id}:1`).sort(),
      );
    } finally {
      if (b !== a) await b.app.close();
      await a.close();
    }
  });
});
