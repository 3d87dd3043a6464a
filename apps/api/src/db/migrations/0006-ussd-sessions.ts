// USSD gateway sessions in the database, so an aggregator's next callback may reach any
// server instance (and a restart) and still find the menu where the phone left it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ussd_sessions')
    .addColumn('session_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    // The keypad machine's state as JSON, and which replies of `text` it has applied.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('applied', 'integer', (c) => c.notNull())
    // Indexes of replies given at the PIN screen, masked before anything is logged.
    .addColumn('pin_replies', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ussd_sessions_expires_idx')
    .on('ussd_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ussd_sessions').execute();
}
