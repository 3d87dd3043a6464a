// The retention sweep deletes sessions that ended without being presented again: past their
// idle deadline (`sessions_expires_idx`, 0001) or begun more than 12 hours ago. This index lets
// the second half find its rows without reading the whole table every minute.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_created_idx').on('sessions').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_created_idx').execute();
}
