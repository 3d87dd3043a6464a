// The Subscription Manager's writes through the feature catalogue service: a change to many
// users is all or nothing, and every catalogue write stands or falls with its activity entry.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionFor, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';
import { catalogueFailingAtRecord } from './helpers/failing-catalogue.js';

describeEachDatabase('feature catalogue', (database) => {
  let t: TestApp;
  let adminCookie: string;
  let userIds: number[];
  let analytics: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    const admin = await createUser(t.app, 'boss', 'admin');
    adminCookie = await sessionFor(t.app, admin.id);
    userIds = [(await createUser(t.app, 'ann')).id, (await createUser(t.app, 'ben')).id];
    const features = await t.app.repos.subscriptions.features();
    analytics = features.find((f) => f.name === 'Spending analytics')?.id ?? 0;
  });
  afterEach(() => t.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });
  const plansOf = async (ids: number[]) =>
    Promise.all(
      ids.map(async (id) => (await t.app.repos.subscriptions.find(id))?.plan_id ?? 'free'),
    );
  const catalogueActions = async () =>
    (await t.app.repos.activity.recent(100))
      .map((r) => r.action)
      .filter((a) => a.startsWith('feature_') || a.startsWith('plan_'));

  /** What the catalogue writes can change, read straight from the tables. */
  async function catalogueState() {
    const db = t.app.database.db;
    return {
      features: await db.selectFrom('features').select(['id', 'name']).orderBy('id').execute(),
      matrix: await t.app.repos.subscriptions.assignments(),
      overrides: await db
        .selectFrom('user_feature_overrides')
        .select(['user_id', 'feature_id', 'enabled'])
        .execute(),
      planOverrides: await db.selectFrom('subscription_overrides').select('user_id').execute(),
      plans: await plansOf(userIds),
    };
  }

  it('refuses a bulk plan change naming an unknown user, changing nobody', async () => {
    const res = await send('POST', '/api/subscription/bulk-override', {
      userIds: [...userIds, 9999],
      planId: 'pro',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No user with id 9999: no plan was changed' });
    expect(await plansOf(userIds)).toEqual(['free', 'free']);
    expect(await catalogueActions()).toEqual([]);

    const two = await send('POST', '/api/subscription/bulk-override', {
      userIds: [userIds[0], 9998, 9999],
      planId: 'pro',
    });
    expect(two.json()).toEqual({ message: 'No users with ids 9998, 9999: no plan was changed' });
    expect(await plansOf(userIds)).toEqual(['free', 'free']);
  });

  it('changes every user of a bulk plan change, on record as one act', async () => {
    const res = await send('POST', '/api/subscription/bulk-override', { userIds, planId: 'pro' });
    expect(res.json()).toEqual({ ok: true, message: 'Subscriptions updated' });
    expect(await plansOf(userIds)).toEqual(['pro', 'pro']);
    expect(await catalogueActions()).toEqual(['plan_bulk_override']);
    const overridden = await t.app.database.db
      .selectFrom('subscription_overrides')
      .select('user_id')
      .execute();
    expect(overridden.map((o) => o.user_id).sort()).toEqual([...userIds].sort());
  });

  it('undoes the users a bulk plan change already changed when a later one fails', async () => {
    const { app } = t;
    // The second user's override record fails, after the first user was changed.
    const { catalogue, records } = catalogueFailingAtRecord(app, 2);
    const admin = await app.repos.users.findByUsername('boss');
    await expect(
      catalogue.setPlanOfMany(admin?.id ?? 0, userIds, 'pro', undefined, null),
    ).rejects.toThrow('override record refused');
    expect(records()).toBe(2);
    expect(await plansOf(userIds)).toEqual(['free', 'free']);
    expect(await catalogueActions()).toEqual([]);
  });

  describe('when the activity entry cannot be written', () => {
    // The insert fails in the database itself, wherever in the write it comes.
    beforeEach(async () => {
      await sql`alter table activity_logs rename to activity_logs_away`.execute(t.app.database.db);
    });
    afterEach(async () => {
      await sql`alter table activity_logs_away rename to activity_logs`.execute(t.app.database.db);
    });

    const writes: Array<[string, () => Promise<{ statusCode: number }>]> = [
      [
        'adding a feature',
        () => send('POST', '/api/features', { name: 'Dark pool', category: 'Trading' }),
      ],
      [
        'a plan matrix toggle',
        () =>
          send('PATCH', '/api/features/toggle', {
            planId: 'free',
            featureId: analytics,
            enabled: true,
          }),
      ],
      [
        'a per-user feature override',
        () =>
          send('POST', '/api/features/admin/override', {
            userId: userIds[0],
            featureId: analytics,
            enabled: true,
            reason: 'Support case',
          }),
      ],
      [
        'a plan override',
        () => send('POST', '/api/subscription/override', { userId: userIds[0], planId: 'pro' }),
      ],
      [
        'a bulk plan change',
        () => send('POST', '/api/subscription/bulk-override', { userIds, planId: 'pro' }),
      ],
    ];

    for (const [what, write] of writes) {
      it(`rolls back ${what}`, async () => {
        const before = await catalogueState();
        expect((await write()).statusCode).toBe(500);
        expect(await catalogueState()).toEqual(before);
      });
    }
  });
});
