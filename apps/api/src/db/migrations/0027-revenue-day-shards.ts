// revenue_day_shards: the daily revenue figures of decision 025, spread over shards (decision
// 045). Every plan change of a day added to the same row per plan, so on PostgreSQL concurrent
// changes queued on that row's lock until each committed. New moves go to one of 16 rows per day
// and plan (the user's id modulo 16), and the charts sum them.
//
// revenue_days keeps the rows booked before this migration, and the moves instances of the
// previous release book during a rolling release (they write `on conflict (day, plan_id)`, which
// a changed key would refuse): the charts read both tables. A later release can fold it in.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revenue_day_shards')
    // Days since 1970-01-01 (UTC), the paid plan, and the shard.
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('accounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expansion_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contraction_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('churned_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('revenue_day_shards_pk', ['day', 'plan_id', 'shard'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('revenue_day_shards').execute();
}
