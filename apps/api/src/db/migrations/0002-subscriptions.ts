// Plans, features and their matrix, per-user feature overrides, subscriptions, invoices and
// the record of admin plan overrides. Seeds a plan ladder and a dozen features.
import type { Generated, Kysely } from 'kysely';
import { idColumn } from './id-column.js';

const PLANS = [
  {
    id: 'free',
    name: 'Free',
    monthly: 0,
    annual: null,
    trial: null,
    popular: 0,
    order: 0,
    perks: ['OmegaPay wallet', 'Balance and history', 'Community support'],
  },
  {
    id: 'starter',
    name: 'Starter',
    monthly: 900,
    annual: 9000,
    trial: 7,
    popular: 0,
    order: 1,
    perks: ['Everything in Free', 'Send to phone', 'Email support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    monthly: 2900,
    annual: 29000,
    trial: 14,
    popular: 1,
    order: 2,
    perks: ['Everything in Starter', 'Analytics and exports', 'Priority support'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthly: 9900,
    annual: 99000,
    trial: 14,
    popular: 0,
    order: 3,
    perks: ['Everything in Pro', 'Audit log and SSO', 'Dedicated manager'],
  },
];

/** Each feature with the cheapest plan that includes it (and every plan above it does). */
const FEATURES: Array<[name: string, category: string, description: string, from: string]> = [
  ['Wallet balance', 'Wallet', 'See your USDC and BTC balances on the keypad', 'free'],
  ['Buy crypto', 'Wallet', 'Buy USDC or BTC with your USD balance', 'free'],
  ['Transaction history', 'Wallet', 'Your recent keypad transactions', 'free'],
  ['Send to phone', 'Payments', 'Send money to any phone number', 'starter'],
  ['Wallet transfers', 'Payments', 'Transfer coins to a wallet address', 'starter'],
  ['Higher limits', 'Payments', 'Larger daily transaction limits', 'pro'],
  ['Spending analytics', 'Analytics', 'Charts of where your money goes', 'pro'],
  ['CSV export', 'Analytics', 'Download your history as CSV', 'pro'],
  ['Email support', 'Support', 'Answers by email within two working days', 'starter'],
  ['Priority support', 'Support', 'Answers within four hours', 'pro'],
  ['Audit log', 'Security', 'Every sign-in and change, kept for a year', 'enterprise'],
  ['Single sign-on', 'Security', 'Sign in with your company account', 'enterprise'],
];

/** The tables this migration seeds, as they are at this migration (not as they may become). */
interface SeedTables {
  plans: {
    id: string;
    name: string;
    monthly_price: number;
    annual_price: number | null;
    trial_days: number | null;
    is_popular: number;
    perks: string;
    sort_order: number;
  };
  features: {
    id: Generated<number>;
    name: string;
    category: string;
    description: string;
    created_at: number;
  };
  plan_features: { plan_id: string; feature_id: number; enabled: number };
}

export async function up(schemaDb: Kysely<unknown>): Promise<void> {
  const db = schemaDb as Kysely<SeedTables>;
  await db.schema
    .createTable('plans')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('monthly_price', 'integer', (c) => c.notNull())
    .addColumn('annual_price', 'integer')
    .addColumn('trial_days', 'integer')
    .addColumn('is_popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('perks', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await idColumn(schemaDb, db.schema.createTable('features'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('plan_features')
    .addColumn('plan_id', 'varchar(64)', (c) =>
      c.notNull().references('plans.id').onDelete('cascade'),
    )
    .addColumn('feature_id', 'integer', (c) =>
      c.notNull().references('features.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_features_pk', ['plan_id', 'feature_id'])
    .execute();

  await db.schema
    .createTable('user_feature_overrides')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature_id', 'integer', (c) =>
      c.notNull().references('features.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_feature_overrides_pk', ['user_id', 'feature_id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull().references('plans.id'))
    .addColumn('interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('anchor', 'bigint', (c) => c.notNull())
    .addColumn('period_index', 'integer', (c) => c.notNull())
    .addColumn('current_period_start', 'bigint', (c) => c.notNull())
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('trial_end', 'bigint')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_plan_id', 'varchar(64)')
    .addColumn('scheduled_interval', 'varchar(8)')
    .addColumn('credit_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('had_trial', 'integer', (c) => c.notNull().defaultTo(0))
    // Optimistic concurrency: every write checks and bumps it.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    // A renewal worker's claim on the row, until this time.
    .addColumn('renewal_claimed_until', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_period_end_idx')
    .on('subscriptions')
    .column('current_period_end')
    .execute();

  await idColumn(schemaDb, db.schema.createTable('invoices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    // Renewals use 'renewal:<user>:<period start>', so a period can be billed only once.
    .addColumn('dedupe_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invoices_user_idx')
    .on('invoices')
    .columns(['user_id', 'created_at'])
    .execute();

  await idColumn(schemaDb, db.schema.createTable('subscription_overrides'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('pro_rated_amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_overrides_user_idx')
    .on('subscription_overrides')
    .column('user_id')
    .execute();

  const now = Date.now();
  await db
    .insertInto('plans')
    .values(
      PLANS.map((p) => ({
        id: p.id,
        name: p.name,
        monthly_price: p.monthly,
        annual_price: p.annual,
        trial_days: p.trial,
        is_popular: p.popular,
        perks: JSON.stringify(p.perks),
        sort_order: p.order,
      })),
    )
    .execute();
  for (const [name, category, description] of FEATURES) {
    await db
      .insertInto('features')
      .values({ name, category, description, created_at: now })
      .execute();
  }
  const features = await db.selectFrom('features').select(['id', 'name']).execute();
  const order = new Map(PLANS.map((p) => [p.id, p.order]));
  const rows: SeedTables['plan_features'][] = [];
  for (const f of features) {
    const from = FEATURES.find(([name]) => name === f.name)?.[3] ?? 'enterprise';
    for (const p of PLANS) {
      rows.push({
        plan_id: p.id,
        feature_id: f.id,
        enabled: (order.get(p.id) ?? 0) >= (order.get(from) ?? 0) ? 1 : 0,
      });
    }
  }
  await db.insertInto('plan_features').values(rows).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'subscription_overrides',
    'invoices',
    'subscriptions',
    'user_feature_overrides',
    'plan_features',
    'features',
    'plans',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
