// Migration 0010 (decision 023): a database with keypad history gets each wallet's running
// balance from the sums of its ledger entries, and the keypad shows the same figures after it.
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import { describeEachDatabase } from './helpers/databases.js';

describeEachDatabase('wallet balances migration', (database) => {
  it("backfills every wallet's running balance from its ledger, and leaves the treasury out", async () => {
    const { url, drop } = await database.createEmpty();
    const handle = openDatabase(url);
    try {
      await migrateUpTo(handle.db, handle.schema, '0009-complimentary-plans');
      // biome-ignore lint/suspicious/noExplicitAny: the tables as they were before 0010.
      const db = handle.db as any;
      const entries = [
        ['wallet:+27821234567', 'USDC', '12000'],
        ['treasury', 'USDC', '-12000'],
        ['wallet:+27821234567', 'USDC', '-2400'],
        ['external:wallet-abc', 'USDC', '2400'],
        ['wallet:+27821234567', 'BTC', '5'],
        ['wallet:+27831234567', 'USDC', '9007199254740993'],
      ];
      await db
        .insertInto('ledger_entries')
        .values(
          entries.map(([account, asset, amount]) => ({
            account,
            asset,
            amount,
            transaction_id: null,
            created_at: 1,
          })),
        )
        .execute();
      await migrateToLatest(handle.db, handle.schema);
      const rows = await handle.db
        .selectFrom('wallet_balances')
        .select(['account', 'asset'])
        .select((eb) => eb.cast<string>('amount', 'text').as('amount'))
        .orderBy('account')
        .orderBy('asset')
        .execute();
      expect(rows).toEqual([
        { account: 'wallet:+27821234567', asset: 'BTC', amount: '5' },
        { account: 'wallet:+27821234567', asset: 'USDC', amount: '9600' },
        // Beyond 2^53: kept exactly.
        { account: 'wallet:+27831234567', asset: 'USDC', amount: '9007199254740993' },
      ]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
