// What a start of the production server costs (not part of `pnpm bench`): `node
// apps/api/dist/server.js` on a fresh SQLite data folder, pinned to the server's core, from the
// spawn to the server saying where it listens (decision 048), with the CPU the process used by
// then (every thread: the compiler's and the garbage collector's too, from /proc, lib/proc-cpu.ts). Every instance
// of a cluster pays it at each rolling restart and after a crash, and every test that starts the
// real server pays it too. The baseline, measured in the same rounds, is Node starting and
// exiting with nothing to run; BENCH_BASELINE_API=<other build>/server.js adds another build,
// started alternately with this one. Medians of BENCH_ROUNDS (default 7) starts each.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, median, table } from './lib/measure.js';
import { placement } from './lib/placement.js';
import { processCpuMs } from './lib/proc-cpu.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const API_SERVER = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));

interface Start {
  wallMs: number;
  cpuMs: number;
}

function run(prefix: string[], args: string[], env: Record<string, string>): ChildProcess {
  const command = [...prefix, process.execPath, ...args];
  return spawn(command[0] ?? process.execPath, command.slice(1), {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

/** One start of a build on a fresh data folder, until it says where it listens. */
async function startOnce(script: string, prefix: string[]): Promise<Start> {
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-start-'));
  const began = performance.now();
  const child = run(prefix, [script], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
    OMEGA_ADMIN_KEY: 'bench-admin-key',
    OMEGA_SUPERGOD_KEY: 'bench-supergod-key',
    OMEGA_REQUIRE_2FA: '',
    COOKIE_SECURE: 'false',
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  try {
    return await new Promise<Start>((resolve, reject) => {
      child.on('message', (message) => {
        if ((message as { event?: string }).event !== 'listening') return;
        resolve({ wallMs: performance.now() - began, cpuMs: processCpuMs(child.pid ?? 0) });
      });
      child.once('exit', (code) => reject(new Error(`${script} exited ${code}: ${stderr}`)));
    });
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) =>
      child.exitCode === null ? child.once('exit', resolve) : resolve(null),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Node with nothing to run: the floor under any start. */
async function bareNode(prefix: string[]): Promise<Start> {
  const began = performance.now();
  const child = run(
    prefix,
    ['-e', 'process.send({ event: "listening" }); setTimeout(() => {}, 60_000)'],
    {},
  );
  const start = await new Promise<Start>((resolve) =>
    child.on('message', () =>
      resolve({ wallMs: performance.now() - began, cpuMs: processCpuMs(child.pid ?? 0) }),
    ),
  );
  child.kill('SIGKILL');
  return start;
}

async function main() {
  const where = placement();
  const builds: Array<[string, string]> = [['this build', API_SERVER]];
  const baseline = process.env.BENCH_BASELINE_API;
  if (baseline) builds.push([`baseline build (${baseline})`, baseline]);
  const results = new Map<string, Start[]>([
    ['Node alone (node -e)', []],
    ...builds.map(([name]) => [name, []] as [string, Start[]]),
  ]);

  console.log(`Server start: ${machine()}; ${where.summary}`);
  console.log(
    `${ROUNDS} rounds, each starting every build once in turn; SQLite, a fresh data folder each start.`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    results.get('Node alone (node -e)')?.push(await bareNode(where.serverPrefix));
    for (const [name, script] of builds)
      results.get(name)?.push(await startOnce(script, where.serverPrefix));
    process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
  }
  const rows = [...results].map(([name, starts]) => [
    name,
    `${Math.round(median(starts.map((s) => s.wallMs)))} ms`,
    `${Math.round(median(starts.map((s) => s.cpuMs)))} ms`,
    starts.map((s) => Math.round(s.cpuMs)).join(' '),
  ]);
  console.log(
    table(
      ['start', 'to listening (median)', 'CPU by then (median)', 'CPU of each start, ms'],
      rows,
    ),
  );
}

await main();
