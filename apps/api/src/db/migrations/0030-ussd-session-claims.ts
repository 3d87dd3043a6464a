// USSD gateway: the callback being answered holds its session's claim, so a copy of it that the
// aggregator resends meanwhile, to this instance or another, waits for that answer instead of
// running the same replies beside it. A claim names its holder (a random token) and lapses at
// `expires_at`, so one left by an instance that died is taken over. A table of its own: a session's
// row holds what was answered, and a first callback has no session row yet to mark.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ussd_session_claims')
    .addColumn('session_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('token', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ussd_session_claims').execute();
}
