// The renewal job against a backlog (issue 38): one run renews everything due, not the first
// hundred; the server keeps answering during it and stops it cleanly at shutdown; two instances
// share a backlog with each subscription renewed once, neither waiting for rows the other
// holds; a subscription that cannot be renewed is set aside instead of holding back the rest.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../src/app.js';
import type { Database } from '../src/db/schema.js';
import { runDueJobs } from '../src/plugins/app/renewal-job.js';
import { RENEWAL_RETRY_MS } from '../src/services/subscriptions.js';
import {
  createTestApp,
  instancesOn,
  seedDue,
  T0,
  type TestApp,
  testConfig,
} from './helpers/app.js';
import { describeEachDatabase, postgres, type TestDatabase } from './helpers/databases.js';
import { startServer } from './helpers/server-process.js';

const pgUrl = process.env.OMEGA_TEST_PG_URL;
/** Subscriptions whose period has ended at `now`. */
async function dueCount(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('current_period_end', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Each seeded subscription, renewed or not, is whole: renewed means its period moved on once,
 * one invoice for the period that ended, one renewal entry in the activity log; not renewed
 * means none of these. Answers how many were renewed.
 */
async function renewedWhole(db: Kysely<Database>, ids: readonly number[]): Promise<number> {
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select(['user_id', 'period_index', 'version', 'current_period_start'])
    .where('user_id', 'in', [...ids])
    .execute();
  const invoices = await db
    .selectFrom('invoices')
    .select(['user_id', 'period_start', 'amount'])
    .where('user_id', 'in', [...ids])
    .execute();
  const renewals = await db
    .selectFrom('activity_logs')
    .select('user_id')
    .where('action', '=', 'renewal')
    .where('user_id', 'in', [...ids])
    .execute();
  const count = (rows: Array<{ user_id: number | null }>, id: number) =>
    rows.filter((r) => r.user_id === id).length;
  let renewed = 0;
  for (const s of subscriptions) {
    const advanced = s.period_index === 1;
    const whole = advanced ? 1 : 0;
    expect(
      {
        user: s.user_id,
        version: s.version,
        invoices: count(invoices, s.user_id),
        renewals: count(renewals, s.user_id),
      },
      `subscription of user ${s.user_id}`,
    ).toEqual({ user: s.user_id, version: whole, invoices: whole, renewals: whole });
    if (advanced) {
      expect(invoices.find((i) => i.user_id === s.user_id)?.period_start).toBe(
        s.current_period_start,
      );
      renewed += 1;
    }
  }
  expect(subscriptions.length).toBe(ids.length);
  return renewed;
}

/**
 * After a drain was stopped (a close, a crash): some of `ids` were renewed and some not, each
 * whole, and the next run renews the rest, each once.
 */
async function stoppedPartWayThenRenewed(t: TestApp, ids: readonly number[]) {
  const renewed = await renewedWhole(t.app.database.db, ids);
  expect(renewed).toBeGreaterThan(0);
  expect(renewed).toBeLessThan(ids.length);
  expect((await runDueJobs(t.app)).renewed).toBe(ids.length - renewed);
  expect(await renewedWhole(t.app.database.db, ids)).toBe(ids.length);
}

/** An app with the renewal job on (as `server.ts` builds it) over an existing database. */
async function serverWithJobs(url: string, clock: () => number): Promise<FastifyInstance> {
  const app = await build({
    config: testConfig({ databaseUrl: url }),
    clock,
    logger: false,
    helpAtStart: false,
    runJobs: true,
  });
  await app.ready();
  return app;
}

describeEachDatabase('renewal backlog', (database) => {
  const instances = instancesOn(database);
  const sharedDatabase = () => instances.database();
  const testApp = (shared?: { url: string; drop(): Promise<void> }) => instances.app(shared);

  it('renews 300 due subscriptions in one run of the job, each once', async () => {
    const t = await testApp();
    const ids = await seedDue(t.app.database.db, t.now(), 300);
    expect(await runDueJobs(t.app)).toEqual({
      renewed: 300,
      charged: 300,
      ended: 0,
      purged: 0,
      sessionsCleared: 0,
      walletTokensCleared: 0,
    });
    expect(await dueCount(t.app.database.db, t.now())).toBe(0);
    expect(await renewedWhole(t.app.database.db, ids)).toBe(300);
    // Invoiced at the plans' prices, the same as one at a time.
    const invoices = await t.app.database.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.sum<number | string>('amount').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(invoices.total)).toBe(150 * 900 + 150 * 2900);
    // Each charged once to the saved card, in the same run (issue 39).
    const unpaid = await t.app.database.db
      .selectFrom('invoices')
      .select('id')
      .where('status', '<>', 'paid')
      .execute();
    expect(unpaid).toEqual([]);
    const charges = await t.app.database.db
      .selectFrom('demo_charges')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(charges.n)).toBe(300);
    expect(await runDueJobs(t.app)).toEqual({
      renewed: 0,
      charged: 0,
      ended: 0,
      purged: 0,
      sessionsCleared: 0,
      walletTokensCleared: 0,
    });
  });

  /** `count` due subscriptions in a database of their own, then a server with its job started on it. */
  async function serverStartedOnBacklog(count: number) {
    const shared = await sharedDatabase();
    const seeded = await testApp(shared);
    const ids = await seedDue(seeded.app.database.db, seeded.now(), count);
    await seeded.app.close();
    const server = await serverWithJobs(shared.url, () => T0);
    return { shared, ids, server };
  }

  it('drains the backlog in the start-up run, without a second run', async () => {
    const { ids, server } = await serverStartedOnBacklog(300);
    instances.after(() => server.close());
    // The next run is a minute away: only the start-up run can have renewed them.
    await vi.waitFor(async () => expect(await dueCount(server.database.db, T0)).toBe(0), {
      timeout: 45_000,
      interval: 50,
    });
    expect(await renewedWhole(server.database.db, ids)).toBe(300);
  });

  it('answers requests while a run drains the backlog', async () => {
    const t = await testApp();
    await seedDue(t.app.database.db, t.now(), 1000);
    let drained = false;
    const run = runDueJobs(t.app).then((result) => {
      drained = true;
      return result;
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(health.statusCode).toBe(200);
    // Answered between two batches, not after the last.
    expect(drained).toBe(false);
    expect(await run).toEqual({
      renewed: 1000,
      charged: 1000,
      ended: 0,
      purged: 0,
      sessionsCleared: 0,
      walletTokensCleared: 0,
    });
  });

  it('stops mid-drain at shutdown, leaving no subscription half-renewed', async () => {
    const { shared, ids, server } = await serverStartedOnBacklog(1000);
    // The start-up run has begun; closing stops it after the batch in progress.
    await server.close();
    await stoppedPartWayThenRenewed(await testApp(shared), ids);
  });

  it('leaves each subscription renewed once or untouched when the server is killed mid-drain (kill -9)', async () => {
    const shared = await sharedDatabase();
    const seeded = await testApp(shared);
    // The server process runs on the real clock.
    const ids = await seedDue(seeded.app.database.db, Date.now(), 5000);
    await seeded.app.close();
    const renewedSoFar = committedRenewals(shared.url);
    instances.after(() => renewedSoFar.close());
    const server = await startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'omega-renewals-')),
      DATABASE_URL: shared.url,
    });
    instances.after(() => server.kill());
    // Killed as soon as its start-up run has committed a batch, while it renews the next.
    // (A first batch took over 15 s to commit beside the other suites on a starved CI machine.)
    await vi.waitFor(async () => expect(await renewedSoFar.count()).toBeGreaterThan(0), {
      timeout: 60_000,
      interval: 1,
    });
    await server.kill();
    const after = await testApp(shared);
    after.advance(Date.now() - after.now());
    await stoppedPartWayThenRenewed(after, ids);
    // The run after it renews the rest and charges every invoice (thousands on a busy machine).
  }, 150_000);

  it('sets aside a subscription that cannot be renewed and renews the rest', async () => {
    const t = await testApp();
    const db = t.app.database.db;
    const ids = await seedDue(db, t.now(), 250);
    const declined = ids[123] as number;
    await declineInvoicesOf(database, db, declined);
    expect(await runDueJobs(t.app)).toEqual({
      renewed: 249,
      charged: 249,
      ended: 0,
      purged: 0,
      sessionsCleared: 0,
      walletTokensCleared: 0,
    });
    await t.app.systemLogs.flush();
    const errors = await db
      .selectFrom('system_logs')
      .select('message')
      .where('level', '=', 'ERROR')
      .where('source', '=', 'renewals')
      .execute();
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining(`renewal of user ${declined} failed`),
    ]);
    // Set aside: the runs until RENEWAL_RETRY_MS has passed leave it alone, even once it could
    // be renewed.
    await sql`drop trigger decline_renewal ${sql.raw(database.name === 'PostgreSQL' ? 'on invoices' : '')}`.execute(
      db,
    );
    t.advance(RENEWAL_RETRY_MS - 1);
    expect((await runDueJobs(t.app)).renewed).toBe(0);
    t.advance(1);
    expect((await runDueJobs(t.app)).renewed).toBe(1);
    expect(await renewedWhole(db, ids)).toBe(250);
  });

  it('shares a backlog between two instances, each subscription renewed once', async () => {
    const shared = await sharedDatabase();
    const a = await testApp(shared);
    // On PostgreSQL the second instance is a second server on the same database. SQLite is one
    // server (one process holds the file): there the two are two runs at once in it.
    const b = database.name === 'PostgreSQL' ? await testApp(shared) : a;
    const ids = await seedDue(a.app.database.db, a.now(), 600);
    const [ra, rb] = await Promise.all([runDueJobs(a.app), runDueJobs(b.app)]);
    expect(ra.renewed + rb.renewed).toBe(600);
    expect(await renewedWhole(a.app.database.db, ids)).toBe(600);
    const invoices = await a.app.database.db.selectFrom('invoices').selectAll().execute();
    expect(new Set(invoices.map((i) => `${i.user_id}:${i.period_start}`)).size).toBe(600);
    expect(invoices.length).toBe(600);
  });
});

