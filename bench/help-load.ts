// What the assistant's help costs a starting server (issue 33). In one run, each figure the median
// of 5 fresh processes pinned to one core (taskset, when there is one):
// - the help's own share, loaded from the build's artifact (dist/help.bin, what servers do)
//   against built from the docs and the labelled questions (what servers did at start before):
//   CPU time, and the memory it keeps (heap and array buffers after a collection);
// - the built server (apps/api/dist/server.js) from start to /api/health/ready on an empty
//   SQLite database: wall time, its CPU time, and its resident memory at rest a second later.
// Needs `pnpm build` first (the artifact and the server). Targets: the help's share at most
// 100 ms of CPU and 20 MB.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningAddress } from '../apps/api/src/lib/listening.js';
import { median } from './lib/measure.js';
import { processCpuMs } from './lib/proc-cpu.js';

const ROUNDS = 5;
const BENCH = fileURLToPath(new URL('.', import.meta.url));
const SERVER = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));
const pin = (() => {
  try {
    execFileSync('taskset', ['-c', '1', 'true']);
    return ['taskset', '-c', '1'];
  } catch {
    return [];
  }
})();

function run(args: string[]): string {
  const [command = process.execPath, ...rest] = [...pin, process.execPath, ...args];
  return execFileSync(command, rest, { cwd: BENCH, encoding: 'utf8' });
}

interface Cost {
  cpuMs: number;
  keptMB: number;
}

function helpCost(mode: 'load' | 'build'): Cost {
  const rounds = Array.from(
    { length: ROUNDS },
    () => JSON.parse(run(['--expose-gc', '--import', 'tsx', 'lib/help-cost.ts', mode])) as Cost,
  );
  return {
    cpuMs: median(rounds.map((r) => r.cpuMs)),
    keptMB: median(rounds.map((r) => r.keptMB)),
  };
}

function residentMB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
}

async function serverStart(): Promise<{ wallMs: number; cpuMs: number; restMB: number }> {
  const started = performance.now();
  const [command = process.execPath, ...args] = [...pin, process.execPath, SERVER];
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // Admins here have no authenticator app: two-factor is required of no role (issue 36).
      OMEGA_REQUIRE_2FA: '',
      HOST: '127.0.0.1',
      // The kernel picks the port as the server binds; the server says which (decision 048).
      PORT: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'omega-help-load-')),
      SESSION_SECRET: 'a-bench-session-secret-of-at-least-32-chars',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  try {
    const url = await listeningAddress(child, { name: 'the server', timeoutMs: 60_000 });
    const res = await fetch(`${url}/api/health/ready`);
    if (!res.ok) throw new Error(`the server listens but is not ready: ${res.status}`);
    const wallMs = performance.now() - started;
    const pid = child.pid as number;
    const cpuMs = processCpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    return { wallMs, cpuMs, restMB: residentMB(pid) };
  } finally {
    child.kill('SIGKILL');
  }
}

const load = helpCost('load');
const build = helpCost('build');
const starts = [];
for (let i = 0; i < ROUNDS; i++) starts.push(await serverStart());
const f = (n: number) => n.toFixed(1);
console.log(`help-load: ${pin.length ? 'pinned to CPU 1' : 'NOT pinned'}, median of ${ROUNDS}`);
console.log('| what | CPU | memory kept |');
console.log('| --- | --- | --- |');
console.log(`| help built at start (before) | ${f(build.cpuMs)} ms | ${f(build.keptMB)} MB |`);
console.log(`| help loaded from the artifact | ${f(load.cpuMs)} ms | ${f(load.keptMB)} MB |`);
console.log(
  `| server start to ready (empty SQLite) | ${f(median(starts.map((s) => s.cpuMs)))} ms (wall ${f(median(starts.map((s) => s.wallMs)))} ms) | ${f(median(starts.map((s) => s.restMB)))} MB resident at rest |`,
);
