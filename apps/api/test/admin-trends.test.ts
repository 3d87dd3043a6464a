// The admin console's trend charts (issue 19): each endpoint's buckets hold what happened in
// them, on both databases — log levels per minute, sign-ins per hour, registrations per day,
// plans per day and MRR with its movements, which must agree with the invoices.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { inTransaction } from '../src/lib/transaction.js';
import {
  createTestApp,
  createUser,
  renewAndCollect,
  saveCard,
  sessionFor,
  T0,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describeEachDatabase('admin trend charts', (database) => {
  let t: TestApp;
  let adminId: number;
  /** Users of this test's database who saved a card. */
  let carded: Set<number>;
  beforeEach(async () => {
    t = await createTestApp(database);
    carded = new Set();
    adminId = (await createUser(t.app, 'boss', 'admin')).id;
  });
  afterEach(() => t.close());

  const chart = async (name: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/trends/${name}`,
      headers: { cookie: await sessionFor(t.app, adminId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const asUser = async (userId: number, method: 'GET' | 'POST', url: string, payload?: object) => {
    const cookie = await sessionFor(t.app, userId);
    const res = await t.app.inject({ method, url, payload, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** A plan change by the user, who saves a card first (a paid plan needs one: issue 39). */
  const changePlan = async (userId: number, planId: string, interval = 'month') => {
    if (!carded.has(userId)) {
      carded.add(userId);
      await saveCard(t.app, userId);
    }
    return asUser(userId, 'POST', '/api/subscription/change-plan', { planId, interval });
  };

  it('refuses everyone below admin', async () => {
    const user = await createUser(t.app, 'ann');
    for (const name of ['log-levels', 'sign-ins', 'registrations', 'plans', 'revenue']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/trends/${name}`,
        headers: { cookie: await sessionFor(t.app, user.id) },
      });
      expect(res.statusCode, name).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/admin/trends/${name}` })).statusCode,
      ).toBe(401);
    }
  });

  it('counts errors and warnings per minute over the last 24 hours, the last bucket holding now', async () => {
    const now = t.now();
    const log = (level: 'ERROR' | 'WARNING' | 'INFO', at: number) => ({
      level,
      source: 'test',
      message: `${level} at ${at}`,
      stackTrace: null,
      at,
    });
    await t.app.repos.systemLogs.insertMany([
      log('ERROR', now - 10 * MINUTE),
      log('ERROR', now - 10 * MINUTE + 1),
      log('WARNING', now - 10 * MINUTE),
      log('WARNING', now),
      log('INFO', now),
      log('ERROR', now - 25 * HOUR), // older than the chart
    ]);
    const trend = await chart('log-levels');
    expect(trend.bucketMs).toBe(MINUTE);
    expect(trend.errors).toHaveLength(1440);
    expect(trend.warnings).toHaveLength(1440);
    const start = Date.parse(trend.start);
    expect(start % MINUTE).toBe(0);
    expect(start + 1439 * MINUTE).toBeLessThanOrEqual(now);
    expect(start + 1440 * MINUTE).toBeGreaterThan(now);
    const bucketOf = (at: number) => Math.floor((at - start) / MINUTE);
    expect(trend.errors[bucketOf(now - 10 * MINUTE)]).toBe(2);
    expect(sum(trend.errors)).toBe(2);
    expect(trend.warnings[bucketOf(now - 10 * MINUTE)]).toBe(1);
    expect(trend.warnings[1439]).toBe(1);
    expect(sum(trend.warnings)).toBe(2);
  });

  it('counts sign-ins and failed sign-ins per hour over 7 days', async () => {
    await createUser(t.app, 'ann');
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ann', password } });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    t.advance(3 * HOUR);
    expect((await login('wrong password')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    t.advance(8 * DAY);
    let trend = await chart('sign-ins');
    expect(trend.bucketMs).toBe(HOUR);
    expect(trend.succeeded).toHaveLength(168);
    expect(sum(trend.succeeded)).toBe(0); // all more than 7 days ago
    t.advance(-8 * DAY);
    trend = await chart('sign-ins');
    expect(trend.succeeded.at(-1)).toBe(1);
    expect(trend.failed.at(-1)).toBe(1);
    expect(trend.succeeded.at(-4)).toBe(1);
    expect(sum(trend.succeeded)).toBe(2);
    expect(sum(trend.failed)).toBe(1);
  });

  it('counts registrations per UTC day and role over 90 days', async () => {
    const today = Math.floor(t.now() / DAY);
    t.advance(-100 * DAY);
    await createUser(t.app, 'ancient');
    t.advance(100 * DAY - 2 * DAY);
    await createUser(t.app, 'ann');
    await createUser(t.app, 'bob');
    t.advance(2 * DAY);
    await createUser(t.app, 'sam', 'supergod');
    const trend = await chart('registrations');
    expect(trend.bucketMs).toBe(DAY);
    expect(Date.parse(trend.start)).toBe((today - 89) * DAY);
    expect(trend.users).toHaveLength(90);
    expect(trend.users[87]).toBe(2);
    expect(sum(trend.users)).toBe(2);
    expect(trend.admins.at(-1)).toBe(1); // 'boss', made in beforeEach
    expect(trend.supergods.at(-1)).toBe(1);
  });

  it('sums the figures booked before the shards, or by the previous release during a rolling one, with the shards', async () => {
    const today = Math.floor(t.now() / DAY);
    const figures = {
      plan_id: 'pro',
      accounts: 1,
      mrr: 2900,
      new_mrr: 2900,
      expansion_mrr: 0,
      contraction_mrr: 0,
      churned_mrr: 0,
    };
    await t.app.database.db
      .insertInto('revenue_days')
      .values([
        { day: today - 200, ...figures },
        { day: today, ...figures },
      ])
      .execute();
    // Two trials today, in two shards: two accounts on Pro, no MRR yet.
    const ann = (await createUser(t.app, 'ann')).id;
    const bob = (await createUser(t.app, 'bob')).id;
    await changePlan(ann, 'pro');
    await changePlan(bob, 'pro');
    const revenue = await chart('revenue');
    expect(revenue.mrrNow).toBe(5800);
    expect(revenue.newMrr.at(-1)).toBe(2900);
    expect(revenue.mrr.at(-2)).toBe(2900);
    const { plans } = await chart('plans');
    const pro = plans.find((p: { id: string }) => p.id === 'pro');
    expect(pro.accounts.at(-2)).toBe(1);
    expect(pro.accounts.at(-1)).toBe(4);
  });

  it('tracks MRR through a trial, an upgrade, a downgrade and a cancellation, as the invoices do', async () => {
    const ann = (await createUser(t.app, 'ann')).id;
    const bob = (await createUser(t.app, 'bob')).id;
    const day0 = Math.floor(t.now() / DAY);
    const revenueOn = async () => {
      const trend = await chart('revenue');
      const first = Math.floor(Date.parse(trend.start) / DAY);
      const at = (day: number) => day - first;
      return { trend, at };
    };

    // A trial brings in nothing until it turns into the first paid period.
    await changePlan(ann, 'starter');
    await changePlan(bob, 'pro', 'year');
    expect((await chart('revenue')).mrrNow).toBe(0);
    t.advance(15 * DAY);
    expect(await renewAndCollect(t.app)).toBe(2);
    const converted = Math.floor(t.now() / DAY);
    let { trend, at } = await revenueOn();
    expect(trend.mrrNow).toBe(900 + Math.floor(29000 / 12));
    expect(trend.newMrr[at(converted)]).toBe(900 + 2416);

    // MRR is what the current periods' invoices bring in per month.
    const invoices = await t.app.database.db.selectFrom('invoices').selectAll().execute();
    const current = invoices.filter((i) => i.period_end > t.now() && i.amount > 0);
    expect(
      sum(
        current.map((i) =>
          i.period_end - i.period_start > 40 * DAY ? Math.floor(i.amount / 12) : i.amount,
        ),
      ),
    ).toBe(trend.mrrNow);

    // An upgrade is expansion on its day; a downgrade is contraction when it takes effect.
    t.advance(2 * DAY);
    await changePlan(ann, 'pro');
    const upgraded = Math.floor(t.now() / DAY);
    await changePlan(ann, 'starter'); // scheduled for the period end
    ({ trend, at } = await revenueOn());
    expect(trend.expansionMrr[at(upgraded)]).toBe(2000);
    expect(trend.contractionMrr[at(upgraded)]).toBe(0);
    expect(trend.mrrNow).toBe(2900 + 2416);
    t.advance(31 * DAY);
    await renewAndCollect(t.app);
    const downgraded = Math.floor(t.now() / DAY);
    ({ trend, at } = await revenueOn());
    expect(trend.contractionMrr[at(downgraded)]).toBe(2000);
    expect(trend.mrrNow).toBe(900 + 2416);

    // Cancelling changes nothing until the period ends; then it is churn.
    await asUser(ann, 'POST', '/api/subscription/cancel');
    expect((await chart('revenue')).mrrNow).toBe(900 + 2416);
    t.advance(32 * DAY);
    await renewAndCollect(t.app);
    const churned = Math.floor(t.now() / DAY);
    ({ trend, at } = await revenueOn());
    expect(trend.churnedMrr[at(churned)]).toBe(900);
    expect(trend.mrrNow).toBe(2416);

    // Each day's MRR moves by exactly its movements, and the last day is now.
    for (let i = 1; i < trend.mrr.length; i++) {
      expect(trend.mrr[i] - trend.mrr[i - 1], `day ${i}`).toBe(
        trend.newMrr[i] + trend.expansionMrr[i] - trend.contractionMrr[i] - trend.churnedMrr[i],
      );
    }
    expect(trend.mrr.at(-1)).toBe(trend.mrrNow);
    expect(trend.mrr[at(day0)]).toBe(0);
  });

  it('shows accounts per plan per day, counting accounts that never chose a plan as free', async () => {
    const ann = (await createUser(t.app, 'ann')).id;
    await createUser(t.app, 'bob'); // never opens the subscription page
    t.advance(DAY);
    await changePlan(ann, 'enterprise');
    const trend = await chart('plans');
    const byId = Object.fromEntries(
      trend.plans.map((p: { id: string; accounts: number[] }) => [p.id, p.accounts]),
    );
    expect(Object.keys(byId).sort()).toEqual(['enterprise', 'free', 'pro', 'starter']);
    expect(trend.plans[0].name).toBe('Free');
    // Yesterday: boss, ann and bob on Free. Today: ann on Enterprise (in its trial).
    expect(byId.free.at(-2)).toBe(3);
    expect(byId.enterprise.at(-2)).toBe(0);
    expect(byId.free.at(-1)).toBe(2);
    expect(byId.enterprise.at(-1)).toBe(1);
    expect(byId.free).toHaveLength(90);
  });

  it('books plan changes in opposite directions at once without a deadlock or a lost count', async () => {
    const users = [];
    for (let i = 0; i < 12; i++) users.push((await createUser(t.app, `u${i}`)).id);
    // In a trial a new plan applies at once: half start on Starter, half on Pro.
    await Promise.all(users.map((id, i) => changePlan(id, i % 2 ? 'pro' : 'starter')));
    const cookies = new Map<number, string>();
    for (const id of users) cookies.set(id, await sessionFor(t.app, id));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        users.map((id, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/subscription/change-plan',
            payload: { planId: (i + round) % 2 ? 'starter' : 'pro', interval: 'month' },
            headers: { cookie: cookies.get(id) ?? '' },
          }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    }
    const plans = await chart('plans');
    const now = (id: string) =>
      plans.plans.find((p: { id: string }) => p.id === id).accounts.at(-1);
    expect(now('starter') + now('pro')).toBe(12);
    expect(now('starter')).toBe(6);
  });

  it("books an administrator's bulk plan change: complimentary plans bring in nothing", async () => {
    const users = [(await createUser(t.app, 'ann')).id, (await createUser(t.app, 'bob')).id];
    for (const userId of users) await changePlan(userId, 'starter');
    t.advance(8 * DAY);
    await renewAndCollect(t.app);
    expect((await chart('revenue')).mrrNow).toBe(1800);
    // Complimentary plans bring in nothing: moving both onto one is churn of what they paid.
    await inTransaction(t.app.database.db, (trx) =>
      t.app.subscriptions.bulkOverrideIn(trx, adminId, users, 'pro', undefined, null),
    );
    const trend = await chart('revenue');
    expect(trend.mrrNow).toBe(0);
    expect(trend.churnedMrr.at(-1)).toBe(1800);
    const plans = await chart('plans');
    const pro = plans.plans.find((p: { id: string }) => p.id === 'pro');
    expect(pro.accounts.at(-1)).toBe(2);
  });
});

it('has T0 at noon UTC, so a day boundary is never crossed by accident', () => {
  expect(T0 % DAY).toBe(12 * HOUR);
});
