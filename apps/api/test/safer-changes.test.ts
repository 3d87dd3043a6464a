// Safer admin changes (issue 19): a feature override carries a reason (optional since issue 35:
// the specification's call sends none) and an optional expiry after which it stops applying with
// no job run, and shows who set it; a bulk plan
// change has a dry run whose figures are what the apply then writes, all or nothing, audited
// as one entry listing the users.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { WalletEntitlements } from '../src/services/wallet-entitlements.js';
import {
  createTestApp,
  createUser,
  renewAndCollect,
  saveCard,
  sessionFor,
  type TestApp,
} from './helpers/app.js';
import { atMigration, describeEachDatabase } from './helpers/databases.js';
import { catalogueFailingAtRecord } from './helpers/failing-catalogue.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDatabase('feature overrides with a reason and an expiry', (database) => {
  let t: TestApp;
  let admin: { id: number; username: string };
  let adminCookie: string;
  let userId: number;
  let analytics: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    admin = await createUser(t.app, 'boss', 'admin');
    adminCookie = await sessionFor(t.app, admin.id);
    userId = (await createUser(t.app, 'ann')).id;
    const features = await t.app.repos.subscriptions.features();
    // A Pro feature: not on Ann's Free plan until an override turns it on.
    analytics = features.find((f) => f.name === 'Spending analytics')?.id ?? 0;
  });
  afterEach(() => t.close());

  const override = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/features/admin/override',
      payload: { userId, featureId: analytics, enabled: true, ...payload },
      headers: { cookie: adminCookie },
    });
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  // A fresh session each time: the clock moves past a session's lifetime in these tests.
  const usersFeatures = async () =>
    (await get('/api/features/user', await sessionFor(t.app, userId))).json();
  const asAdmin = async (url: string) => (await get(url, await sessionFor(t.app, admin.id))).json();
  const adminView = () => asAdmin(`/api/features/admin/user-features?userId=${userId}`);
  const overridesShown = () => asAdmin(`/api/features/admin/user-overrides?userId=${userId}`);
  const storedOverrides = () =>
    t.app.database.db.selectFrom('user_feature_overrides').selectAll().execute();

  it("takes an override without a reason (the spec's call), stored as none given", async () => {
    const long = await override({ reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^reason must be at most 500 characters/);
    expect(await storedOverrides()).toEqual([]);
    for (const reason of [undefined, '   ']) {
      const res = await override(reason === undefined ? {} : { reason });
      expect(res.statusCode, res.body).toBe(200);
      expect((await storedOverrides()).map((o) => o.reason)).toEqual([null]);
      expect(await overridesShown()).toEqual([expect.objectContaining({ reason: null })]);
    }
    expect(await usersFeatures()).toContain(analytics);
  });

  it('refuses a reason with control or bidirectional-override characters, naming the character', async () => {
    const cases = [
      ['Goodwill\u0000credit', 'U+0000, a control character'],
      ['Refund approved \u202Edevorppa ton', 'U+202E, a bidirectional control'],
      ['two\nlines', 'U+000A, a control character'],
    ];
    for (const [reason, named] of cases) {
      const res = await override({ reason });
      expect(res.statusCode, reason).toBe(400);
      expect(res.json(), reason).toEqual({
        message: `reason must be plain printable text: it contains ${named}`,
      });
    }
    expect(await storedOverrides()).toEqual([]);
    // Any script and emoji are printable text.
    expect((await override({ reason: 'Geste commercial — 補償 👍' })).statusCode).toBe(200);
  });

  it('takes an expiry at most a year ahead', async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    for (const expiresAt of ['9999-12-31T00:00:00Z', at(t.now() + 367 * DAY)]) {
      const res = await override({ reason: 'Trial of analytics', expiresAt });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(res.json().message, expiresAt).toBe(
        'expiresAt must be at most a year ahead: leave it out for an override until changed',
      );
    }
    expect(await storedOverrides()).toEqual([]);
    const year = await override({
      reason: 'Trial of analytics',
      expiresAt: at(t.now() + 365 * DAY),
    });
    expect(year.statusCode).toBe(200);
  });

  it('refuses an expiry that is not a future date and time, naming it', async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    for (const expiresAt of [at(t.now()), at(t.now() - 1000), 'next tuesday', '2026-13-01']) {
      const res = await override({ reason: 'Trial of analytics', expiresAt });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(res.json().message, expiresAt).toMatch(/^expiresAt must/);
    }
    expect(await storedOverrides()).toEqual([]);
  });

  it('stops applying once the clock passes its expiry, with no job run', async () => {
    const expiresAt = new Date(t.now() + 2 * HOUR).toISOString();
    const res = await override({ reason: '  Beta tester for analytics  ', expiresAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usersFeatures()).toContain(analytics);
    expect(await adminView()).toContain(analytics);
    expect(await overridesShown()).toEqual([
      {
        featureId: analytics,
        enabled: true,
        reason: 'Beta tester for analytics',
        setBy: { id: admin.id, username: 'boss' },
        setAt: new Date(t.now()).toISOString(),
        expiresAt,
      },
    ]);

    t.advance(2 * HOUR - 1);
    expect(await usersFeatures()).toContain(analytics);
    t.advance(1);
    expect(await usersFeatures()).not.toContain(analytics);
    expect(await adminView()).not.toContain(analytics);
    expect(await overridesShown()).toEqual([]);
    // Nothing removed the row: the read itself left it out.
    expect(await storedOverrides()).toHaveLength(1);
  });

  it('keeps an override without an expiry until it is changed, audited with its reason', async () => {
    expect((await override({ enabled: true, reason: 'Support case 42' })).statusCode).toBe(200);
    t.advance(400 * DAY);
    expect(await usersFeatures()).toContain(analytics);
    const [shown] = await overridesShown();
    expect(shown).toMatchObject({ reason: 'Support case 42', expiresAt: null });
    const [entry] = await t.app.repos.activity.recent(1);
    expect(entry).toMatchObject({ action: 'feature_override', user_id: admin.id });
    expect(entry?.details).toContain('Support case 42');
  });

  it('answers 404 for the overrides of a user who does not exist', async () => {
    const res = await get('/api/features/admin/user-overrides?userId=9999', adminCookie);
    expect(res.statusCode).toBe(404);
  });

  it("stops unlocking a wallet's keypad flow at the expiry", async () => {
    const features = await t.app.repos.subscriptions.features();
    const send = features.find((f) => f.name === 'Send to phone')?.id ?? 0;
    const phone = '+27821234567';
    await t.app.repos.wallets.insert(phone, null, t.now());
    await t.app.repos.wallets.claimOwner(phone, userId);
    const entitlements = new WalletEntitlements({
      wallets: t.app.repos.wallets,
      catalogue: t.app.repos.subscriptions,
      subscriptions: t.app.subscriptions,
    });
    const locked = async () => (await entitlements.lockedFor(phone)).map((l) => l.type);
    expect(await locked()).toContain('Send-to-Phone');
    const res = await override({
      featureId: send,
      reason: 'Pilot of send to phone',
      expiresAt: new Date(t.now() + HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await locked()).not.toContain('Send-to-Phone');
    t.advance(HOUR);
    expect(await locked()).toContain('Send-to-Phone');
  });

  it('keeps every override and its reason when reasons become optional (migration 0015)', async () => {
    await atMigration(database, '0012-override-reasons', async (handle) => {
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was before 0015.
      const db = handle.db as any;
      const user = await db
        .insertInto('users')
        .values({
          username: 'old',
          username_key: 'old',
          password_hash: 'x',
          role: 'user',
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [first, second] = await db
        .selectFrom('features')
        .select('id')
        .orderBy('id')
        .limit(2)
        .execute();
      const row = { user_id: user.id, enabled: 1, updated_at: 5, set_by: user.id, expires_at: 9 };
      await db
        .insertInto('user_feature_overrides')
        .values({ ...row, feature_id: first.id, reason: 'Goodwill' })
        .execute();
      await migrateToLatest(handle.db, handle.schema);
      await handle.db
        .insertInto('user_feature_overrides')
        .values({ ...row, feature_id: second.id, reason: null })
        .execute();
      const rows = await handle.db
        .selectFrom('user_feature_overrides')
        .selectAll()
        .orderBy('feature_id')
        .execute();
      expect(rows).toEqual([
        { ...row, feature_id: first.id, reason: 'Goodwill' },
        { ...row, feature_id: second.id, reason: null },
      ]);
      // The keys hold as before: one override per user and feature, gone with the user.
      await expect(
        handle.db
          .insertInto('user_feature_overrides')
          .values({ ...row, feature_id: first.id, reason: null })
          .execute(),
      ).rejects.toThrow();
      await handle.db.deleteFrom('users').where('id', '=', user.id).execute();
      expect(await handle.db.selectFrom('user_feature_overrides').selectAll().execute()).toEqual(
        [],
      );
    });
  });

  it('gives overrides set before reasons existed a reason saying so, no author, no expiry', async () => {
    await atMigration(database, '0011-request-ids', async (handle) => {
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was before 0012.
      const db = handle.db as any;
      const user = await db
        .insertInto('users')
        .values({
          username: 'old',
          username_key: 'old',
          password_hash: 'x',
          role: 'user',
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const feature = await db
        .selectFrom('features')
        .select('id')
        .limit(1)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_feature_overrides')
        .values({ user_id: user.id, feature_id: feature.id, enabled: 1, updated_at: 5 })
        .execute();
      await migrateToLatest(handle.db, handle.schema);
      const rows = await handle.db.selectFrom('user_feature_overrides').selectAll().execute();
      expect(rows).toEqual([
        {
          user_id: user.id,
          feature_id: feature.id,
          enabled: 1,
          updated_at: 5,
          reason: 'Set before reasons were recorded',
          set_by: null,
          expires_at: null,
        },
      ]);
    });
  });
});

describeEachDatabase('a bulk plan change with a dry run', (database) => {
  let t: TestApp;
  let admin: { id: number };
  let adminCookie: string;
  let ids: { free: number; fresh: number; starter: number; pro: number };
  beforeEach(async () => {
    t = await createTestApp(database);
    admin = await createUser(t.app, 'boss', 'admin');
    const make = async (name: string) => (await createUser(t.app, name)).id;
    ids = {
      free: await make('ann'),
      fresh: await make('ben'),
      starter: await make('cat'),
      pro: await make('dan'),
    };
    // Ann has a Free subscription row; Ben never opened one. Cat pays for Starter (after its
    // 7-day trial); Dan was given Pro by an admin. Ten days into Cat's first paid month, a
    // change to Pro would cost Cat a pro-rated amount.
    await t.app.subscriptions.current(ids.free);
    // Ann and Cat choose paid plans themselves: each saves a card first (issue 39).
    await saveCard(t.app, ids.free);
    await saveCard(t.app, ids.starter);
    await t.app.subscriptions.change(ids.starter, { planId: 'starter' }, null);
    await t.app.subscriptions.override(admin.id, ids.pro, 'pro', null);
    t.advance(7 * DAY);
    expect(await renewAndCollect(t.app)).toBeGreaterThan(0);
    t.advance(10 * DAY);
    adminCookie = await sessionFor(t.app, admin.id);
  });
  afterEach(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: adminCookie } });
  const all = () => [ids.free, ids.fresh, ids.starter, ids.pro];

  /** Everything a plan change could write, read straight from the tables. */
  async function state() {
    const db = t.app.database.db;
    return {
      subscriptions: await db.selectFrom('subscriptions').selectAll().orderBy('user_id').execute(),
      invoices: await db.selectFrom('invoices').selectAll().orderBy('id').execute(),
      overrides: await db.selectFrom('subscription_overrides').selectAll().orderBy('id').execute(),
      activity: await db.selectFrom('activity_logs').selectAll().orderBy('id').execute(),
    };
  }

  it('answers how many users move from which plan to which, writing nothing', async () => {
    const before = await state();
    const res = await post('/api/subscription/bulk-override/preview', {
      userIds: all(),
      planId: 'pro',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ planId: 'pro', planName: 'Pro' });
    expect(preview.moves).toEqual(
      expect.arrayContaining([
        { fromPlanId: 'free', toPlanId: 'pro', count: 2 },
        { fromPlanId: 'starter', toPlanId: 'pro', count: 1 },
        { fromPlanId: 'pro', toPlanId: 'pro', count: 1 },
      ]),
    );
    expect(preview.moves).toHaveLength(3);
    const cat = preview.users.find((u: { userId: number }) => u.userId === ids.starter);
    expect(cat).toMatchObject({ username: 'cat', chargedNow: 0, credited: 0 });
    expect(cat.wouldHaveCharged).toBeGreaterThan(0);
    expect(preview.totals).toMatchObject({ users: 4, chargedNow: 0, credited: 0 });
    expect(await state()).toEqual(before);
  });

  it('applies exactly what the dry run showed, user by user, with one audit entry', async () => {
    const preview = (
      await post('/api/subscription/bulk-override/preview', { userIds: all(), planId: 'pro' })
    ).json();
    const before = await state();
    const res = await post('/api/subscription/bulk-override', {
      userIds: all(),
      planId: 'pro',
      previewToken: preview.token,
    });
    expect(res.json()).toEqual({ ok: true, message: 'Subscriptions updated' });
    const after = await state();

    for (const line of preview.users) {
      const was = before.subscriptions.find((s) => s.user_id === line.userId);
      const now = after.subscriptions.find((s) => s.user_id === line.userId);
      expect(was?.plan_id ?? 'free').toBe(line.fromPlanId);
      expect(now?.plan_id).toBe(line.toPlanId);
      expect(now?.complimentary === 1).toBe(line.complimentary);
      // Charged: the invoices the apply wrote for the user; credited: the change of balance.
      const newInvoices = after.invoices.filter(
        (i) => i.user_id === line.userId && !before.invoices.some((b) => b.id === i.id),
      );
      expect(newInvoices.reduce((n, i) => n + Number(i.amount), 0)).toBe(line.chargedNow);
      expect((now?.credit_balance ?? 0) - (was?.credit_balance ?? 0)).toBe(line.credited);
      const recorded = after.overrides.filter(
        (o) => o.user_id === line.userId && !before.overrides.some((b) => b.id === o.id),
      );
      expect(recorded.map((o) => o.pro_rated_amount)).toEqual([line.wouldHaveCharged]);
      const view = await t.app.subscriptions.view(line.userId);
      expect(view.nextCharge).toEqual(line.nextCharge);
    }

    const added = after.activity.slice(before.activity.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'plan_bulk_override', user_id: admin.id });
    for (const id of all()) expect(added[0]?.details).toContain(`user ${id} `);
  });

  it('refuses the whole change when one user is unknown, in the dry run and the apply', async () => {
    const before = await state();
    const body = { userIds: [...all(), 9999], planId: 'pro' };
    const dry = await post('/api/subscription/bulk-override/preview', body);
    expect(dry.statusCode).toBe(404);
    expect(dry.json().message).toContain('9999');
    const res = await post('/api/subscription/bulk-override', body);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No user with id 9999: no plan was changed' });
    const unknownPlan = await post('/api/subscription/bulk-override/preview', {
      userIds: all(),
      planId: 'gold',
    });
    expect(unknownPlan.statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('changes nobody when a write fails midway', async () => {
    const { app } = t;
    // The third user's record fails after two users' subscriptions were written.
    const { catalogue, records } = catalogueFailingAtRecord(app, 3);
    const before = await state();
    await expect(catalogue.setPlanOfMany(admin.id, all(), 'pro', undefined, null)).rejects.toThrow(
      'override record refused',
    );
    expect(records()).toBe(3);
    expect(await state()).toEqual(before);
  });

  it("accepts only a dry run's token made by this server for the same administrator", async () => {
    const body = { userIds: all(), planId: 'pro' };
    const other = await createUser(t.app, 'other-admin', 'admin');
    const otherCookie = await sessionFor(t.app, other.id);
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/api/subscription/bulk-override/preview',
        payload: body,
        headers: { cookie: otherCookie },
      })
    ).json().token as string;
    // What an unkeyed hash of the plan and the users' versions would be: anyone could make it.
    const versions = (await t.app.repos.subscriptions.subscribersByIds(all()))
      .map((s) => `${s.id}:${s.subscription?.version ?? 'none'}`)
      .join(',');
    const unkeyed = createHash('sha256').update(`pro|${versions}`).digest('base64url').slice(0, 32);
    const before = await state();
    for (const previewToken of [theirs, unkeyed]) {
      const res = await post('/api/subscription/bulk-override', { ...body, previewToken });
      expect(res.statusCode, previewToken).toBe(409);
    }
    expect(await state()).toEqual(before);
    const mine = (await post('/api/subscription/bulk-override/preview', body)).json().token;
    expect(mine).not.toBe(theirs);
    const res = await post('/api/subscription/bulk-override', { ...body, previewToken: mine });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a dry run gone stale: a user changed plan in between', async () => {
    const preview = (
      await post('/api/subscription/bulk-override/preview', { userIds: all(), planId: 'pro' })
    ).json();
    await t.app.subscriptions.change(ids.free, { planId: 'starter' }, null);
    const before = await state();
    const res = await post('/api/subscription/bulk-override', {
      userIds: all(),
      planId: 'pro',
      previewToken: preview.token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/changed since the dry run/);
    expect(await state()).toEqual(before);
  });
});
