// Starts API instances from the deploy folder (`node server.js`, nothing else) and a real HAProxy
// with the repository's deploy/haproxy.cfg, on free loopback ports, and talks to them over HTTP.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const HAPROXY_CFG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
export const SESSION_SECRET = 'a-cluster-wide-session-secret-of-enough-length';
export const SUPERGOD_KEY = 'cluster-supergod-key';
export const GATEWAY_SECRET = 'the-aggregators-shared-secret';

/** The haproxy binary on PATH, if any (.ci/run installs Debian's package). */
export function haproxyPath(): string | undefined {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Answer {
  status: number;
  body: string;
  cookie: string | undefined;
}

/** One HTTP call; a connection error is answered as status 0 so load loops can count it. */
export async function call(
  url: string,
  options: { method?: string; cookie?: string; json?: unknown; form?: Record<string, string> } = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const h: Record<string, string> = { ...headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    h['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    h['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (options.cookie) h.cookie = options.cookie;
  try {
    const res = await fetch(url, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: h,
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('omega.sid='));
    return { status: res.status, body: await res.text(), cookie: set?.split(';')[0] };
  } catch (err) {
    return { status: 0, body: String(err), cookie: undefined };
  }
}

export class Instance {
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** Everything the process wrote, for the no-errors checks. */
  output = '';
  readonly url: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly deployDir: string,
    private readonly env: Record<string, string>,
    /** The entry point in `deployDir`: the deploy folder's server.js, or the build's. */
    private readonly entry = 'server.js',
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  start(): void {
    // Only what the server is given: no repository path, no inherited test variables.
    const child = spawn(process.execPath, [this.entry], {
      cwd: this.deployDir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      this.output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      this.output += d.toString();
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    this.child = child;
  }

  /** Waits until readiness answers 200 on the instance's own port. */
  async ready(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if ((await call(`${this.url}/api/health/ready`)).status === 200) return;
      if (this.child?.exitCode !== null) break;
      await sleep(100);
    }
    throw new Error(`${this.name} did not become ready:\n${this.output.slice(-2000)}`);
  }

  /** Sends a signal and waits for the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (!this.child || this.child.exitCode !== null) return this.child?.exitCode ?? null;
    this.child.kill(signal);
    return this.exited;
  }

  /** Log lines at pino's error level or above. */
  errors(): string[] {
    return this.output.split('\n').filter((line) => {
      const level = /"level":(\d+)/.exec(line)?.[1];
      return level !== undefined && Number(level) >= 50;
    });
  }
}

export class Balancer {
  private child: ChildProcess | undefined;
  readonly url: string;
  readonly statsUrl: string;
  output = '';

  constructor(
    private readonly ports: { front: number; stats: number },
    private readonly servers: readonly Instance[],
  ) {
    this.url = `http://127.0.0.1:${ports.front}`;
    this.statsUrl = `http://127.0.0.1:${ports.stats}/stats;csv`;
  }

  async start(binary: string): Promise<void> {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      OMEGA_LB_BIND: `127.0.0.1:${this.ports.front}`,
      OMEGA_LB_STATS_BIND: `127.0.0.1:${this.ports.stats}`,
    };
    this.servers.forEach((s, i) => {
      env[`OMEGA_API${i + 1}`] = `127.0.0.1:${s.port}`;
    });
    // -db: stay in the foreground; -W would fork a master, which the test would have to find.
    this.child = spawn(binary, ['-db', '-f', HAPROXY_CFG], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d: Buffer) => {
      this.output += d.toString();
    });
    this.child.stderr?.on('data', (d: Buffer) => {
      this.output += d.toString();
    });
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const states = await this.states();
      if (states.size === this.servers.length && [...states.values()].every((s) => s === 'UP')) {
        return;
      }
      await sleep(100);
    }
    throw new Error(`HAProxy did not see every server UP:\n${this.output}`);
  }

  /** Each server's state as HAProxy's stats page says (UP, DOWN, MAINT, or UP 1/2 ...). */
  async states(): Promise<Map<string, string>> {
    const res = await call(this.statsUrl);
    const states = new Map<string, string>();
    if (res.status !== 200) return states;
    for (const line of res.body.split('\n')) {
      const [proxy, server, ...rest] = line.split(',');
      if (proxy === 'api' && server && server !== 'BACKEND' && server !== 'FRONTEND') {
        states.set(server, rest[15] ?? '');
      }
    }
    return states;
  }

  async waitState(server: string, state: string, timeoutMs = 15_000): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if ((await this.states()).get(server) === state) return performance.now() - started;
      await sleep(25);
    }
    throw new Error(
      `${server} never became ${state}: ${JSON.stringify([...(await this.states())])}`,
    );
  }

  stop(): void {
    this.child?.kill('SIGKILL');
  }
}

export function dataDir(): string {
  return mkdtempSync(join(tmpdir(), 'omega-cluster-'));
}
