// wallet_balances: each wallet's running balance per asset, kept by the same transaction that
// writes its ledger entries (decision 023). The ledger stays the record; this is its sum per
// wallet account and asset, so a keypad transaction reads one row per asset instead of adding
// up a wallet's whole history (which grew with every transaction). Only wallet accounts have
// one: the treasury and external accounts are never read as balances, and keeping theirs would
// make every transaction on every wallet wait for the treasury's row.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_balances')
    // 'wallet:+27…', as in ledger_entries.account.
    .addColumn('account', 'varchar(80)', (c) => c.notNull())
    .addColumn('asset', 'varchar(8)', (c) => c.notNull())
    // Minor units, like ledger_entries.amount.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_balances_pk', ['account', 'asset'])
    .execute();
  await sql`
    insert into wallet_balances (account, asset, amount)
    select account, asset, sum(amount) from ledger_entries
    where account like 'wallet:%'
    group by account, asset
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_balances').execute();
}
