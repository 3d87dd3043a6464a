// Migration 0021 (issue 39, decision 038) over a database that already has subscribers: their
// invoices stay paid with no charge attempted, announcements stay for everyone, and the new
// tables take cards, charges and webhook events.
import { expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { atMigration, describeEachDatabase } from './helpers/databases.js';

describeEachDatabase('payments migration', (database) => {
  it('keeps existing invoices paid with 0 attempts and announcements for everyone', async () => {
    await atMigration(database, '0020-log-search-level', async (handle) => {
      // biome-ignore lint/suspicious/noExplicitAny: the tables as they were before 0021.
      const db = handle.db as any;
      const user = await db
        .insertInto('users')
        .values({
          username: 'payer',
          username_key: 'payer',
          password_hash: 'x',
          role: 'user',
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('invoices')
        .values({
          user_id: user.id,
          description: 'Pro plan renewal',
          amount: 2900,
          status: 'paid',
          period_start: 10,
          period_end: 20,
          dedupe_key: `renewal:${user.id}:10`,
          created_at: 10,
        })
        .execute();
      await db
        .insertInto('announcements')
        .values({ title: 'Hello', content: 'To all', author_id: null, created_at: 5 })
        .execute();
      await migrateToLatest(handle.db, handle.schema);

      const invoice = await handle.db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
      expect(invoice).toMatchObject({
        status: 'paid',
        attempts: 0,
        next_attempt_at: null,
        charging_key: null,
        failure_message: null,
      });
      const announcement = await handle.db
        .selectFrom('announcements')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(announcement.recipient_id).toBeNull();

      // The new tables take what the services write.
      await handle.db
        .insertInto('payment_methods')
        .values({
          user_id: user.id,
          provider: 'demo',
          provider_ref: 'demo_pm_succeeds_x',
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2030,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      await handle.db
        .insertInto('demo_charges')
        .values({
          idempotency_key: `invoice:${invoice.id}:1`,
          ref: 'demo_ch_1',
          payment_method_ref: 'demo_pm_succeeds_x',
          amount: 2900,
          currency: 'usd',
          status: 'succeeded',
          code: null,
          message: null,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      await handle.db
        .insertInto('payment_events')
        .values({
          provider: 'stripe',
          event_id: 'evt_1',
          type: 'payment_intent.succeeded',
          received_at: 1,
        })
        .execute();
      // An event id is taken once per provider.
      await expect(
        handle.db
          .insertInto('payment_events')
          .values({ provider: 'stripe', event_id: 'evt_1', type: 'x', received_at: 2 })
          .execute(),
      ).rejects.toThrow();
      // A card goes with its account.
      await handle.db.deleteFrom('users').where('id', '=', user.id).execute();
      expect(await handle.db.selectFrom('payment_methods').selectAll().execute()).toEqual([]);
    });
  });
});
