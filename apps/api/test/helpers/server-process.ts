// The real server as its own process — the build, dist/server.js, as production runs it (the
// run's global setup refuses a build older than the sources) — on a loopback port the kernel
// picks as it binds (PORT=0; the server tells us which over IPC, decision 048), plus a raw
// HTTP client that reports exactly what came back: the status, headers and whether the
// connection was a kept-alive one.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningAddress } from '../../src/lib/listening.js';
import type { TestDatabase } from './databases.js';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the process ended. */
  at: number;
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Sends the signal and notes when (performance.now()). */
  signal(signal: NodeJS.Signals): number;
  /** Kills it if still running (end of a test). */
  kill(): Promise<void>;
}

/** A data folder and a database URL the server process and its restart share. */
export async function serverData(
  database: TestDatabase,
): Promise<{ dataDir: string; databaseUrl: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-process-'));
  if (database.name === 'SQLite') {
    return { dataDir, databaseUrl: `sqlite:${join(dataDir, 'omega.db')}`, drop: async () => {} };
  }
  const { url, drop } = await database.create();
  return { dataDir, databaseUrl: url, drop };
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      // The kernel picks the port as the server binds, and the server says which (decision 048).
      PORT: '0',
      LOG_LEVEL: 'warn',
      OMEGA_ADMIN_KEY: 'process-admin-key',
      OMEGA_SUPERGOD_KEY: 'process-supergod-key',
      // These tests are about draining, not shedding: a CI machine busy with other suites must
      // not turn their answers into load-shedding 503s (load-shedding.test.ts covers those).
      OMEGA_PRESSURE_LOOP_DELAY_MS: '0',
      OMEGA_PRESSURE_HEAP_BYTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  // A start takes about a second here, and over 20 s on a starved CI machine.
  const url = await listeningAddress(child, {
    name: 'the server',
    timeoutMs: 60_000,
    output: () => output,
  }).catch((err: unknown) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw err;
  });
  return {
    port: Number(new URL(url).port),
    url,
    child,
    exited,
    output: () => output,
    signal(signal) {
      const at = performance.now();
      child.kill(signal);
      return at;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The request went over a connection kept alive from an earlier one. */
  reusedSocket: boolean;
}

/** One request; rejects when the connection fails or ends without a complete answer. */
export function request(
  base: string,
  options: {
    path: string;
    method?: string;
    body?: unknown;
    agent?: http.Agent;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      `${base}${options.path}`,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            reusedSocket: req.reusedSocket,
          }),
        );
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('answer aborted')));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
