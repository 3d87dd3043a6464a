// Benchmark: the API's write paths against the database's own speed. A keypad transfer (POST
// /api/ussd/transaction) and a plan change (POST /api/subscription/change-plan) at 16
// connections, one signed-in user and wallet per connection, on SQLite and on PostgreSQL (a
// fresh database, dropped afterwards), each compared with bare Fastify committing a plain
// one-row transaction on the same database in the same run (on SQLite also committed grouped,
// as the API commits, decision 028). Pinned like hot-path.ts; three
// rounds interleaved, medians. Target (issue 18): a transfer on SQLite has p99 < 20 ms and
// reaches >= 50% of the plain transaction's rate.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { DATABASES, PG_URL } from './lib/databases.js';
import { flushLatency } from './lib/disk-flush.js';
import { LoadGenerator } from './lib/load.js';
import {
  BUSY_MACHINE_NOTE,
  busyness,
  type Figures,
  int,
  machine,
  measure,
  median,
  medianFigures,
  pct,
  type Scenario,
  table,
} from './lib/measure.js';
import {
  API_SERVER,
  assertBuilt,
  changePlan,
  currentPlan,
  register,
  roundTrips,
  saveCard,
  startOmega,
  walletToken,
} from './lib/omega.js';
import { type Placement, placement } from './lib/placement.js';
import { postgresCpuMicros } from './lib/proc-cpu.js';
import { ServerProcess } from './lib/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const TARGET = { p99Ms: 20, ofPlain: 0.5 };
/** Issue 38: PostgreSQL's transfer and plan change against its plain transaction. */
const PG_TARGET = { transfer: 0.5, p99Ms: 20, planChange: 0.4 };

