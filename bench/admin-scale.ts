// Benchmark: the admin Logs page, users table and trend charts on a large database. Fills
// 1,000,000 system log rows, 100,000 users registered over a year, 500,000 activity rows (sign-ins
// among them), a subscription per user (30% paid at some point, some churned) with their monthly
// invoices and revenue figures, then times the real calls (through the app, with an admin session)
// and prints p50/p95 per query, each the median of 3 rounds. Target: p95 under 50 ms. It runs
// on SQLite, then on a fresh schema of PostgreSQL (lib/databases.ts: BENCH_DATABASES=sqlite
// runs one, BENCH_PG_URL names the server); BENCH_ONLY=logs fills and times the system log alone.
// The log and the users are filled as migration 0019 left the database, so the log searches are
// timed on the single search index first (the baseline), then migrated to the latest (0020's
// per-level indexes, 0028's partitions) and timed again, on the same rows. The billing rows are
// filled after that, in the latest schema, as the app books them: the revenue figures in the
// shards of decision 045 (revenue_day_shards, the user's id modulo 16), which the charts sum.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { DATABASES, PG_URL } from './lib/databases.js';

const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY_LOGS = process.env.BENCH_ONLY === 'logs';
/** The schema the baseline is timed on: the last migration before the per-level indexes. */
const BEFORE_LEVEL_INDEXES = '0019-access-tokens';
const ACTIVITY_ROWS = Number(process.env.BENCH_ACTIVITY_ROWS ?? 500_000);
const DAY_MS = 86_400_000;
const NOW = Date.now();
const TARGET_MS = 50;
const ADMIN_KEY = 'bench-admin-key';

const apiDist = fileURLToPath(new URL('../apps/api/dist/app.js', import.meta.url));

const SOURCES = ['http', 'renewals', 'database', 'rate-limit', 'server', 'keypad'];
const TEMPLATES = [
  (n: number) => `request completed GET /api/subscription/current in ${n % 900} ms`,
  (n: number) => `renewal run: ${n % 7} subscription(s) renewed`,
  (n: number) => `payment declined for card ending ${String(n % 10_000).padStart(4, '0')}`,
  (n: number) => `slow query on ledger_entries took ${n % 5000} ms`,
  (n: number) => `rate limit reached for account user${n % USERS} from 10.0.${n % 255}.${n % 7}`,
  (n: number) => `connection reset by peer while writing session ${n.toString(36)}`,
  (n: number) => `wallet +2782${String(n % 10_000_000).padStart(7, '0')} signed in`,
];

/** Users register evenly over the year before the bench runs. */
const USER_SPACING_MS = Math.floor((365 * DAY_MS) / USERS);
const userCreatedAt = (i: number) => NOW - 365 * DAY_MS + i * USER_SPACING_MS;

const PAID_PLANS = [
  { id: 'starter', price: 900 },
  { id: 'pro', price: 2900 },
  { id: 'enterprise', price: 9900 },
];

/** How many rows a day's figures of a plan are spread over, as the app books them (decision 045). */
const REVENUE_SHARDS = 16;

/**
 * Activity (sign-ins among other actions over 60 days), and the billing history of every user:
 * 30% take a paid plan 3–30 days after registering and pay monthly invoices; a fifth of those
 * churn after 1–6 months. Subscriptions, invoices and the revenue figures agree, as the app
 * writes them (decisions 025 and 045: each move on its user's shard). User ids are 1..USERS
 * (the bench's admin registers after the fill).
 */
let invoiceCount = 0;

