// Migration 0029: on SQLite wallet_balances is rebuilt WITHOUT ROWID (a wallet's balances are
// one range of the key, the amounts in it), keeping every balance exactly, and its `down` puts
// the rowid table back with the same rows. PostgreSQL's table is left as it was.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import { describeEachDatabase } from './helpers/databases.js';

const BEFORE = '0028-log-search-partitions';

describeEachDatabase('wallet balances clustered by their key (migration 0029)', (database) => {
  it('keeps every balance through the rebuild and back', async () => {
    const { url, drop } = await database.createEmpty();
    const handle = openDatabase(url);
    try {
      await migrateUpTo(handle.db, handle.schema, BEFORE);
      const balances = [
        { account: 'wallet:+27821234567', asset: 'BTC', amount: '5' },
        { account: 'wallet:+27821234567', asset: 'USDC', amount: '9600' },
        // Beyond 2^53: kept exactly.
        { account: 'wallet:+27831234567', asset: 'USDC', amount: '9007199254740993' },
      ];
      await handle.db.insertInto('wallet_balances').values(balances).execute();
      const read = () =>
        handle.db
          .selectFrom('wallet_balances')
          .select(['account', 'asset'])
          .select((eb) => eb.cast<string>('amount', 'text').as('amount'))
          .orderBy('account')
          .orderBy('asset')
          .execute();
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
      expect(await read()).toEqual(balances);
      // The key still refuses a second row for a wallet and asset.
      await expect(
        handle.db
          .insertInto('wallet_balances')
          .values({ account: 'wallet:+27821234567', asset: 'BTC', amount: '1' })
          .execute(),
      ).rejects.toThrow();

      await migrateUpTo(handle.db, handle.schema, BEFORE);
      expect(await withoutRowid()).toBe(handle.dialect === 'sqlite' ? 0 : null);
      expect(await read()).toEqual(balances);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
