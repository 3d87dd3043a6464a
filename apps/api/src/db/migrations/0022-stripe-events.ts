// The stripe payment provider (issue 39, decision 038). Webhook events get `handled_at`: an
// event row is an instance's claim until it is set, so two instances that receive the same
// event handle it once, and a claim left by an instance that died is taken over. Each charge's
// idempotency key is kept with its customer and, once known, its PaymentIntent: a charge whose
// answer was lost is found at Stripe again, even after Stripe has forgotten the key (24 hours).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_events').addColumn('handled_at', 'bigint').execute();
  // Events recorded before were handled when they were recorded.
  await sql`update payment_events set handled_at = received_at`.execute(db);
  await db.schema
    .createTable('stripe_charges')
    .addColumn('idempotency_key', 'varchar(160)', (c) => c.primaryKey())
    .addColumn('customer_ref', 'varchar(255)', (c) => c.notNull())
    .addColumn('payment_intent_id', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_charges').execute();
  await db.schema.alterTable('payment_events').dropColumn('handled_at').execute();
}
