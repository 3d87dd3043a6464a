// SQLite: wallet_balances becomes a WITHOUT ROWID table, stored in the order of its primary key
// (account, asset). A wallet's balances were an index range on that key and then one lookup of
// the table row per asset, for the amount; now the range holds the rows themselves. Every
// keypad balance read and transaction reads them: 7.6–9.5 → 5.5–6.1 µs for one of 2,000 wallets'
// four balances on the Xeon of 2026-11-29 (better-sqlite3, same file, same query; decision 023).
// Same columns and key, so the previous release reads and writes the table as before.
//
// PostgreSQL keeps its heap and index: it has no such table, and a covering index would turn the
// balance updates, which today change no indexed column, into index writes.
import { type Kysely, SqliteAdapter, sql } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Copies wallet_balances into a new table with the same columns and key, which takes its name. */
async function rebuild(db: Kysely<unknown>, withoutRowid: boolean): Promise<void> {
  await db.schema
    .createTable('wallet_balances_rebuilt')
    .addColumn('account', 'varchar(80)', (c) => c.notNull())
    .addColumn('asset', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_balances_pk', ['account', 'asset'])
    .$call((table) => (withoutRowid ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await sql`
    insert into wallet_balances_rebuilt (account, asset, amount)
    select account, asset, amount from wallet_balances
  `.execute(db);
  await db.schema.dropTable('wallet_balances').execute();
  await db.schema.alterTable('wallet_balances_rebuilt').renameTo('wallet_balances').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuild(db, false);
}