interface Database {
  label: string;
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** Keypad transactions per wallet so far (the ledger's length, which a transfer no longer reads). */
async function historyPerWallet(db: Database): Promise<number> {
  const count = 'select count(*) as n from ussd_transactions';
  if (db.url.startsWith('sqlite:')) {
    const sqlite = new SQLite(db.url.slice('sqlite:'.length), { readonly: true });
    const { n } = sqlite.prepare(count).get() as { n: number };
    sqlite.close();
    return n / CONNECTIONS;
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>(count);
  await client.end();
  return Number(rows[0]?.n ?? 0) / CONNECTIONS;
}

function sqliteDatabase(): Database {
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-bench-writes-'));
  return {
    label: 'SQLite',
    url: `sqlite:${dataDir}/bench.db`,
    dataDir,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the PostgreSQL server, or null (and why) when it cannot be had. */
async function postgresDatabase(): Promise<Database | string> {
  const name = `omega_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    return `PostgreSQL at ${PG_URL} unavailable: ${err instanceof Error ? err.message : err}`;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-bench-writes-'));
  return {
    label: 'PostgreSQL',
    url: url.toString(),
    dataDir,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function scenariosOn(db: Database, where: Placement, servers: ServerProcess[]) {
  const plain = await ServerProcess.start({
    name: `plain transaction (${db.label})`,
    script: fileURLToPath(new URL('./servers/plain-transaction.ts', import.meta.url)),
    env: { DATABASE_URL: db.url },
    prefix: where.serverPrefix,
    readyPath: '/ready',
  });
  servers.push(plain);
  // On SQLite the API groups its commits (decision 028); the same plain transaction committed
  // that way shows what grouping alone buys, beside the one-flush-each baseline.
  const grouped = db.url.startsWith('sqlite:')
    ? await ServerProcess.start({
        name: `plain transaction, grouped (${db.label})`,
        script: fileURLToPath(new URL('./servers/plain-transaction.ts', import.meta.url)),
        env: { DATABASE_URL: `${db.url.slice(0, -'.db'.length)}-grouped.db`, PLAIN_GROUPED: '1' },
        prefix: where.serverPrefix,
        readyPath: '/ready',
      })
    : null;
  if (grouped) servers.push(grouped);
  const omega = await startOmega(`Omega (${db.label})`, where, {
    dataDir: db.dataDir,
    databaseUrl: db.url,
    logLevel: LOG_LEVEL,
  });
  servers.push(omega);
  // One account on Pro per connection, with its own wallet (transfers need Starter or above).
  const cookies: string[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const cookie = await register(omega, `bench-writer-${i}`);
    await saveCard(omega, cookie);
    await changePlan(omega, cookie, 'pro');
    cookies.push(cookie);
    tokens.push(await walletToken(omega, `+2782555${String(1000 + i)}`, cookie));
  }
  const json = { 'content-type': 'application/json' };
  // PostgreSQL's round trips per request, from the server's own counter, and its processes' CPU
  // when it runs on this machine.
  const onPostgres = !db.url.startsWith('sqlite:');
  const trips = onPostgres ? () => roundTrips(omega) : undefined;
  const databaseCpu =
    onPostgres && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(db.url).hostname)
      ? postgresCpuMicros
      : undefined;
  // The plain transaction's request, one unique key per request, against either server.
  const commit = (name: string, server: ServerProcess): Scenario => ({
    name,
    server,
    databaseCpu,
    spec: {
      path: '/commit',
      method: 'POST',
      headers: json,
      body: '{"key":"KEY"}',
      uniquePlaceholder: 'KEY',
    },
    status: 200,
  });
  const scenarios: Scenario[] = [
    commit(`${db.label}: plain one-row transaction`, plain),
    ...(grouped ? [commit(`${db.label}: plain one-row transaction, grouped`, grouped)] : []),
    {
      name: `${db.label}: keypad transfer`,
      server: omega,
      roundTrips: trips,
      databaseCpu,
      spec: {
        path: '/api/ussd/transaction',
        method: 'POST',
        headers: json,
        perConnectionHeaders: tokens.map((t) => ({ authorization: `Bearer ${t}` })),
        body: JSON.stringify({
          type: 'Transfer',
          coin: 'USDC',
          amount: '0.01',
          to: 'bench-external-wallet',
          idempotencyKey: 'KEY',
        }),
        uniquePlaceholder: 'KEY',
      },
      status: 200,
    },
    {
      // Back and forth between Pro and Starter (in the trial a new plan applies at once):
      // each a versioned update of the subscription and an activity row, in one transaction.
      name: `${db.label}: plan change`,
      server: omega,
      roundTrips: trips,
      databaseCpu,
      spec: {
        path: '/api/subscription/change-plan',
        method: 'POST',
        headers: json,
        perConnectionHeaders: cookies.map((cookie) => ({ cookie })),
        bodies: ['{"planId":"starter"}', '{"planId":"pro"}'],
      },
      status: 200,
      // Every run starts on Pro, so its first change (to Starter) is a change: a run can end
      // on either plan, and choosing the plan one is on is refused (409).
      beforeRun: async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        for (const cookie of cookies) {
          if ((await currentPlan(omega, cookie)) !== 'pro') await changePlan(omega, cookie, 'pro');
        }
      },
    },
  ];
  return scenarios;
}

async function main() {
  assertBuilt();
  const where = placement();
  const servers: ServerProcess[] = [];
  const databases: Database[] = [];
  let load: LoadGenerator | undefined;
  const skipped: string[] = [];
  try {
    load = await LoadGenerator.start(where.loadPrefix);
    const loadAverageBefore = busyness();
    const flush = flushLatency(tmpdir());
    const results: Array<{ scenario: Scenario; figures: Figures; ratio: number; each: number[] }> =
      [];
    const histories: string[] = [];
    if (DATABASES.includes('sqlite')) databases.push(sqliteDatabase());
    if (DATABASES.includes('postgres')) {
      const postgres = await postgresDatabase();
      if (typeof postgres === 'string') skipped.push(postgres);
      else databases.push(postgres);
    }
    for (const db of databases) {
      const scenarios = await scenariosOn(db, where, servers);
      for (const s of scenarios) {
        await measure(load, s, { seconds: WARMUP_SECONDS, connections: CONNECTIONS });
      }
      const rounds = new Map<Scenario, Figures[]>(scenarios.map((s) => [s, []]));
      const ratios = new Map<Scenario, number[]>(scenarios.map((s) => [s, []]));
      for (let round = 0; round < ROUNDS; round++) {
        let plainRps = Number.NaN;
        for (const s of scenarios) {
          const figures = await measure(load, s, { seconds: SECONDS, connections: CONNECTIONS });
          if (s === scenarios[0]) plainRps = figures.rps;
          rounds.get(s)?.push(figures);
          ratios.get(s)?.push(figures.rps / plainRps);
        }
      }
      for (const s of scenarios) {
        const each = ratios.get(s) ?? [];
        results.push({
          scenario: s,
          figures: medianFigures(rounds.get(s) ?? []),
          ratio: median(each),
          each,
        });
      }
      histories.push(`${db.label} ${Math.round(await historyPerWallet(db))}`);
      await Promise.all(servers.splice(0).map((s) => s.stop()));
    }

    console.log(`Write paths: ${machine()}`);
    console.log(where.summary);
    console.log(
      `autocannon, ${CONNECTIONS} connections (one signed-in user and wallet each), ${SECONDS} s per run; ${ROUNDS} rounds interleaved after a ${WARMUP_SECONDS} s warm-up of each scenario.`,
    );
    console.log(
      `Omega is ${process.env.BENCH_API_SERVER ? API_SERVER : 'apps/api/dist/server.js'} (NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}); PostgreSQL's own processes are not pinned. Medians of the rounds.`,
    );
    console.log(`Machine: ${loadAverageBefore} before, ${busyness()} after. ${BUSY_MACHINE_NOTE}`);
    console.log(
      `Disk: an 8 KB write made durable (fdatasync) takes ${flush.p50Us} µs at p50, ${flush.p99Us} µs at p99 on this host; every commit below waits for one.\n`,
    );
    console.log(
      table(
        [
          'scenario',
          'req/s',
          'p50 ms',
          'p99 ms',
          'CPU ms/req',
          'GC µs/req',
          'database CPU ms/req',
          'round trips',
          'vs plain',
          'each round',
        ],
        results.map(({ scenario, figures, ratio, each }) => [
          scenario.name,
          int(figures.rps),
          String(figures.p50),
          String(figures.p99),
          figures.cpuMs.toFixed(3),
          (figures.gcMs * 1000).toFixed(1),
          figures.databaseCpuMs === undefined ? '' : figures.databaseCpuMs.toFixed(3),
          figures.roundTrips === undefined ? '' : figures.roundTrips.toFixed(1),
          pct(ratio),
          each.map(pct).join(' '),
        ]),
      ),
    );
    console.log(
      `\nKeypad transactions per wallet at the end (balances are running totals, decision 023, so a transfer's cost does not grow with this): ${histories.join(', ')}`,
    );
    for (const reason of skipped) console.log(`\nskipped: ${reason}`);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    const onPostgres = (name: string) =>
      results.find((r) => r.scenario.name === `PostgreSQL: ${name}`);
    const pgTransfer = onPostgres('keypad transfer');
    const pgChange = onPostgres('plan change');
    if (pgTransfer && pgChange) {
      // Issue 38: PostgreSQL's write path at half of its plain transaction (3 round trips:
      // BEGIN, the insert, COMMIT).
      console.log('\nTargets on PostgreSQL (the plain transaction is 3 round trips):');
      console.log(
        `  keypad transfer >= ${pct(PG_TARGET.transfer)} of the plain transaction: ${pct(pgTransfer.ratio)}  ${verdict(pgTransfer.ratio >= PG_TARGET.transfer)}`,
      );
      console.log(
        `  keypad transfer p99 < ${PG_TARGET.p99Ms} ms: ${pgTransfer.figures.p99} ms  ${verdict(pgTransfer.figures.p99 < PG_TARGET.p99Ms)}`,
      );
      console.log(
        `  plan change >= ${pct(PG_TARGET.planChange)} of the plain transaction: ${pct(pgChange.ratio)}  ${verdict(pgChange.ratio >= PG_TARGET.planChange)}`,
      );
    }
    const transfer = results.find((r) => r.scenario.name === 'SQLite: keypad transfer');
    if (transfer) {
      console.log('\nTargets (keypad transfer on SQLite):');
      console.log(
        `  p99 < ${TARGET.p99Ms} ms: ${transfer.figures.p99} ms  ${verdict(transfer.figures.p99 < TARGET.p99Ms)}`,
      );
      console.log(
        `  >= ${pct(TARGET.ofPlain)} of the plain transaction: ${pct(transfer.ratio)}  ${verdict(transfer.ratio >= TARGET.ofPlain)}`,
      );
      const grouped = results.find(
        (r) => r.scenario.name === 'SQLite: plain one-row transaction, grouped',
      );
      if (grouped) {
        // Disclosed beside the target: part of the transfer's rate is the grouped flush, which
        // the baseline (one flush per transaction) does not have.
        console.log(
          `  (against the plain transaction committed grouped like the API's: ${pct(transfer.ratio / grouped.ratio)})`,
        );
      }
    }
  } finally {
    load?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    for (const db of databases) await db.drop().catch(() => {});
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
