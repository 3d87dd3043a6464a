// Benchmark: the renewal job draining a backlog (issue 38). Seeds 20,000 paid monthly
// subscriptions whose period ended (all renewing on the 1st) and measures renewals per second
// until none is due: on SQLite with one production server (apps/api/dist/server.js) pinned to a
// core, and on PostgreSQL with three, one of them killed with SIGKILL mid-run and started
// again. Each subscription has a saved card (the demo provider's 4242), and a drain is done when
// every renewal invoice is charged and paid (issue 39). Each drain is checked for exactly once:
// one invoice and one renewal entry per subscription for the period that ended, every period
// moved on once, nothing left due, each invoice paid by exactly one charge at the provider.
// (The in-process sweep of batch sizes measures the renewals alone, without their charges.)
// Before that, in this process, a drain of 5,000 at several batch sizes: renewals/s, CPU and
// statements sent to PostgreSQL per renewal, and how long the event loop waited meanwhile (what
// a request waits for during a drain). Batch size 1 is the baseline: one transaction per
// renewal, the shape of the job before (which also ran once a minute, 100 at most: 1.7/s).
// Medians of 3 rounds. Target (issue 38): >= 300 renewals/s on PostgreSQL over three
// instances, kill -9 included.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DATABASES, PG_URL } from './lib/databases.js';
import { BUSY_MACHINE_NOTE, busyness, int, machine, median, table } from './lib/measure.js';
import { assertBuilt, startOmega } from './lib/omega.js';
import { type Placement, placement } from './lib/placement.js';
import type { ServerProcess } from './lib/server-process.js';

const DUE = Number(process.env.BENCH_DUE ?? 20_000);
const SWEEP_DUE = Number(process.env.BENCH_SWEEP_DUE ?? 5000);
const BATCH_SIZES = (process.env.BENCH_BATCH_SIZES ?? '1,10,100,500').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const INSTANCES = 3;
/** The share of the backlog renewed when one PostgreSQL instance is killed. */
const KILL_AT = 0.4;
const POLL_MS = 50;
const KILL_POLL_MS = 5;
const TARGET_PER_SECOND = 300;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
/** The lease on a charge in flight (apps/api's CHARGE_LEASE_MS), in seconds. */
const CHARGE_LEASE_S = 30;
/** The job before issue 38: one run a minute, 100 subscriptions at most. */
const OLD_PER_RUN = 100;
const OLD_EVERY_S = 60;

const apiDist = fileURLToPath(new URL('../apps/api/dist/app.js', import.meta.url));
const PLANS = ['starter', 'pro', 'enterprise'];

/** Every subscription's period: the last calendar month, ended at 00:00 UTC on the 1st. */
function period() {
  const now = new Date();
  return {
    start: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1),
    end: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
  };
}

/** A migrated database of the bench's, and the copies each drain runs on. */
interface Template {
  label: 'SQLite' | 'PostgreSQL';
  /** A fresh copy of the seeded template: its URL and a function that removes it. */
  copy(): Promise<{ url: string; dataDir: string; drop(): Promise<void> }>;
  drop(): Promise<void>;
}

type Api = typeof import('@omega/api');

/** Runs the API's migrations on an empty database, as a server does at its first start. */
async function migrate(api: Api, url: string, dataDir: string) {
  const app = await api.build({
    config: benchConfig(api, url, dataDir),
    logger: false,
    helpAtStart: false,
  });
  await app.ready();
  await app.close();
}

function benchConfig(api: Api, url: string, dataDir: string) {
  return api.loadConfig({
    NODE_ENV: 'production',
    OMEGA_REQUIRE_2FA: '',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
    OMEGA_ADMIN_KEY: 'bench-admin-key',
    OMEGA_SUPERGOD_KEY: 'bench-supergod-key',
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
    OMEGA_PRESSURE_LOOP_DELAY_MS: '0',
  });
}

/** The seeded rows' columns, users then subscriptions (ids 1..count). */
const SUBSCRIPTION_COLUMNS =
  'user_id, plan_id, interval, status, anchor, period_index, current_period_start, current_period_end, cancel_at_period_end, credit_balance, had_trial, version, updated_at';
/**
 * Each account's saved card (issue 39): the demo provider's token of Stripe's 4242 card, which
 * every renewal charges. Bound: user id, then created and updated times.
 */
const CARD_COLUMNS =
  'user_id, provider, provider_ref, brand, last4, exp_month, exp_year, created_at, updated_at';
