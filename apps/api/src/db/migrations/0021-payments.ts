// Payments (issue 39, decision 038): the card each account is charged to, the provider's
// customer, the state of every invoice's charge (attempts, the attempt in flight and its
// idempotency key, the dunning schedule), the demo provider's own record of charges, the
// webhook events a provider sent (each handled once) and announcements sent to one user.
//
// Invoices written before this migration were never charged: they stay 'paid' with 0 attempts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One saved card per account: what may be shown (brand, last 4, expiry) and the provider's
  // reference to it (a Stripe PaymentMethod id, or the demo provider's token). Never the number.
  await db.schema
    .createTable('payment_methods')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(255)', (c) => c.notNull())
    .addColumn('brand', 'varchar(32)', (c) => c.notNull())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // The provider's customer for an account (a Stripe Customer id), made once, before a card.
  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('customer_ref', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_customers_pk', ['user_id', 'provider'])
    .execute();

  await db.schema
    .alterTable('invoices')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, type] of [
    // When the last charge was tried, and why it failed (the provider's message).
    ['last_attempt_at', 'bigint'],
    ['failure_message', 'varchar(200)'],
    // When the dunning job next acts on it (a retry, or the move to Free); null: nothing planned.
    ['next_attempt_at', 'bigint'],
    // The first failed charge: the dunning schedule counts from it.
    ['first_failed_at', 'bigint'],
    // A charge in flight: its idempotency key, kept until its outcome is written, so a charge
    // whose answer was lost is asked about (or made again) with the same key, never twice.
    ['charging_key', 'varchar(160)'],
    // Held by one instance's collector until then (the attempt's claim).
    ['claimed_until', 'bigint'],
    // The provider's id of the charge that paid it, and when.
    ['provider_ref', 'varchar(255)'],
    ['paid_at', 'bigint'],
  ] as const) {
    await db.schema.alterTable('invoices').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('invoices_next_attempt_idx')
    .on('invoices')
    .columns(['next_attempt_at'])
    .execute();

  // The demo provider's side of each charge, by idempotency key: a charge made again with the
  // same key answers the first one's outcome. In a real deployment the provider keeps this.
  await db.schema
    .createTable('demo_charges')
    .addColumn('idempotency_key', 'varchar(160)', (c) => c.primaryKey())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('payment_method_ref', 'varchar(255)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // succeeded, declined, requires_action
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('code', 'varchar(40)')
    .addColumn('message', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Webhook events a provider sent, by its event id: each is handled once, whatever the order.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  // An announcement for one user (a subscription moved to Free); null: for everyone.
  await db.schema
    .alterTable('announcements')
    .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('announcements').dropColumn('recipient_id').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('demo_charges').execute();
  await db.schema.dropIndex('invoices_next_attempt_idx').execute();
  for (const name of [
    'paid_at',
    'provider_ref',
    'claimed_until',
    'charging_key',
    'first_failed_at',
    'next_attempt_at',
    'failure_message',
    'last_attempt_at',
    'attempts',
  ]) {
    await db.schema.alterTable('invoices').dropColumn(name).execute();
  }
  await db.schema.dropTable('billing_customers').execute();
  await db.schema.dropTable('payment_methods').execute();
}
