// revenue_days: per UTC day and paid plan, how the accounts on the plan and its monthly recurring
// revenue moved, written in the same transaction as each subscription change (decision 025).
// The admin console's plan and revenue charts sum at most a few rows per day from it instead of
// replaying every subscription's history. activity_logs gets an (action, created_at) index for
// the sign-ins chart.
//
// History before this migration is not known: each paid subscription is booked as new on the
// day its current period began, at its plan's list price (the rule of monthlyRevenue in
// packages/domain, written out here so this migration never changes with that code).
import { type Kysely, sql } from 'kysely';

const DAY_MS = 86_400_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revenue_days')
    // Days since 1970-01-01 (UTC).
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
    // Net change of the accounts on the plan that day.
    .addColumn('accounts', 'integer', (c) => c.notNull().defaultTo(0))
    // Net change of the plan's MRR that day, and its four kinds of movement (cents).
    .addColumn('mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expansion_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contraction_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('churned_mrr', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('revenue_days_pk', ['day', 'plan_id'])
    .execute();
  await db.schema
    .createIndex('activity_logs_action_created_idx')
    .on('activity_logs')
    .columns(['action', 'created_at'])
    .execute();

  const paid = await sql<{
    plan_id: string;
    day: number | string;
    mrr: number | string;
  }>`
    select s.plan_id,
      ${sql.raw(`floor(s.current_period_start / ${DAY_MS})`)} as day,
      case
        when s.status = 'trialing' or s.complimentary = 1 then 0
        when s.interval = 'year' then coalesce(p.annual_price, 0) / 12
        else p.monthly_price
      end as mrr
    from subscriptions s join plans p on p.id = s.plan_id
    where s.plan_id <> 'free'
  `.execute(db);
  const days = new Map<string, { day: number; plan: string; accounts: number; mrr: number }>();
  for (const row of paid.rows) {
    const day = Math.floor(Number(row.day));
    const mrr = Math.floor(Number(row.mrr));
    const key = `${day}:${row.plan_id}`;
    const entry = days.get(key) ?? { day, plan: row.plan_id, accounts: 0, mrr: 0 };
    entry.accounts += 1;
    entry.mrr += mrr;
    days.set(key, entry);
  }
  for (const d of days.values()) {
    await sql`
      insert into revenue_days (day, plan_id, accounts, mrr, new_mrr)
      values (${d.day}, ${d.plan}, ${d.accounts}, ${d.mrr}, ${d.mrr})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_logs_action_created_idx').execute();
  await db.schema.dropTable('revenue_days').execute();
}