function billingTables() {
  const activity: unknown[][] = [];
  const actions = ['login', 'login', 'login', 'login_failed', 'plan_change', 'logout'];
  for (let i = 0; i < ACTIVITY_ROWS; i++) {
    const userId = 1 + ((i * 7919) % USERS);
    const at = NOW - 60 * DAY_MS + Math.floor((i * 60 * DAY_MS) / ACTIVITY_ROWS);
    activity.push([userId, actions[i % actions.length], `bench activity ${i}`, at]);
  }
  const subscriptions: unknown[][] = [];
  const invoices: unknown[][] = [];
  const days = new Map<string, number[]>();
  const book = (
    userId: number,
    at: number,
    planId: string,
    accounts: number,
    mrr: number,
    kind: number,
  ) => {
    const day = Math.floor(at / DAY_MS);
    const key = `${day}:${planId}:${userId % REVENUE_SHARDS}`;
    const row = days.get(key) ?? [day, 0, 0, 0, 0, 0, 0];
    row[1] = (row[1] ?? 0) + accounts;
    row[2] = (row[2] ?? 0) + mrr;
    if (kind > 0) row[2 + kind] = (row[2 + kind] ?? 0) + Math.abs(mrr);
    days.set(key, row);
  };
  for (let i = 0; i < USERS; i++) {
    const userId = 1 + i;
    const created = userCreatedAt(i);
    const paid = (i * 2654435761) % 10 < 3;
    const plan = PAID_PLANS[i % PAID_PLANS.length] ?? PAID_PLANS[0];
    if (!paid || !plan) {
      subscriptions.push([
        userId,
        'free',
        'month',
        'active',
        created,
        0,
        created,
        created + 30 * DAY_MS,
        0,
        0,
        created,
      ]);
      continue;
    }
    const joined = created + (3 + (i % 28)) * DAY_MS;
    const churnsAfter = i % 5 === 0 ? 1 + (i % 6) : Number.POSITIVE_INFINITY;
    let start = joined;
    let periods = 0;
    while (start <= NOW && periods < churnsAfter) {
      const end = start + 30 * DAY_MS;
      invoices.push([
        userId,
        `${plan.id} monthly`,
        plan.price,
        'paid',
        start,
        end,
        `bench:${userId}:${periods}`,
        start,
      ]);
      start = end;
      periods += 1;
    }
    if (joined > NOW) {
      subscriptions.push([
        userId,
        'free',
        'month',
        'active',
        created,
        0,
        created,
        created + 30 * DAY_MS,
        0,
        0,
        created,
      ]);
      continue;
    }
    book(userId, joined, plan.id, 1, plan.price, 1);
    if (start <= NOW) {
      // Churned at the end of its last paid period: back on the free plan.
      book(userId, start, plan.id, -1, -plan.price, 4);
      subscriptions.push([
        userId,
        'free',
        'month',
        'active',
        start,
        0,
        start,
        start + 30 * DAY_MS,
        0,
        1,
        start,
      ]);
    } else {
      subscriptions.push([
        userId,
        plan.id,
        'month',
        'active',
        joined,
        periods - 1,
        start - 30 * DAY_MS,
        start,
        0,
        1,
        start - 30 * DAY_MS,
      ]);
    }
  }
  invoiceCount = invoices.length;
  const revenue = [...days.entries()].map(([key, r]) => [
    r[0],
    key.split(':')[1],
    Number(key.split(':')[2]),
    r[1],
    r[2],
    r[3],
    r[4] ?? 0,
    r[5] ?? 0,
    r[6],
  ]);
  return [
    {
      name: 'activity_logs',
      columns: ['user_id', 'action', 'details', 'created_at'],
      rows: activity,
    },
    {
      name: 'subscriptions',
      columns: [
        'user_id',
        'plan_id',
        'interval',
        'status',
        'anchor',
        'period_index',
        'current_period_start',
        'current_period_end',
        'cancel_at_period_end',
        'had_trial',
        'updated_at',
      ],
      rows: subscriptions,
    },
    {
      name: 'invoices',
      columns: [
        'user_id',
        'description',
        'amount',
        'status',
        'period_start',
        'period_end',
        'dedupe_key',
        'created_at',
      ],
      rows: invoices,
    },
    {
      name: 'revenue_day_shards',
      columns: [
        'day',
        'plan_id',
        'shard',
        'accounts',
        'mrr',
        'new_mrr',
        'expansion_mrr',
        'contraction_mrr',
        'churned_mrr',
      ],
      rows: revenue,
    },
  ];
}