(pgUrl ? describe : describe.skip)('renewal backlog on PostgreSQL: rows held elsewhere', () => {
  it('passes over due rows another instance holds instead of waiting for them', async () => {
    const shared = await postgres.create();
    const t = await createTestApp(postgres, {}, shared);
    const holder = new pg.Client({ connectionString: pgUrl });
    try {
      const ids = await seedDue(t.app.database.db, t.now(), 300);
      // Another instance's batch in progress: the first 100 due rows locked in an open transaction.
      await holder.connect();
      await holder.query(`set search_path = ${new URL(shared.url).searchParams.get('schema')}`);
      await holder.query('begin');
      const held = await holder.query(
        'select user_id from subscriptions where current_period_end <= $1 order by current_period_end, user_id limit 100 for update',
        [t.now()],
      );
      expect(held.rowCount).toBe(100);
      // Renews the other 200 while the lock is held; waiting for it would have run into the
      // statement timeout and renewed none.
      expect(await runDueJobs(t.app)).toEqual({
        renewed: 200,
        charged: 200,
        ended: 0,
        purged: 0,
        sessionsCleared: 0,
        walletTokensCleared: 0,
      });
      await holder.query('rollback');
      expect(await runDueJobs(t.app)).toEqual({
        renewed: 100,
        charged: 100,
        ended: 0,
        purged: 0,
        sessionsCleared: 0,
        walletTokensCleared: 0,
      });
      expect(await renewedWhole(t.app.database.db, ids)).toBe(300);
    } finally {
      await holder.end().catch(() => {});
      await t.close();
    }
  });
});

/**
 * Counts renewal invoices committed to the database at `url`, read beside the server that
 * writes them (a read-only SQLite connection, or a PostgreSQL client in the test's schema).
 */
function committedRenewals(url: string): { count(): Promise<number>; close(): Promise<void> } {
  const text = "select count(*) as n from invoices where dedupe_key like 'renewal:%'";
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
  const client = new pg.Client({ connectionString: pgUrl });
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

/** Makes every invoice of `userId` fail to be written, as a payment the bank refuses would. */
async function declineInvoicesOf(database: TestDatabase, db: Kysely<Database>, userId: number) {
  if (database.name === 'SQLite') {
    await sql
      .raw(
        `create trigger decline_renewal before insert on invoices when new.user_id = ${userId} begin select raise(abort, 'card declined'); end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function decline_renewal() returns trigger language plpgsql as $$ begin if new.user_id = ${userId} then raise exception 'card declined'; end if; return new; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger decline_renewal before insert on invoices for each row execute function decline_renewal()',
    )
    .execute(db);
}
