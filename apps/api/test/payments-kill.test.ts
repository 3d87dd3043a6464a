// Exactly once under a crash (issue 39, part 4): the production server (dist/server.js) is
// killed with SIGKILL after the provider recorded its renewal charges and before the server
// wrote their outcome. After the restart the invoices and the provider's record agree: each
// invoice paid by exactly the one charge made before the crash, none charged again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { runDueJobs } from '../src/plugins/app/renewal-job.js';
import { CHARGE_LEASE_MS } from '../src/services/billing.js';
import { createTestApp, instancesOn, seedDue, type TestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';
import { startServer } from './helpers/server-process.js';

const DUE = 5;
/** How long the demo provider holds each answer after recording the charge: the kill's window. */
const PROVIDER_DELAY_MS = 8000;

/** Counts the demo provider's charges from beside the server (read-only SQLite, or a client). */
function providerCharges(url: string): { count(): Promise<number>; close(): Promise<void> } {
  const text = 'select count(*) as n from demo_charges';
  if (url.startsWith('sqlite:')) {
    const db = new SQLite(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    const statement = db.prepare(text);
    return {
      count: async () => Number((statement.get() as { n: number }).n),
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: process.env.OMEGA_TEST_PG_URL });
  const connected = client
    .connect()
    .then(() => client.query(`set search_path = ${new URL(url).searchParams.get('schema')}`));
  return {
    count: async () => {
      await connected;
      return Number((await client.query<{ n: string }>(text)).rows[0]?.n);
    },
    close: () => client.end(),
  };
}

describeEachDatabase(
  'payments when the server is killed between the charge and the commit',
  (database) => {
    const instances = instancesOn(database);

    it('agrees with the provider after the restart: one charge per invoice, none made twice', async () => {
      const shared = await instances.database();
      const seeded = await createTestApp(database, {}, shared);
      const db = seeded.app.database.db;
      // Paid subscriptions whose month ended yesterday by the real clock (the server's), each
      // with a card that pays.
      await seedDue(db, Date.now(), DUE);
      await seeded.app.close();

      const charges = providerCharges(shared.url);
      instances.after(() => charges.close());
      const server = await startServer({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'omega-payments-')),
        DATABASE_URL: shared.url,
        OMEGA_PAYMENTS_DEMO_DELAY_MS: String(PROVIDER_DELAY_MS),
      });
      instances.after(() => server.kill());
      // Its start-up run renews them and charges each: once the provider has recorded every
      // charge, and before any answer comes back, the server dies.
      await vi.waitFor(async () => expect(await charges.count()).toBe(DUE), {
        timeout: 45_000,
        interval: 5,
      });
      await server.kill();

      const after: TestApp = await instances.app(shared);
      const adb = after.app.database.db;
      const inFlight = await adb.selectFrom('invoices').selectAll().orderBy('id').execute();
      // Charged at the provider, unknown here: every attempt still in flight under its key.
      expect(inFlight).toHaveLength(DUE);
      for (const invoice of inFlight) {
        expect(invoice).toMatchObject({
          status: 'open',
          attempts: 1,
          charging_key: `invoice:${invoice.id}:1`,
          provider_ref: null,
        });
      }
      // The restarted server waits out the dead one's claim, then asks again with the same keys.
      after.advance(Date.now() + CHARGE_LEASE_MS - after.now());
      expect(await runDueJobs(after.app)).toMatchObject({ renewed: 0, charged: DUE });
      const invoices = await adb.selectFrom('invoices').selectAll().orderBy('id').execute();
      const recorded = await adb.selectFrom('demo_charges').selectAll().execute();
      expect(recorded).toHaveLength(DUE);
      for (const invoice of invoices) {
        const charge = recorded.find((c) => c.idempotency_key === `invoice:${invoice.id}:1`);
        expect(charge).toMatchObject({ status: 'succeeded', amount: invoice.amount });
        expect(invoice).toMatchObject({
          status: 'paid',
          attempts: 1,
          charging_key: null,
          provider_ref: charge?.ref,
        });
      }
      // And a later run changes nothing: no charge is made twice.
      expect(await runDueJobs(after.app)).toMatchObject({ renewed: 0, charged: 0 });
      expect(await adb.selectFrom('demo_charges').selectAll().execute()).toHaveLength(DUE);
    }, 150_000);
  },
);