/** Opens the file for a bulk fill (no flushes), runs `fill`, and answers the seconds it took. */
function timedSqliteFill(file: string, fill: (db: SQLite.Database) => void): number {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const t0 = performance.now();
  fill(db);
  db.pragma('optimize');
  db.close();
  return (performance.now() - t0) / 1000;
}

/** Opens `schema` of the server at `url`, runs `fill`, analyzes, and answers the seconds it took. */
async function timedPostgresFill(
  url: string,
  schema: string,
  fill: (client: pg.Client) => Promise<void>,
): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  await client.query(`set search_path = ${schema}`);
  await fill(client);
  await client.query('analyze');
  await client.end();
  return (performance.now() - t0) / 1000;
}

/** The system log and the users, as migration 0019 left the database. */
const fill = (file: string) =>
  timedSqliteFill(file, (db) => {
    const insertLog = db.prepare(
      'insert into system_logs (level, source, message, stack_trace, created_at) values (?, ?, ?, ?, ?)',
    );
    const start = Date.now() - LOG_ROWS * 1000;
    db.transaction(() => {
      for (let i = 0; i < LOG_ROWS; i++) {
        // 80% INFO, 15% WARNING, 5% ERROR, spread evenly through time.
        const r = i % 20;
        const level = r === 0 ? 'ERROR' : r <= 3 ? 'WARNING' : 'INFO';
        const template = TEMPLATES[(i * 7919) % TEMPLATES.length] ?? TEMPLATES[0];
        insertLog.run(
          level,
          SOURCES[i % SOURCES.length],
          template?.(i) ?? '',
          level === 'ERROR' ? `Error: failure ${i}\n    at handler (app.js:1:1)` : null,
          start + i * 1000,
        );
      }
    })();
    const insertUser = db.prepare(
      'insert into users (username, username_key, role, password_hash, created_at) values (?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let i = 0; i < (ONLY_LOGS ? 0 : USERS); i++) {
        const name = `user${String(i).padStart(6, '0')}`;
        insertUser.run(name, name, 'user', 'not-a-real-hash', userCreatedAt(i));
      }
    })();
  });

/** The billing rows, into the latest schema (after the migrations). */
const fillBilling = (file: string) =>
  timedSqliteFill(file, (db) => {
    for (const table of billingTables()) {
      const insert = db.prepare(
        `insert into ${table.name} (${table.columns.join(', ')}) values (${table.columns.map(() => '?').join(', ')})`,
      );
      db.transaction(() => {
        for (const row of table.rows) insert.run(...row);
      })();
    }
  });

/** The same rows as fill(), generated by PostgreSQL itself. */
const fillPostgres = (url: string, schema: string) =>
  timedPostgresFill(url, schema, async (client) => {
    const start = Date.now() - LOG_ROWS * 1000;
    // Mirrors TEMPLATES, level shares and sources above.
    await client.query(
      `insert into system_logs (level, source, message, stack_trace, created_at)
     select case when i % 20 = 0 then 'ERROR' when i % 20 <= 3 then 'WARNING' else 'INFO' end,
       (array['http','renewals','database','rate-limit','server','keypad'])[i % 6 + 1],
       case (i::bigint * 7919) % 7
         when 0 then 'request completed GET /api/subscription/current in ' || i % 900 || ' ms'
         when 1 then 'renewal run: ' || i % 7 || ' subscription(s) renewed'
         when 2 then 'payment declined for card ending ' || lpad((i % 10000)::text, 4, '0')
         when 3 then 'slow query on ledger_entries took ' || i % 5000 || ' ms'
         when 4 then 'rate limit reached for account user' || i % $2 || ' from 10.0.' || i % 255 || '.' || i % 7
         when 5 then 'connection reset by peer while writing session ' || i
         else 'wallet +2782' || lpad((i % 10000000)::text, 7, '0') || ' signed in' end,
       case when i % 20 = 0 then 'Error: failure ' || i || E'\n    at handler (app.js:1:1)' end,
       $1::bigint + i * 1000
     from generate_series(0, $3 - 1) as i`,
      [start, USERS, LOG_ROWS],
    );
    await client.query(
      `insert into users (username, username_key, role, password_hash, created_at)
     select 'user' || lpad(i::text, 6, '0'), 'user' || lpad(i::text, 6, '0'), 'user',
       'not-a-real-hash', $1::bigint + i * $3::bigint
     from generate_series(0, $2 - 1) as i`,
      [userCreatedAt(0), ONLY_LOGS ? 0 : USERS, USER_SPACING_MS],
    );
  });