const CARD_VALUES =
  "?, 'demo', 'demo_pm_succeeds_4242_12_2034_bench', 'visa', '4242', 12, 2034, ?, ?";

async function sqliteTemplate(api: Api, count: number): Promise<Template> {
  const dir = mkdtempSync(join(tmpdir(), 'omega-bench-renewals-'));
  const file = join(dir, 'template.db');
  await migrate(api, `sqlite:${file}`, dir);
  const db = new SQLite(file);
  const { start, end } = period();
  const user = db.prepare(
    'insert into users (id, username, username_key, role, password_hash, created_at) values (?, ?, ?, ?, ?, ?)',
  );
  const subscription = db.prepare(
    `insert into subscriptions (${SUBSCRIPTION_COLUMNS}) values (?, ?, 'month', 'active', ?, 0, ?, ?, 0, 0, 1, 0, ?)`,
  );
  const card = db.prepare(`insert into payment_methods (${CARD_COLUMNS}) values (${CARD_VALUES})`);
  db.transaction(() => {
    for (let id = 1; id <= count; id++) {
      const name = `renewing${id}`;
      user.run(id, name, name, 'user', 'not-a-real-hash', start);
      subscription.run(id, PLANS[id % PLANS.length], start, start, end, start);
      card.run(id, start, start);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  let copies = 0;
  return {
    label: 'SQLite',
    copy: async () => {
      const dataDir = join(dir, `copy-${copies++}`);
      const copied = `${dataDir}.db`;
      copyFileSync(file, copied);
      return {
        url: `sqlite:${copied}`,
        dataDir,
        drop: async () => {
          for (const path of [copied, `${copied}-wal`, `${copied}-shm`, dataDir]) {
            rmSync(path, { recursive: true, force: true });
          }
        },
      };
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresQuery(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const databaseUrl = (name: string) => {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function postgresTemplate(api: Api, count: number): Promise<Template> {
  const name = `omega_bench_renewals_${randomBytes(4).toString('hex')}`;
  await postgresQuery(PG_URL, `create database ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'omega-bench-renewals-'));
  await migrate(api, databaseUrl(name), dir);
  const { start, end } = period();
  await postgresQuery(
    databaseUrl(name),
    `insert into users (id, username, username_key, role, password_hash, created_at)
     select i, 'renewing' || i, 'renewing' || i, 'user', 'not-a-real-hash', $1 from generate_series(1, $2) as i`,
    [start, count],
  );
  // Ids given explicitly: the sequence moves past them for the rows the app adds.
  await postgresQuery(
    databaseUrl(name),
    `select setval(pg_get_serial_sequence('users', 'id'), $1)`,
    [count],
  );
  await postgresQuery(
    databaseUrl(name),
    `insert into subscriptions (${SUBSCRIPTION_COLUMNS})
     select i, (array['${PLANS.join("','")}'])[i % ${PLANS.length} + 1], 'month', 'active', $1, 0, $1, $2, 0, 0, 1, 0, $1
     from generate_series(1, $3) as i`,
    [start, end, count],
  );
  await postgresQuery(
    databaseUrl(name),
    `insert into payment_methods (${CARD_COLUMNS})
     select i, 'demo', 'demo_pm_succeeds_4242_12_2034_bench', 'visa', '4242', 12, 2034, $1, $1
     from generate_series(1, $2) as i`,
    [start, count],
  );
  await postgresQuery(databaseUrl(name), 'vacuum analyze');
  let copies = 0;
  return {
    label: 'PostgreSQL',
    copy: async () => {
      const copy = `${name}_${copies++}`;
      await postgresQuery(PG_URL, `create database ${copy} template ${name}`);
      return {
        url: databaseUrl(copy),
        dataDir: join(dir, copy),
        drop: async () => {
          await postgresQuery(PG_URL, `drop database if exists ${copy} with (force)`);
        },
      };
    },
    drop: async () => {
      await postgresQuery(PG_URL, `drop database if exists ${name} with (force)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Reads a drain's database from the bench's side: progress, and the exactly-once checks. */
interface Observer {
  /** Renewal invoices written so far. */
  renewed(): Promise<number>;
  /** Renewal invoices paid so far (charged to the saved card). */
  paid(): Promise<number>;
  /**
   * By the servers' clocks (ms): the first and the last renewal (invoice written), the last
   * renewal invoice paid, and how many runs logged their end.
   */
  window(): Promise<{ first: number; last: number; lastPaid: number; runs: number }>;
  check(count: number): Promise<ExactlyOnce>;
  close(): Promise<void>;
}

interface ExactlyOnce {
  invoices: number;
  invoicedUsers: number;
  duplicates: number;
  renewalEntries: number;
  advancedOnce: number;
  stillDue: number;
  /** Renewal invoices paid, and the provider's charges (all keys, and distinct ones). */
  paid: number;
  charges: number;
  chargeKeys: number;
}

const CHECKS = {
  renewed: "select count(*) as n from invoices where dedupe_key like 'renewal:%'",
  paid: "select count(*) as n from invoices where dedupe_key like 'renewal:%' and status = 'paid'",
  charges: 'select count(*) as n, count(distinct idempotency_key) as keys from demo_charges',
  window:
    "select min(created_at) as first, max(created_at) as last, max(paid_at) as paid from invoices where dedupe_key like 'renewal:%'",
  runs: "select count(*) as n from system_logs where source = 'renewals' and message like 'renewal run:%'",
  invoices:
    "select count(*) as n, count(distinct user_id) as users from invoices where dedupe_key like 'renewal:%'",
  duplicates:
    'select count(*) as n from (select user_id, period_start from invoices group by user_id, period_start having count(*) > 1) as d',
  entries: "select count(*) as n from activity_logs where action = 'renewal'",
  // Moved on from the seeded period exactly once: the next period, version 1.
  advanced:
    'select count(*) as n from subscriptions where period_index = 1 and version = 1 and current_period_start = ?',
  due: 'select count(*) as n from subscriptions where current_period_end <= ?',
};

function observe(url: string): Observer {
  const { end } = period();
  if (url.startsWith('sqlite:')) {
    const db = new SQLite(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    const one = (sql: string, ...args: unknown[]) =>
      db.prepare(sql).get(...args) as Record<string, number | null>;
    return {
      renewed: async () => Number(one(CHECKS.renewed).n),
      paid: async () => Number(one(CHECKS.paid).n),
      window: async () => {
        const w = one(CHECKS.window);
        return {
          first: Number(w.first),
          last: Number(w.last),
          lastPaid: Number(w.paid),
          runs: Number(one(CHECKS.runs).n),
        };
      },
      check: async () => {
        const invoices = one(CHECKS.invoices);
        return {
          invoices: Number(invoices.n),
          invoicedUsers: Number(invoices.users),
          duplicates: Number(one(CHECKS.duplicates).n),
          renewalEntries: Number(one(CHECKS.entries).n),
          advancedOnce: Number(one(CHECKS.advanced, end).n),
          stillDue: Number(one(CHECKS.due, Date.now()).n),
          paid: Number(one(CHECKS.paid).n),
          charges: Number(one(CHECKS.charges).n),
          chargeKeys: Number(one(CHECKS.charges).keys),
        };
      },
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  const one = async (sql: string, ...args: unknown[]) => {
    await connected;
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    return (await client.query(text, args)).rows[0] as Record<string, string | null>;
  };
  return {
    renewed: async () => Number((await one(CHECKS.renewed)).n),
    paid: async () => Number((await one(CHECKS.paid)).n),
    window: async () => {
      const w = await one(CHECKS.window);
      return {
        first: Number(w.first),
        last: Number(w.last),
        lastPaid: Number(w.paid),
        runs: Number((await one(CHECKS.runs)).n),
      };
    },
    check: async () => {
      const invoices = await one(CHECKS.invoices);
      return {
        invoices: Number(invoices.n),
        invoicedUsers: Number(invoices.users),
        duplicates: Number((await one(CHECKS.duplicates)).n),
        renewalEntries: Number((await one(CHECKS.entries)).n),
        advancedOnce: Number((await one(CHECKS.advanced, end)).n),
        stillDue: Number((await one(CHECKS.due, Date.now())).n),
        paid: Number((await one(CHECKS.paid)).n),
        charges: Number((await one(CHECKS.charges)).n),
        chargeKeys: Number((await one(CHECKS.charges)).keys),
      };
    },
    close: () => client.end(),
  };
}

const exactlyOnce = (c: ExactlyOnce, count: number) =>
  c.invoices === count &&
  c.invoicedUsers === count &&
  c.duplicates === 0 &&
  c.renewalEntries === count &&
  c.advancedOnce === count &&
  c.stillDue === 0 &&
  c.paid === count &&
  c.charges === count &&
  c.chargeKeys === count;

const describeCheck = (c: ExactlyOnce, count: number) =>
  `${exactlyOnce(c, count) ? 'yes' : 'NO'}: ${int(c.invoices)} invoices for ${int(c.invoicedUsers)} subscriptions, ${c.duplicates} duplicate, ${int(c.renewalEntries)} renewal entries, ${int(c.advancedOnce)} periods moved on once, ${c.stillDue} due, ${int(c.paid)} paid by ${int(c.charges)} charges`;

/**
 * Waits until every subscription's renewal invoice is written and paid, and a run has logged its
 * end (a run logs when it finds nothing left; one that renewed and charged nothing logs nothing).
 */
async function drained(observer: Observer, count: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let reported = Date.now();
  for (;;) {
    const renewed = await observer.renewed();
    const paid = await observer.paid();
    const { runs } = await observer.window();
    if (renewed >= count && paid >= count && runs > 0) return;
    const state = `${int(renewed)} renewed, ${int(paid)} paid, ${runs} runs ended`;
    if (Date.now() > until) throw new Error(`not drained after ${timeoutMs / 1000} s: ${state}`);
    if (Date.now() - reported >= 10_000) {
      progress(`waiting for the drain: ${state}`);
      reported = Date.now();
    }
    await sleep(POLL_MS);
  }
}

interface Drain {
  /** Renewals a second, from the first renewal to the last. */
  perSecond: number;
  seconds: number;
  /** From the first renewal to the last renewal invoice paid. */
  paidSeconds: number;
  check: ExactlyOnce;
  kill?: { renewed: number; atSeconds: number; backAfterSeconds: number };
}

/**
 * One drain by production servers on a fresh copy of the template: `run` starts them (into
 * `servers`, stopped afterwards) and waits for the drain; answers the rate by the servers'
 * clocks and the exactly-once check.
 */
async function drain(
  template: Template,
  run: (
    copy: { url: string; dataDir: string },
    observer: Observer,
    servers: ServerProcess[],
  ) => Promise<Drain['kill']>,
): Promise<Drain> {
  const copy = await template.copy();
  const observer = observe(copy.url);
  const servers: ServerProcess[] = [];
  try {
    const kill = await run(copy, observer, servers);
    const { first, last, lastPaid } = await observer.window();
    const seconds = (last - first) / 1000;
    return {
      perSecond: DUE / seconds,
      seconds,
      paidSeconds: (lastPaid - first) / 1000,
      check: await observer.check(DUE),
      kill,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await observer.close();
    await copy.drop();
  }
}

/** One production server on SQLite, pinned: its start-up run drains the backlog. */
const sqliteDrain = (template: Template, where: Placement) =>
  drain(template, async (copy, observer, servers) => {
    servers.push(
      await startOmega('Omega (SQLite)', where, {
        dataDir: copy.dataDir,
        databaseUrl: copy.url,
        logLevel: LOG_LEVEL,
      }),
    );
    await drained(observer, DUE, 600_000);
    return undefined;
  });

/**
 * Three production servers on one PostgreSQL database, pinned round robin over the two cores.
 * The second starts first and drains alone while the other two start; it is killed with SIGKILL
 * once KILL_AT of the backlog is renewed, and started again at once (as a supervisor would):
 * its start-up run joins the drain. Started together, the three raced their start-ups, and on
 * a slow machine the first one up could drain everything before the second was there to kill.
 */
const postgresDrain = (template: Template, where: Placement) =>
  drain(template, async (copy, observer, servers) => {
    const prefixes = [where.serverPrefix, where.loadPrefix, where.serverPrefix];
    const start = (n: number) =>
      startOmega(
        `Omega api${n + 1} (PostgreSQL)`,
        { ...where, serverPrefix: prefixes[n] ?? [] },
        { dataDir: `${copy.dataDir}-api${n + 1}`, databaseUrl: copy.url, logLevel: LOG_LEVEL },
      );
    const api2 = await start(1);
    servers.push(api2);
    const others = [0, 2].map(async (n) => {
      const server = await start(n);
      servers.push(server);
      return server;
    });
    // Awaited after the kill; a start-up failure meanwhile is not an unhandled rejection.
    for (const starting of others) starting.catch(() => {});
    // Watched closely: a quiet machine drains 20,000 in about two seconds.
    let renewed = await observer.renewed();
    while (renewed < DUE * KILL_AT) {
      await sleep(KILL_POLL_MS);
      renewed = await observer.renewed();
    }
    await api2.kill();
    const killedAt = Date.now();
    const { first } = await observer.window();
    servers.push(await start(1));
    const backAfterSeconds = (Date.now() - killedAt) / 1000;
    await Promise.all(others);
    await drained(observer, DUE, 600_000);
    return { renewed, atSeconds: (killedAt - first) / 1000, backAfterSeconds };
  });

/** Counts the statements this process sends to PostgreSQL (the in-process app's included). */
function countStatements(): { count(): number } {
  let sent = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return { count: () => sent };
}

interface SweepFigures {
  perSecond: number;
  /** This process's CPU time per renewal (the app's work; PostgreSQL's is not in it), µs. */
  cpuMicros: number;
  statementsPerRenewal: number | null;
  loopP99Ms: number;
  loopMaxMs: number;
}

/** The app in this process (no job): one drain of SWEEP_DUE at `batchSize`. */
async function sweepDrain(
  api: Api,
  template: Template,
  batchSize: number,
  statements: { count(): number },
): Promise<SweepFigures> {
  const copy = await template.copy();
  const app = (await api.build({
    config: benchConfig(api, copy.url, copy.dataDir),
    logger: false,
    helpAtStart: false,
  })) as FastifyInstance & {
    subscriptions: { renewDue(o: { batchSize: number }): Promise<number> };
  };
  try {
    await app.ready();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const sentBefore = statements.count();
    loop.enable();
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const renewed = await app.subscriptions.renewDue({ batchSize });
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu);
    // One more turn: a delay that ended with the drain's last batch is recorded only then.
    await sleep(5);
    loop.disable();
    if (renewed !== SWEEP_DUE) throw new Error(`renewed ${renewed} of ${SWEEP_DUE}`);
    const sent = statements.count() - sentBefore;
    return {
      perSecond: renewed / seconds,
      cpuMicros: (used.user + used.system) / renewed,
      statementsPerRenewal: template.label === 'PostgreSQL' ? sent / renewed : null,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
    };
  } finally {
    await app.close();
    await copy.drop();
  }
}

const startedAt = Date.now();
/** What the bench is doing, on stderr as it goes: a drain of 20,000 takes minutes in all. */
function progress(message: string) {
  process.stderr.write(`[${((Date.now() - startedAt) / 1000).toFixed(0)} s] ${message}\n`);
}

async function main() {
  assertBuilt();
  const api = (await import(apiDist)) as Api;
  const where = placement();
  const statements = countStatements();
  const loadBefore = busyness();
  const templates: Template[] = [];
  const sweepRows: string[][] = [];
  const drainRows: string[][] = [];
  const checks: string[] = [];
  let postgresMedian: number | undefined;
  let failed = false;
  try {
    for (const label of ['SQLite', 'PostgreSQL'] as const) {
      if (!DATABASES.includes(label === 'SQLite' ? 'sqlite' : 'postgres')) continue;
      const seed = (count: number) =>
        label === 'SQLite' ? sqliteTemplate(api, count) : postgresTemplate(api, count);
      const sweep = await seed(SWEEP_DUE);
      templates.push(sweep);
      for (const batchSize of BATCH_SIZES) {
        const rounds: SweepFigures[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          rounds.push(await sweepDrain(api, sweep, batchSize, statements));
        }
        progress(`${label}: in-process drains in batches of ${batchSize} done`);
        const statementsPerRenewal = rounds[0]?.statementsPerRenewal ?? null;
        const perSecond = median(rounds.map((r) => r.perSecond));
        sweepRows.push([
          `${label}, batches of ${batchSize}${batchSize === 1 ? ' (baseline)' : ''}`,
          int(perSecond),
          // How long one transaction holds its rows (PostgreSQL) or the writer (SQLite).
          ((batchSize / perSecond) * 1000).toFixed(1),
          int(median(rounds.map((r) => r.cpuMicros))),
          statementsPerRenewal === null ? '—' : statementsPerRenewal.toFixed(2),
          median(rounds.map((r) => r.loopP99Ms)).toFixed(1),
          median(rounds.map((r) => r.loopMaxMs)).toFixed(1),
          rounds.map((r) => int(r.perSecond)).join(' '),
        ]);
      }
      const full = await seed(DUE);
      templates.push(full);
      const drains: Drain[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const drain =
          label === 'SQLite' ? await sqliteDrain(full, where) : await postgresDrain(full, where);
        drains.push(drain);
        progress(
          `${label}: drain ${round + 1} of ${ROUNDS}: renewed in ${drain.seconds.toFixed(1)} s, paid in ${drain.paidSeconds.toFixed(1)} s`,
        );
        if (!exactlyOnce(drain.check, DUE)) failed = true;
        checks.push(
          `${label} round ${round + 1}: ${drain.seconds.toFixed(1)} s${
            drain.kill
              ? `, api2 killed at ${int(drain.kill.renewed)} renewed (${drain.kill.atSeconds.toFixed(1)} s in${drain.kill.renewed >= DUE ? ': AFTER the drain, not mid-run' : ''}), ready again ${drain.kill.backAfterSeconds.toFixed(1)} s later`
              : ''
          }; exactly once ${describeCheck(drain.check, DUE)}`,
        );
      }
      const perSecond = median(drains.map((d) => d.perSecond));
      // The target counts only drains that a kill interrupted.
      const killedMidRun = drains.every((d) => (d.kill?.renewed ?? 0) < DUE);
      if (label === 'PostgreSQL') postgresMedian = killedMidRun ? perSecond : Number.NaN;
      drainRows.push([
        label === 'SQLite'
          ? `SQLite, one server`
          : `PostgreSQL, ${INSTANCES} servers, one killed (kill -9) mid-run`,
        int(perSecond),
        median(drains.map((d) => d.seconds)).toFixed(1),
        median(drains.map((d) => d.paidSeconds)).toFixed(1),
        drains.map((d) => int(d.perSecond)).join(' '),
        drains.every((d) => exactlyOnce(d.check, DUE)) ? 'yes' : 'NO',
      ]);
    }
  } finally {
    for (const t of templates) await t.drop().catch(() => {});
  }

  console.log(`Renewals draining a backlog: ${machine()}`);
  console.log(
    `${where.summary}. On PostgreSQL the three servers are pinned round robin (api1 and api3 on the server's CPU, api2 on the other), and PostgreSQL's own processes and this process (which only watches the database) share both cores: the machine has 2 cores for everything.`,
  );
  console.log(
    `Machine: ${loadBefore} before, ${busyness()} after. ${BUSY_MACHINE_NOTE} Medians of ${ROUNDS} rounds.\n`,
  );
  console.log(
    `In this process, the app without its job, one drain of ${int(SWEEP_DUE)} due (ms a batch: how long one batch's transaction holds its rows, or SQLite's writer; statements: sent to PostgreSQL per renewal; loop: how long the event loop was held up meanwhile, p99 and max):\n`,
  );
  console.log(
    table(
      [
        'drain',
        'renewals/s',
        'ms a batch',
        'app CPU µs/renewal',
        'statements/renewal',
        'loop p99 ms',
        'loop max ms',
        'each round',
      ],
      sweepRows,
    ),
  );
  console.log(
    `\nThe production servers (${LOG_LEVEL === 'warn' ? 'LOG_LEVEL=warn' : `LOG_LEVEL=${LOG_LEVEL}`}), ${int(DUE)} due at start, renewals/s from the first renewal to the last by the servers' clocks, and when the last renewal invoice was paid (a killed server's claimed charges are taken up once its lease of ${CHARGE_LEASE_S} s has passed, at a run of another server):\n`,
  );
  console.log(
    table(
      ['drain', 'renewals/s', 'seconds', 'all paid after s', 'each round', 'exactly once'],
      drainRows,
    ),
  );
  console.log(
    `\nThe job before issue 38: ${OLD_PER_RUN} per run, one run a minute: ${(OLD_PER_RUN / OLD_EVERY_S).toFixed(1)} renewals/s per server; ${int(DUE)} took ${Math.ceil(DUE / OLD_PER_RUN)} minutes on one server.\n`,
  );
  for (const line of checks) console.log(line);
  if (postgresMedian !== undefined) {
    console.log(
      `\nTarget: >= ${TARGET_PER_SECOND} renewals/s on PostgreSQL over ${INSTANCES} servers, kill -9 included: ${Number.isNaN(postgresMedian) ? 'a kill came after the drain' : int(postgresMedian)}  ${postgresMedian >= TARGET_PER_SECOND ? 'met' : 'NOT MET'}`,
    );
  }
  if (failed) throw new Error('a drain did not renew every subscription exactly once');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
