// OmegaPay wallets: one per phone number, OTPs, wallet sign-in tokens, a double-entry ledger
// (balances are sums of entries, never a stored number) and keypad transactions.
import type { Kysely } from 'kysely';
import { idColumn } from './id-column.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('phone', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('pin_hash', 'varchar(255)')
    .addColumn('failed_pins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wallet_otps')
    .addColumn('phone', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('tries_left', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wallet_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('phone', 'varchar(20)', (c) =>
      c.notNull().references('wallets.phone').onDelete('cascade'),
    )
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('ussd_transactions'))
    .addColumn('phone', 'varchar(20)', (c) =>
      c.notNull().references('wallets.phone').onDelete('cascade'),
    )
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('coin', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'varchar(32)', (c) => c.notNull())
    .addColumn('destination', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('reference', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('received', 'varchar(32)')
    .addColumn('message', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ussd_transactions_client_unique', ['phone', 'client_id'])
    .execute();
  await db.schema
    .createIndex('ussd_transactions_phone_idx')
    .on('ussd_transactions')
    .columns(['phone', 'created_at'])
    .execute();

  await idColumn(db, db.schema.createTable('ledger_entries'))
    // 'wallet:+27…', 'treasury' or 'external:<address>'.
    .addColumn('account', 'varchar(80)', (c) => c.notNull())
    .addColumn('asset', 'varchar(8)', (c) => c.notNull())
    // Minor units: USD cents, coins in 1e-8.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) =>
      c.references('ussd_transactions.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_account_idx')
    .on('ledger_entries')
    .columns(['account', 'asset'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'ledger_entries',
    'ussd_transactions',
    'wallet_tokens',
    'wallet_otps',
    'wallets',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
