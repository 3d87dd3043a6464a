// Starts API instances from the deploy folder (`node server.js`, nothing else) and a real HAProxy
// with the repository's deploy/haproxy.cfg, on free loopback ports, and talks to them over HTTP.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { listeningAddress, stablePort } from '../../apps/api/src/lib/listening.js';

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
  /** Resolves once the current process is spawned (its port is picked first). */
  private spawned: Promise<unknown> = Promise.resolve();
  /** Resolves once the current process listens; rejects if it exits first (a port taken). */
  private listening: Promise<void> = Promise.resolve();
  /** Picked before the first start, kept by every restart: HAProxy's configuration names it. */
  private stable = 0;
  /** Everything the process wrote, for the no-errors checks. */
  output = '';

  constructor(
    readonly name: string,
    private readonly deployDir: string,
    private readonly env: Record<string, string>,
    /** The entry point in `deployDir`: the deploy folder's server.js, or the build's. */
    private readonly entry = 'server.js',
  ) {}

  /** Where it listens: known once it has been started (before ready() resolves). */
  get port(): number {
    if (this.stable === 0) throw new Error(`${this.name} was never started: start() first`);
    return this.stable;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the process; ready() waits for it. The port is one the kernel never hands out by
   * itself, so no other process takes it while a restart is under way (decision 048); should
   * one have asked for it by number, the server exits on EADDRINUSE and ready() says so, rather
   * than the other process answering its checks.
   */
  start(): void {
    const spawned = (async () => {
      if (this.stable === 0) this.stable = await stablePort();
      // Only what the server is given: no repository path, no inherited test variables.
      const child = spawn(process.execPath, [this.entry], {
        cwd: this.deployDir,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...this.env, PORT: String(this.stable) },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      child.stdout?.on('data', (d: Buffer) => {
        this.output += d.toString();
      });
      child.stderr?.on('data', (d: Buffer) => {
        this.output += d.toString();
      });
      this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      this.child = child;
      return child;
    })();
    this.spawned = spawned;
    this.listening = spawned.then(async (child) => {
      const address = await listeningAddress(child, {
        name: this.name,
        timeoutMs: 60_000,
        output: () => this.output,
      });
      if (address !== this.url)
        throw new Error(`${this.name} listens on ${address}, not ${this.url}`);
    });
    // Awaited by ready(); a start that is stopped before then must not be an unhandled rejection.
    this.listening.catch(() => {});
  }

  /**
   * Waits until this process listens (or fails with what it printed: a port taken, a bad
   * configuration), then until readiness answers 200 on its port.
   */
  async ready(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    await this.listening;
    while (Date.now() < until) {
      if ((await call(`${this.url}/api/health/ready`)).status === 200) return;
      if (this.child?.exitCode !== null) break;
      await sleep(100);
    }
    throw new Error(`${this.name} did not become ready:\n${this.output.slice(-2000)}`);
  }

  /** Sends a signal and waits for the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    await this.spawned.catch(() => {});
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
  private ports = { front: 0, stats: 0 };
  output = '';

  constructor(private readonly servers: readonly Instance[]) {}

  get url(): string {
    return `http://127.0.0.1:${this.ports.front}`;
  }

  get statsUrl(): string {
    return `http://127.0.0.1:${this.ports.stats}/stats;csv`;
  }

  /**
   * Starts HAProxy in front of the started servers and waits until it sees each UP. HAProxy
   * cannot bind port 0, so its ports are picked here, outside the range the kernel hands out by
   * itself; should another process have bound one by number first, HAProxy exits ("cannot bind")
   * and the start is tried again on new ones (decision 048).
   */
  async start(binary: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.ports = { front: await stablePort(), stats: await stablePort() };
      const from = this.output.length;
      const child = this.spawn(binary);
      const closed = new Promise((resolve) => child.once('close', resolve));
      const until = Date.now() + 10_000;
      while (Date.now() < until && child.exitCode === null) {
        const states = await this.states();
        const allUp =
          states.size === this.servers.length && [...states.values()].every((s) => s === 'UP');
        // Only while our HAProxy runs is the stats page its own.
        if (allUp && child.exitCode === null) return;
        await sleep(100);
      }
      if (child.exitCode === null) {
        throw new Error(`HAProxy did not see every server UP:\n${this.output}`);
      }
      await closed; // all it printed
      if (attempt === 3 || !/cannot bind/.test(this.output.slice(from))) {
        throw new Error(`HAProxy exited (${child.exitCode}) while starting:\n${this.output}`);
      }
    }
  }

  private spawn(binary: string): ChildProcess {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      OMEGA_LB_BIND: `127.0.0.1:${this.ports.front}`,
      OMEGA_LB_STATS_BIND: `127.0.0.1:${this.ports.stats}`,
    };
    this.servers.forEach((s, i) => {
      env[`OMEGA_API${i + 1}`] = `127.0.0.1:${s.port}`;
    });
    // -db: stay in the foreground; -W would fork a master, which the test would have to find.
    const child = spawn(binary, ['-db', '-f', HAPROXY_CFG], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      this.output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      this.output += d.toString();
    });
    this.child = child;
    return child;
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