/** The billing rows, into the latest schema (after the migrations). */
const fillBillingPostgres = (url: string, schema: string) =>
  timedPostgresFill(url, schema, async (client) => {
    for (const table of billingTables()) {
      for (let i = 0; i < table.rows.length; i += 1000) {
        const batch = table.rows.slice(i, i + 1000);
        const params: unknown[] = [];
        const tuples = batch.map((row) => {
          const marks = row.map((v) => {
            params.push(v);
            return `$${params.length}`;
          });
          return `(${marks.join(', ')})`;
        });
        await client.query(
          `insert into ${table.name} (${table.columns.join(', ')}) values ${tuples.join(', ')}`,
          params,
        );
      }
    }
  });

async function createSchema(url: string) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('schema', schema);
  return {
    schema,
    url: withSchema.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

interface Timing {
  name: string;
  p50: number;
  p95: number;
}

/** `call` RUNS times after ten warm-up calls, ROUNDS times: the median round's p50 and p95. */
async function timeRounds(name: string, call: (i: number) => Promise<void>): Promise<Timing> {
  const rounds: { p50: number; p95: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const samples: number[] = [];
    for (let i = 0; i < RUNS + 10; i++) {
      const t0 = performance.now();
      await call(round * (RUNS + 10) + i);
      const ms = performance.now() - t0;
      if (i >= 10) samples.push(ms); // the first ten warm caches up
    }
    samples.sort((a, b) => a - b);
    rounds.push({ p50: percentile(samples, 50), p95: percentile(samples, 95) });
  }
  return { name, p50: median(rounds.map((r) => r.p50)), p95: median(rounds.map((r) => r.p95)) };
}

type Level = 'INFO' | 'WARNING' | 'ERROR';
interface LogQuery {
  level?: Level;
  search?: string;
  before?: number;
}

/** The i-th call's cursor: spread over the whole table, the same in the baseline and after. */
const cursorAt = (i: number) => 1 + ((i * 104_729) % LOG_ROWS);

const LOG_CASES: { name: string; query: (i: number) => LogQuery }[] = [
  { name: 'logs: newest page, no filter', query: () => ({}) },
  {
    name: 'logs: level=ERROR + search "declined", newest page',
    query: () => ({ level: 'ERROR', search: 'declined' }),
  },
  {
    name: 'logs: level=WARNING + search "slow query", page at a random cursor',
    query: (i) => ({ level: 'WARNING', search: 'slow query', before: cursorAt(i) }),
  },
  {
    name: 'logs: search "slow query" (any level), page at a random cursor',
    query: (i) => ({ search: 'slow query', before: cursorAt(i) }),
  },
  {
    name: 'logs: level=ERROR + search "card ending 0042" (rare), newest page',
    query: () => ({ level: 'ERROR', search: 'card ending 0042' }),
  },
  { name: 'logs: search that matches nothing', query: () => ({ search: 'no-such-text' }) },
];

const logsUrl = (q: LogQuery) => {
  const params = [
    q.level && `level=${q.level}`,
    q.search && `search=${encodeURIComponent(q.search)}`,
    q.before !== undefined && `before=${q.before}`,
  ].filter(Boolean);
  return `/api/admin/logs${params.length ? `?${params.join('&')}` : ''}`;
};

/** One page as the admin Logs page asks for it: 50 rows and one more to tell if there are more. */
const PAGE = 51;

type Api = typeof import('@omega/api');
type Handle = ReturnType<Api['openDatabase']>;

/**
 * SQLite's search before migration 0020, as SystemLogsRepository ran it: one trigram index for
 * every level, the level checked on each row the index walks. (Other searches, and every one
 * on PostgreSQL, run the same code before and after.)
 */
async function searchBefore0020(db: Kysely<unknown>, q: LogQuery & { search: string }) {
  const phrase = `"${q.search.replace(/"/g, '""')}"`;
  const level = q.level ? sql`and l.level = ${q.level}` : sql``;
  const before = q.before !== undefined ? sql`and f.rowid < ${q.before}` : sql``;
  const { rows } = await sql<{ id: number }>`
    select l.* from system_logs_fts f join system_logs l on l.id = f.rowid
    where system_logs_fts match ${phrase} ${level} ${before}
    order by f.rowid desc limit ${PAGE}`.execute(db);
  return rows;
}

/** Every log case on one database handle: the timings, and each page's ids to compare. */
async function timeLogSearch(api: Api, handle: Handle, before0020: boolean) {
  const repo = new api.SystemLogsRepository(handle.db, handle.dialect);
  const pages = new Map<string, string>();
  const timings: Timing[] = [];
  for (const c of LOG_CASES) {
    timings.push(
      await timeRounds(c.name, async (i) => {
        const q = c.query(i);
        const search = q.search?.trim() ?? '';
        const rows =
          before0020 && handle.dialect === 'sqlite' && search.length >= 3
            ? await searchBefore0020(handle.db as Kysely<unknown>, { ...q, search })
            : await repo.page({ ...q, limit: PAGE });
        pages.set(`${c.name} ${i}`, rows.map((r) => r.id).join(','));
      }),
    );
  }
  return { timings, pages };
}

async function main() {
  if (!existsSync(apiDist)) throw new Error('The API is not built: run `pnpm build` first');
  const api = (await import(apiDist)) as Api;
  for (const [i, database] of DATABASES.entries()) {
    if (i > 0) console.log('');
    await benchOn(api, database === 'postgres');
  }
}

/** Fills one database, times its queries and prints its report. */
async function benchOn(api: Api, onPostgres: boolean) {
  const { build, loadConfig } = api;
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-bench-admin-'));
  const pgSchema = onPostgres ? await createSchema(PG_URL) : undefined;
  const databaseUrl = pgSchema?.url ?? `sqlite:${dataDir}/bench.db`;
  const config = loadConfig({
    NODE_ENV: 'production',
    // Admins here have no authenticator app: two-factor is required of no role (issue 36).
    OMEGA_REQUIRE_2FA: '',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    OMEGA_ADMIN_KEY: ADMIN_KEY,
    OMEGA_SUPERGOD_KEY: 'bench-supergod-key',
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
    OMEGA_LOG_RETENTION: String(LOG_ROWS * 2),
  });
  // Migrate as the release before the per-level indexes did, then fill with the server
  // stopped, as an import would.
  let handle = api.openDatabase(databaseUrl);
  await api.migrateUpTo(handle.db, handle.schema, BEFORE_LEVEL_INDEXES);
  await handle.close();
  const fillSeconds = pgSchema
    ? await fillPostgres(PG_URL, pgSchema.schema)
    : fill(join(dataDir, 'bench.db'));

  handle = api.openDatabase(databaseUrl);
  const baseline = await timeLogSearch(api, handle, true);
  let t0 = performance.now();
  await api.migrateUpTo(handle.db, handle.schema);
  const migrateSeconds = (performance.now() - t0) / 1000;
  const after = await timeLogSearch(api, handle, false);
  await handle.close();
  let billingSeconds = 0;
  if (!ONLY_LOGS) {
    billingSeconds = pgSchema
      ? await fillBillingPostgres(PG_URL, pgSchema.schema)
      : fillBilling(join(dataDir, 'bench.db'));
  }
  const differing = [...baseline.pages].filter(([key, ids]) => after.pages.get(key) !== ids);

  const app = await build({ config, logger: false });
  await app.ready();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register-admin',
    payload: { username: 'bench-admin', password: 'bench-password', secretKey: ADMIN_KEY },
  });
  const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  if (registered.statusCode !== 200 || !cookie) {
    throw new Error(`admin registration failed: ${registered.statusCode} ${registered.body}`);
  }

  const time = (name: string, url: (i: number) => string) =>
    timeRounds(name, async (i) => {
      const u = url(i);
      const res = await app.inject({ method: 'GET', url: u, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${u}: ${res.statusCode} ${res.body}`);
    });

  const results: Timing[] = [];
  for (const c of LOG_CASES) results.push(await time(c.name, (i) => logsUrl(c.query(i))));
  if (!ONLY_LOGS) {
    results.push(
      await time(
        'users: page at a random offset',
        (i) => `/api/users/with-subscriptions?offset=${(i * 7919) % USERS}&limit=50`,
      ),
      await time(
        'users: search "user0999", first page',
        () => '/api/users/with-subscriptions?search=user0999&limit=50',
      ),
      await time(
        'chart: errors and warnings per minute, 24 h',
        () => '/api/admin/trends/log-levels',
      ),
      await time(
        'chart: sign-ins and failures per hour, 7 days',
        () => '/api/admin/trends/sign-ins',
      ),
      await time('chart: registrations per day, 90 days', () => '/api/admin/trends/registrations'),
      await time('chart: accounts per plan per day, 90 days', () => '/api/admin/trends/plans'),
      await time(
        'chart: MRR and its movements per day, 90 days',
        () => '/api/admin/trends/revenue',
      ),
    );
  }
  t0 = performance.now();
  const cleared = await app.inject({
    method: 'POST',
    url: '/api/admin/logs/clear',
    headers: { cookie },
  });
  const clearSeconds = (performance.now() - t0) / 1000;
  if (cleared.statusCode !== 200) throw new Error(`clear failed: ${cleared.statusCode}`);
  await app.close();
  await pgSchema?.drop();

  const ms = (v: number, width: number) => v.toFixed(1).padStart(width);
  console.log(
    `Node ${process.version} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores)`,
  );
  console.log(
    `${pgSchema ? 'PostgreSQL' : 'SQLite'} with ${LOG_ROWS.toLocaleString('en')} log rows${ONLY_LOGS ? ' only (BENCH_ONLY=logs)' : `, ${USERS.toLocaleString('en')} users, ${ACTIVITY_ROWS.toLocaleString('en')} activity rows, ${invoiceCount.toLocaleString('en')} invoices`} (filled in ${(fillSeconds + billingSeconds).toFixed(1)} s); median of ${ROUNDS} rounds of ${RUNS} calls per query\n`,
  );
  console.log(
    `Log search in the repository, on the same rows: the index before migration 0020 (baseline), then after the latest migrations (0020's index per level, 0028's partitions; ${migrateSeconds.toFixed(1)} s)`,
  );
  console.log(`${'query'.padEnd(72)} baseline p50 / p95   after p50 / p95`);
  for (const [i, b] of baseline.timings.entries()) {
    const a = after.timings[i] as Timing;
    console.log(
      `${b.name.padEnd(72)} ${ms(b.p50, 12)} / ${ms(b.p95, 5)}   ${ms(a.p50, 9)} / ${ms(a.p95, 5)}`,
    );
  }
  console.log(
    differing.length === 0
      ? `same rows before and after on all ${baseline.pages.size} pages\n`
      : `DIFFERENT ROWS on ${differing.length} of ${baseline.pages.size} pages, e.g. ${differing[0]?.[0]}\n`,
  );
  console.log(`Through the app (HTTP, admin session)\n${'query'.padEnd(72)} p50 ms   p95 ms`);
  for (const r of results) {
    const flag = r.p95 > TARGET_MS ? '  OVER TARGET' : '';
    console.log(`${r.name.padEnd(72)} ${ms(r.p50, 6)} ${ms(r.p95, 8)}${flag}`);
  }
  console.log(`\ntarget: p95 < ${TARGET_MS} ms for each query`);
  console.log(
    `'Clear Logs' on ${LOG_ROWS.toLocaleString('en')} rows took ${clearSeconds.toFixed(1)} s`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
