// Benchmark: GET /api/user with a signed-in session on SQLite against a bare Fastify hello
// route, loaded the same way in one run. Target: the session read keeps >= 30% of bare
// Fastify's throughput, and reading a session writes nothing to the database.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const TARGET = 0.3;

interface Server {
  address: string;
  child: ChildProcess;
}

function startServer(script: string, env: Record<string, string> = {}): Promise<Server> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ address: (m as { address: string }).address, child }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function stop(server: Server | undefined) {
  if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
}

async function load(url: string, headers: Record<string, string>, duration: number) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

async function measure(url: string, headers: Record<string, string> = {}) {
  await load(url, headers, 2);
  const r = await load(url, headers, SECONDS);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function main() {
  if (!existsSync(fileURLToPath(new URL('../apps/api/dist/app.js', import.meta.url)))) {
    throw new Error('The API is not built: run `pnpm build` first');
  }
  let server: Server | undefined;
  try {
    server = await startServer('./servers/bare.ts');
    const bare = await measure(`${server.address}/hello`);
    stop(server);

    const dataDir = mkdtempSync(join(tmpdir(), 'omega-bench-'));
    server = await startServer('./servers/omega.ts', { BENCH_DATA_DIR: dataDir });
    const registered = await fetch(`${server.address}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
    const cookie = registered.headers.get('set-cookie')?.split(';')[0];
    if (!registered.ok || !cookie) throw new Error(`registration failed: ${registered.status}`);
    const signedIn = await fetch(`${server.address}/api/user`, { headers: { cookie } });
    const signedOut = await fetch(`${server.address}/api/user`);
    if (signedIn.status !== 200 || signedOut.status !== 401) {
      throw new Error(
        `session check failed: ${signedIn.status} with cookie, ${signedOut.status} without`,
      );
    }

    const db = new SQLite(join(dataDir, 'bench.db'), { readonly: true });
    const sessionRow = () =>
      db.prepare('select count(*) as n, max(expires_at) as e from sessions').get() as {
        n: number;
        e: number;
      };
    const before = sessionRow();
    const session = await measure(`${server.address}/api/user`, { cookie });
    const after = sessionRow();
    db.close();

    const ratio = session.rps / bare.rps;
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(
      `Node ${process.version} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores)`,
    );
    console.log(`${SECONDS} s per run after a 2 s warm-up, ${CONNECTIONS} connections\n`);
    console.log('route                          req/s    p50 ms   p99 ms');
    const row = (name: string, r: typeof bare) =>
      console.log(
        `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)}`,
      );
    row('bare Fastify GET /hello', bare);
    row('Omega GET /api/user (SQLite)', session);
    console.log(
      `\nratio: ${pct(ratio)} of bare Fastify (target: >= ${pct(TARGET)})${ratio < TARGET ? '  BELOW TARGET' : ''}`,
    );
    const wrote = after.n !== before.n || after.e !== before.e;
    console.log(`session reads wrote to the database: ${wrote ? 'yes' : 'no'}`);
  } finally {
    stop(server);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
