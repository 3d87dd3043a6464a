// A keypad transaction is recorded once, under a reference no other transaction has: the
// database's unique constraints decide both (idempotency key per wallet, reference), so a
// retry racing the first request and a reference drawn twice get the answers they always had.
import type { LockedFlow } from '@omega/domain';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WalletEntitlements } from '../src/services/wallet-entitlements.js';
import { WalletTransactionService } from '../src/services/wallet-transactions.js';
import { createTestApp, type TestApp, walletOnPlan } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const PHONE = '0821234567';
const INTL = '+27821234567';

describeEachDatabase('keypad transaction records', (database) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    await walletOnPlan(t.app, INTL);
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
    token = login.json().token;
  });
  afterEach(() => t.close());

  const transfer = (idempotencyKey: string, amount = '10') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ussd/transaction',
      headers: { authorization: `Bearer ${token}` },
      payload: { type: 'Transfer', coin: 'USDC', amount, to: 'wallet-abc', idempotencyKey },
    });

  it('answers parallel retries of one idempotency key with the one transaction, paid once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => transfer('same-key-1')));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const references = new Set(answers.map((res) => res.json().transaction.reference));
    expect(references.size).toBe(1);
    for (const res of answers) expect(res.json().transaction.status).toBe('success');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/ussd/balance',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.json().balances.USDC).toBe('110.00');
    const rows = await t.app.database.db.selectFrom('ussd_transactions').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('draws another reference when the one drawn is taken, and pays once', async () => {
    const drawn = ['OPAAAAAA', 'OPAAAAAA', 'OPAAAAAA', 'OPBBBBBB'];
    const service = new WalletTransactionService({
      db: t.app.database.db,
      wallets: t.app.repos.wallets,
      // Every flow allowed: this test is about references, not plans.
      entitlements: {
        lockedFor: async () => [],
        gateFor: async () => null,
      } as unknown as WalletEntitlements,
      rates: { USDC: '1.00', BTC: '65000.00' },
      clock: t.now,
      reference: () => drawn.shift() ?? 'OPZZZZZZ',
    });
    const body = { type: 'Transfer', coin: 'USDC', to: 'wallet-abc' } as const;
    const first = await service.submit(INTL, { ...body, amount: '10', idempotencyKey: 'k-1' });
    expect(first.transaction.reference).toBe('OPAAAAAA');
    const second = await service.submit(INTL, { ...body, amount: '15', idempotencyKey: 'k-2' });
    expect(second.transaction).toMatchObject({ reference: 'OPBBBBBB', status: 'success' });
    expect(second.balances.USDC).toBe('95.00');
    const entries = await t.app.database.db
      .selectFrom('ledger_entries')
      .select('transaction_id')
      .where('transaction_id', 'is not', null)
      .execute();
    expect(entries).toHaveLength(4);
  });

  it('answers a retry with its recorded transaction even when a new one would be refused', async () => {
    let locked: LockedFlow[] = [];
    const service = new WalletTransactionService({
      db: t.app.database.db,
      wallets: t.app.repos.wallets,
      // Locked the way each database checks it: a list on SQLite, a gate no plan passes on
      // PostgreSQL (decision 044).
      entitlements: {
        lockedFor: async () => locked,
        gateFor: async () => (locked[0] ? { featureId: 0, plans: [], locked: locked[0] } : null),
      } as unknown as WalletEntitlements,
      rates: { USDC: '1.00', BTC: '65000.00' },
      clock: t.now,
    });
    const body = {
      type: 'Transfer',
      coin: 'USDC',
      amount: '10',
      to: 'wallet-abc',
      idempotencyKey: 'before-downgrade',
    } as const;
    const first = await service.submit(INTL, body);
    // The plan no longer allows transfers: a retry still gets its answer, a new one is refused.
    locked = [{ type: 'Transfer', feature: 'Wallet transfers', plan: 'Starter' }];
    expect(await service.submit(INTL, body)).toEqual(first);
    await expect(
      service.submit(INTL, { ...body, idempotencyKey: 'after-downgrade' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    // The key reused with a bad amount is a reused key (422), as before any other check.
    await expect(service.submit(INTL, { ...body, amount: '1.123456789' })).rejects.toMatchObject({
      statusCode: 422,
    });
    locked = [];
    // Once more with the plan back: still the one transaction, paid once.
    expect(await service.submit(INTL, body)).toEqual(first);
    expect((await service.balances(INTL)).USDC).toBe('110.00');
  });
});
