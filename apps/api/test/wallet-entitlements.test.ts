// The plan catalogue and the money path agree: 'Send to phone' and 'Wallet transfers' need
// Starter, so a Free account's wallet is refused them (403 with the spec's locked-feature text,
// nothing recorded), exactly when its feature cards say Locked. A wallet belongs to the account
// it was first signed in from; a wallet with no account has the Free plan's features.
import { isFeatureAvailable, type Override } from '@omega/domain';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  createTestApp,
  createUser,
  GATEWAY,
  saveCard,
  sessionFor,
  type TestApp,
  ussdCallback,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const PHONE = '+27821234567';
const LOCKED_SEND = 'This feature requires the Starter plan. Upgrade to access.';

describeEachDatabase('keypad flows follow the plan', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database, { ussdGateway: GATEWAY });
  });
  afterEach(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** Signs the wallet in on the keypad, with the account's session cookie when given. */
  async function walletSignIn(phone: string, cookie?: string, pin = '2468') {
    const headers = cookie ? { cookie } : {};
    const otp = await inject('POST', '/api/ussd/otp', { phone }, headers);
    const res = await inject(
      'POST',
      '/api/ussd/login',
      { phone, otp: otp.json().demoOtp, pin },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; locked: Array<{ type: string; plan: string | null }> };
  }
  const send = (token: string, key: string, type = 'Send-to-Phone') =>
    inject(
      'POST',
      '/api/ussd/transaction',
      type === 'Purchase'
        ? { idempotencyKey: key, type, coin: 'BTC', amount: '10' }
        : {
            idempotencyKey: key,
            type,
            coin: 'USDC',
            amount: '5',
            to: type === 'Transfer' ? '123456789' : '0831234567',
          },
      { authorization: `Bearer ${token}` },
    );
  const recorded = () => t.app.database.db.selectFrom('ussd_transactions').selectAll().execute();

  it("refuses a Free account's wallet what its feature cards show Locked, and allows it after an upgrade", async () => {
    const user = await createUser(t.app, 'freddie');
    const cookie = await sessionFor(t.app, user.id);
    const { token, locked } = await walletSignIn('0821234567', cookie);
    expect(locked).toEqual([
      { type: 'Transfer', feature: 'Wallet transfers', plan: 'Starter' },
      { type: 'Send-to-Phone', feature: 'Send to phone', plan: 'Starter' },
    ]);

    // The feature cards (what the user sees) say the same.
    const features = (await inject('GET', '/api/features', undefined, { cookie })).json();
    const mine = (await inject('GET', '/api/features/user', undefined, { cookie })).json();
    const idOf = (name: string) => features.find((f: { name: string }) => f.name === name).id;
    expect(mine).not.toContain(idOf('Send to phone'));
    expect(mine).toContain(idOf('Buy crypto'));

    const refused = await send(token, 'free-send-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: LOCKED_SEND });
    expect((await send(token, 'free-transfer-1', 'Transfer')).statusCode).toBe(403);
    expect(await recorded()).toEqual([]);
    expect((await send(token, 'free-buy-1', 'Purchase')).statusCode).toBe(200);

    await saveCard(t.app, user.id);
    const upgrade = await inject(
      'POST',
      '/api/subscription/change-plan',
      { planId: 'starter' },
      { cookie },
    );
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    // The server decides per transaction: no new wallet sign-in needed.
    const sent = await send(token, 'starter-send-1');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().transaction.status).toBe('success');
  });

  it("follows a per-user override, as the user's feature cards do", async () => {
    const user = await createUser(t.app, 'overridden');
    const admin = await createUser(t.app, 'boss', 'admin');
    const cookie = await sessionFor(t.app, user.id);
    const { token } = await walletSignIn('0821234567', cookie);
    const features = (await inject('GET', '/api/features', undefined, { cookie })).json();
    const sendId = features.find((f: { name: string }) => f.name === 'Send to phone').id;
    const res = await inject(
      'POST',
      '/api/features/admin/override',
      { userId: user.id, featureId: sendId, enabled: true, reason: 'Pilot user' },
      { cookie: await sessionFor(t.app, admin.id) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await send(token, 'override-send-1')).statusCode).toBe(200);
  });

  it('stops following an override once it expires', async () => {
    const user = await createUser(t.app, 'pilot');
    const admin = await createUser(t.app, 'boss', 'admin');
    const { token } = await walletSignIn('0821234567', await sessionFor(t.app, user.id));
    const features = await t.app.repos.subscriptions.features();
    const sendId = features.find((f) => f.name === 'Send to phone')?.id ?? -1;
    await t.app.repos.subscriptions.setOverride({
      userId: user.id,
      featureId: sendId,
      enabled: true,
      reason: 'A week of sending',
      setBy: admin.id,
      at: t.app.clock(),
      expiresAt: t.app.clock() + 60_000,
    });
    expect((await send(token, 'pilot-send-1')).statusCode).toBe(200);
    t.advance(60_000);
    expect((await send(token, 'pilot-send-2')).statusCode).toBe(403);
  });

  it("reads the wallet's owner, plan and overrides in one query per transaction; on PostgreSQL in the statement that records it", async () => {
    const user = await createUser(t.app, 'one-read');
    const { token } = await walletSignIn('0821234567', await sessionFor(t.app, user.id));
    const { subscriptions } = t.app.repos;
    const oneRead = vi.spyOn(subscriptions, 'walletEntitlement');
    const separateReads = [vi.spyOn(subscriptions, 'find'), vi.spyOn(subscriptions, 'overrides')];
    const trips = t.app.database.roundTrips;
    // The first call reads the bearer token, which is then kept a moment.
    expect((await send(token, 'one-read-buy-0', 'Purchase')).statusCode).toBe(200);
    for (const read of [oneRead, ...separateReads]) read.mockClear();
    const before = trips?.() ?? 0;
    expect((await send(token, 'one-read-buy', 'Purchase')).statusCode).toBe(200);
    for (const read of separateReads) expect(read).not.toHaveBeenCalled();
    if (trips) {
      // Decision 044: the check and the writes are one call, one round trip.
      expect(oneRead).not.toHaveBeenCalled();
      expect(trips() - before).toBe(1);
    } else {
      expect(oneRead).toHaveBeenCalledTimes(1);
    }
  });

  it("decides every plan and override as the domain's isFeatureAvailable does", async () => {
    const user = await createUser(t.app, 'every-case');
    const admin = await createUser(t.app, 'boss', 'admin');
    const { token } = await walletSignIn('0821234567', await sessionFor(t.app, user.id));
    const { plans, features, assignments } = await t.app.repos.subscriptions.catalogue();
    const byName = (name: string) => features.find((f) => f.name === name)?.id ?? -1;
    const domainAssignments = assignments.map((a) => ({ ...a, featureId: String(a.featureId) }));
    const db = t.app.database.db;
    const cases: Array<[string, boolean | null, number | null]> = [
      ['none', null, null],
      ['on', true, null],
      ['off', false, null],
      ['on, expired', true, t.app.clock() - 1],
      ['off, expired', false, t.app.clock() - 1],
      ['on, until later', true, t.app.clock() + 60_000],
    ];
    let n = 0;
    for (const plan of plans) {
      await t.app.subscriptions.override(admin.id, user.id, plan.id, null);
      for (const type of ['Transfer', 'Send-to-Phone'] as const) {
        const featureId = byName(type === 'Transfer' ? 'Wallet transfers' : 'Send to phone');
        for (const [label, enabled, expiresAt] of cases) {
          await db.deleteFrom('user_feature_overrides').where('user_id', '=', user.id).execute();
          const overrides: Override[] = [];
          if (enabled !== null) {
            await t.app.repos.subscriptions.setOverride({
              userId: user.id,
              featureId,
              enabled,
              reason: null,
              setBy: admin.id,
              at: t.app.clock(),
              expiresAt,
            });
            if (expiresAt === null || expiresAt > t.app.clock()) {
              overrides.push({ featureId: String(featureId), enabled });
            }
          }
          const expected = isFeatureAvailable(String(featureId), {
            planId: plan.id,
            assignments: domainAssignments,
            overrides,
          });
          const res = await send(token, `every-case-${n++}`, type);
          expect(res.statusCode, `${type} on ${plan.id}, override ${label}: ${res.body}`).toBe(
            expected ? 200 : 403,
          );
        }
      }
    }
  });

  it('keeps a wallet with the account it was first signed in from', async () => {
    const free = await createUser(t.app, 'first-owner');
    const rich = await createUser(t.app, 'second-account');
    const admin = await createUser(t.app, 'boss', 'admin');
    await t.app.subscriptions.override(admin.id, rich.id, 'enterprise', null);
    await walletSignIn('0821234567', await sessionFor(t.app, free.id));
    const again = await walletSignIn('0821234567', await sessionFor(t.app, rich.id));
    // Still the first account's wallet, on its Free plan.
    expect(again.locked.map((l) => l.type)).toEqual(['Transfer', 'Send-to-Phone']);
    const owner = await t.app.database.db
      .selectFrom('wallets')
      .select('owner_id')
      .where('phone', '=', PHONE)
      .executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(free.id);
  });

  it('gives a wallet with no account the Free plan, and tells a later owner it is theirs', async () => {
    const anonymous = await walletSignIn('0821234567');
    expect((await send(anonymous.token, 'anon-send-1')).statusCode).toBe(403);
    // Opened later from a Starter account, the wallet becomes that account's.
    const user = await createUser(t.app, 'late-owner');
    const admin = await createUser(t.app, 'boss', 'admin');
    await t.app.subscriptions.override(admin.id, user.id, 'starter', null);
    const owned = await walletSignIn('0821234567', await sessionFor(t.app, user.id));
    expect(owned.locked).toEqual([]);
    expect((await send(owned.token, 'owned-send-1')).statusCode).toBe(200);
  });

  it('reads the plan catalogue from the database at most once a second, and follows a change made here at once', async () => {
    const user = await createUser(t.app, 'counted');
    const { token } = await walletSignIn('0821234567', await sessionFor(t.app, user.id));
    const catalogue = t.app.repos.subscriptions;
    const reads = [
      vi.spyOn(catalogue, 'plans'),
      vi.spyOn(catalogue, 'features'),
      vi.spyOn(catalogue, 'assignments'),
    ];
    // The sign-in just read it: transactions within the second read none of it again.
    expect((await send(token, 'counted-buy-1', 'Purchase')).statusCode).toBe(200);
    expect((await send(token, 'counted-buy-2', 'Purchase')).statusCode).toBe(200);
    for (const read of reads) expect(read).toHaveBeenCalledTimes(0);
    expect((await send(token, 'counted-send-1')).statusCode).toBe(403);

    // An administrator opens 'Send to phone' to the Free plan: the next transaction may use it.
    const admin = await createUser(t.app, 'boss', 'admin');
    const cookie = await sessionFor(t.app, admin.id);
    const features = (await inject('GET', '/api/features', undefined, { cookie })).json();
    const sendToPhone = features.find((f: { name: string }) => f.name === 'Send to phone').id;
    const toggled = await inject(
      'PATCH',
      '/api/features/toggle',
      { planId: 'free', featureId: sendToPhone, enabled: true },
      { cookie },
    );
    expect(toggled.statusCode, toggled.body).toBe(200);
    for (const read of reads) read.mockClear();
    const sent = await send(token, 'counted-send-2');
    expect(sent.statusCode, sent.body).toBe(200);
    for (const read of reads) expect(read).toHaveBeenCalledTimes(1);
  });

  it('says on the USSD menu which plan unlocks a locked flow', async () => {
    const callback = (text: string) =>
      ussdCallback(t.app, { sessionId: 'menu', text, phoneNumber: PHONE });
    await callback('');
    await callback('2468');
    const refused = await callback('2468*4');
    expect(refused.body.startsWith('CON ')).toBe(true);
    expect(refused.body).toContain(LOCKED_SEND);
    expect(refused.body).toContain('1. Buy');
  });
});
