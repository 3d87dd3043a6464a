// Benchmark: the admin Logs page and users table on a large SQLite database. Fills 1,000,000
// system log rows and 100,000 users, then times the real calls (through the app, with an admin
// session) and prints p50/p95 per query. Target: p95 under 50 ms.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';

const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
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

function fill(file: string) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const t0 = performance.now();
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
    for (let i = 0; i < USERS; i++) {
      const name = `user${String(i).padStart(6, '0')}`;
      insertUser.run(name, name, 'user', 'not-a-real-hash', start + i);
    }
  })();
  db.pragma('optimize');
  db.close();
  return (performance.now() - t0) / 1000;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  if (!existsSync(apiDist)) throw new Error('The API is not built: run `pnpm build` first');
  const { build, loadConfig } = (await import(apiDist)) as typeof import('@omega/api');
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-bench-admin-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${dataDir}/bench.db`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    OMEGA_ADMIN_KEY: ADMIN_KEY,
    OMEGA_SUPERGOD_KEY: 'bench-supergod-key',
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
    OMEGA_LOG_RETENTION: String(LOG_ROWS * 2),
  });
  // Migrate, then fill with the server stopped, as an import would.
  const first = await build({ config, logger: false });
  await first.ready();
  await first.close();
  const fillSeconds = fill(join(dataDir, 'bench.db'));

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

  const time = async (name: string, url: () => string) => {
    const samples: number[] = [];
    for (let i = 0; i < RUNS + 10; i++) {
      const u = url();
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: u, headers: { cookie } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${u}: ${res.statusCode} ${res.body}`);
      if (i >= 10) samples.push(ms); // the first ten warm caches up
    }
    samples.sort((a, b) => a - b);
    return { name, p50: percentile(samples, 50), p95: percentile(samples, 95) };
  };

  let n = 0;
  const someCursor = () => 1 + ((n++ * 104_729) % LOG_ROWS);
  const results = [
    await time('logs: newest page, no filter', () => '/api/admin/logs'),
    await time(
      'logs: level=ERROR + search "declined", newest page',
      () => '/api/admin/logs?level=ERROR&search=declined',
    ),
    await time(
      'logs: level=WARNING + search "slow query", page at a random cursor',
      () => `/api/admin/logs?level=WARNING&search=slow%20query&before=${someCursor()}`,
    ),
    await time(
      'logs: level=ERROR + search "card ending 0042" (rare), newest page',
      () => '/api/admin/logs?level=ERROR&search=card%20ending%200042',
    ),
    await time('logs: search that matches nothing', () => '/api/admin/logs?search=no-such-text'),
    await time(
      'users: page at a random offset',
      () => `/api/users/with-subscriptions?offset=${(n++ * 7919) % USERS}&limit=50`,
    ),
    await time(
      'users: search "user0999", first page',
      () => '/api/users/with-subscriptions?search=user0999&limit=50',
    ),
  ];
  const t0 = performance.now();
  const cleared = await app.inject({
    method: 'POST',
    url: '/api/admin/logs/clear',
    headers: { cookie },
  });
  const clearSeconds = (performance.now() - t0) / 1000;
  if (cleared.statusCode !== 200) throw new Error(`clear failed: ${cleared.statusCode}`);
  await app.close();

  console.log(
    `Node ${process.version} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores)`,
  );
  console.log(
    `SQLite with ${LOG_ROWS.toLocaleString('en')} log rows and ${USERS.toLocaleString('en')} users (filled in ${fillSeconds.toFixed(1)} s); ${RUNS} requests per query through the app\n`,
  );
  console.log(`${'query'.padEnd(72)} p50 ms   p95 ms`);
  for (const r of results) {
    const flag = r.p95 > TARGET_MS ? '  OVER TARGET' : '';
    console.log(
      `${r.name.padEnd(72)} ${r.p50.toFixed(1).padStart(6)} ${r.p95.toFixed(1).padStart(8)}${flag}`,
    );
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
