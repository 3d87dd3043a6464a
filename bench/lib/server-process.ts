// A benchmarked server in its own process (on the server's core when pinned), reporting its CPU
// time over IPC (servers/cpu-probe.mjs). Servers take PORT and HOST like the real one does. The
// port is one the kernel never hands out by itself (stablePort, decision 048), and the server is
// ready when it answers there: an older build of the API (BENCH_API_SERVER, BENCH_BASELINE_API)
// does not announce where it listens, and refuses PORT=0.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { stablePort } from '../../apps/api/src/lib/listening.js';

const PROBE = new URL('../servers/cpu-probe.mjs', import.meta.url).href;
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface ServerOptions {
  name: string;
  /** The script to run: a TypeScript server of the bench, or the API's built server.js. */
  script: string;
  env: Record<string, string>;
  /** taskset prefix from placement(), [] when not pinned. */
  prefix: string[];
  /** Answers 200 once the server is ready. */
  readyPath: string;
  /** Extra node flags (--cpu-prof...). */
  nodeFlags?: string[];
}

/** What a server's probe counts, in microseconds since it started. */
export interface Counters {
  /** CPU time, user and system, every thread. */
  cpuMicros: number;
  /** The main thread's garbage collections, wall time (every kind). */
  gcMicros: number;
}

export class ServerProcess {
  private pending: Array<(counters: Counters) => void> = [];
  private profiling: Array<(answer: { failed?: string }) => void> = [];

  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (message) => {
      const answer = message as {
        cpu?: NodeJS.CpuUsage;
        gcMs?: number;
        failed?: string;
        event?: string;
      };
      if (answer.event === 'listening') return;
      if (answer.cpu) {
        const cpuMicros = answer.cpu.user + answer.cpu.system;
        this.pending.shift()?.({ cpuMicros, gcMicros: (answer.gcMs ?? 0) * 1000 });
      } else {
        this.profiling.shift()?.(answer);
      }
    });
  }

  static async start(options: ServerOptions): Promise<ServerProcess> {
    const port = await stablePort();
    // TypeScript only for the bench's own servers: the API's build runs under Node alone, as
    // production runs it (tsx would also turn on source maps for its stack traces).
    const node = [
      process.execPath,
      ...(options.script.endsWith('.ts') ? ['--import', 'tsx'] : []),
      '--import',
      PROBE,
      ...(options.nodeFlags ?? []),
      options.script,
    ];
    const [command = process.execPath, ...args] = [...options.prefix, ...node];
    const child = spawn(command, options.prefix.length > 0 ? args : node.slice(1), {
      cwd: BENCH_DIR,
      // Only what the bench sets: no stray DATABASE_URL or LOG_LEVEL from the shell.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      // Logs go nowhere (a real deployment pipes them to a collector, in another process);
      // the server still formats and writes every line it would write.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const url = `http://127.0.0.1:${port}`;
    try {
      for (const deadline = Date.now() + 120_000; ; ) {
        // Checked first: a server that could not bind has exited, and what answers is not it.
        if (child.exitCode !== null)
          throw new Error(`${options.name} exited with ${child.exitCode}`);
        const res = await fetch(`${url}${options.readyPath}`).catch(() => undefined);
        if (res?.ok && child.exitCode === null) return new ServerProcess(options.name, url, child);
        if (Date.now() > deadline) throw new Error(`${options.name} was not ready in 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
  }

  /** The process's CPU time and its main thread's garbage collection time so far. */
  counters(): Promise<Counters> {
    return new Promise((resolve) => {
      this.pending.push(resolve);
      this.child.send('cpu');
    });
  }

  /** Starts V8's sampling profiler in the server (every `intervalUs` microseconds). */
  startProfile(intervalUs = 100): Promise<void> {
    return this.ask({ profile: 'start', intervalUs });
  }

  /** Stops the profiler and has the server write the .cpuprofile to `file`. */
  stopProfile(file: string): Promise<void> {
    return this.ask({ profile: 'stop', file });
  }

  private ask(command: object): Promise<void> {
    return new Promise((resolve, reject) => {
      this.profiling.push((answer) =>
        answer.failed ? reject(new Error(answer.failed)) : resolve(),
      );
      this.child.send(command);
    });
  }

  /** Ends the process with SIGKILL, as a crash or an out-of-memory kill would, and waits for it. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
