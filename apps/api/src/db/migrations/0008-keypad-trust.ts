// What the money paths need to hold under retries and to follow the account's plan:
// - ussd_sessions remembers the last callback's text (hashed: it holds the PIN) and answer (a resent callback gets the
//   same answer and does nothing) and whether the session ended (later callbacks change nothing);
// - wallets.owner_id: the account a wallet was first opened from, whose plan decides which
//   keypad flows it may use (decision 014). A wallet opened without an account has none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ussd_sessions').addColumn('last_text_hash', 'varchar(64)').execute();
  await db.schema.alterTable('ussd_sessions').addColumn('last_answer', 'text').execute();
  await db.schema
    .alterTable('ussd_sessions')
    .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('wallets')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('wallets_owner_idx').on('wallets').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallets_owner_idx').execute();
  await db.schema.alterTable('wallets').dropColumn('owner_id').execute();
  for (const column of ['ended', 'last_answer', 'last_text_hash']) {
    await db.schema.alterTable('ussd_sessions').dropColumn(column).execute();
  }
}
