// A feature override carries why it was set (required from now on), who set it, and when it
// stops applying (null: until changed). Expiry needs no job: every read that decides a user's
// features compares expires_at with the clock. Overrides set before this have no recorded
// reason or author: they get a reason saying so, no author and no expiry.
import type { Kysely } from 'kysely';

export const LEGACY_REASON = 'Set before reasons were recorded';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_feature_overrides')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(LEGACY_REASON))
    .execute();
  await db.schema
    .alterTable('user_feature_overrides')
    .addColumn('set_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('user_feature_overrides').addColumn('expires_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['expires_at', 'set_by', 'reason']) {
    await db.schema.alterTable('user_feature_overrides').dropColumn(column).execute();
  }
}
