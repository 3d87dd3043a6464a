// The wallet balances' migrations (decision 023). 0010: a database with keypad history gets each
// wallet's running balance from the sums of its ledger entries. 0029: on SQLite the table is
// rebuilt WITHOUT ROWID (a wallet's balances are one range of the key, the amounts in it),
// keeping every balance exactly, and its `down` puts the rowid table back with the same rows;
// PostgreSQL's table is left as it was.
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { atMigration, describeEachDatabase } from './helpers/databases.js';

/** Every balance, amounts as text (exact beyond 2^53), in key order. */
const everyBalance = (db: Kysely<Database>) =>
  db
    .selectFrom('wallet_balances')
    .select(['account', 'asset'])
    .select((eb) => eb.cast<string>('amount', 'text').as('amount'))
    .orderBy('account')
    .orderBy('asset')
    .execute();

describeEachDatabase('wallet balances migrations', (database) => {
  it("backfills every wallet's running balance from its ledger, and leaves the treasury out", async () => {
    await atMigration(database, '0009-complimentary-plans', async (handle) => {
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
      expect(await everyBalance(handle.db)).toEqual([
        { account: 'wallet:+27821234567', asset: 'BTC', amount: '5' },
        { account: 'wallet:+27821234567', asset: 'USDC', amount: '9600' },
        // Beyond 2^53: kept exactly.
        { account: 'wallet:+27831234567', asset: 'USDC', amount: '9007199254740993' },
      ]);
    });
  });

  it('keeps every balance through the rebuild of 0029 and back', async () => {
    await atMigration(database, '0028-log-search-partitions', async (handle) => {
      const balances = [
        { account: 'wallet:+27821234567', asset: 'BTC', amount: '5' },
        { account: 'wallet:+27821234567', asset: 'USDC', amount: '9600' },
        // Beyond 2^53: kept exactly.
        { account: 'wallet:+27831234567', asset: 'USDC', amount: '9007199254740993' },
      ];
      await handle.db.insertInto('wallet_balances').values(balances).execute();
      /** SQLite's `wr` flag of the table (1: WITHOUT ROWID); null on PostgreSQL. */
      const withoutRowid = async () => {
        if (handle.dialect !== 'sqlite') return null;
        const { rows } = await sql<{ wr: number }>`
        select wr from pragma_table_list where name = 'wallet_balances'
      `.execute(handle.db);
        return rows[0]?.wr;
      };

      expect(await withoutRowid()).toBe(handle.dialect === 'sqlite' ? 0 : null);
      await migrateToLatest(handle.db, handle.schema);
      expect(await withoutRowid()).toBe(handle.dialect === 'sqlite' ? 1 : null);
      expect(await everyBalance(handle.db)).toEqual(balances);
      // The key still refuses a second row for a wallet and asset.
      await expect(
        handle.db
          .insertInto('wallet_balances')
          .values({ account: 'wallet:+27821234567', asset: 'BTC', amount: '1' })
          .execute(),
      ).rejects.toThrow();

      await migrateUpTo(handle.db, handle.schema, '0028-log-search-partitions');
      expect(await withoutRowid()).toBe(handle.dialect === 'sqlite' ? 0 : null);
      expect(await everyBalance(handle.db)).toEqual(balances);
    });
  });
});
