// The benchmark's side of the load generator process (lib/load-worker.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './load-spec.js';

export type { LoadResult, LoadSpec } from './load-spec.js';

const WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

export class LoadGenerator {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (r: LoadResult) => void; reject: (e: Error) => void }
  >();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message) => {
      const { id, result, error } = message as { id?: number; result?: LoadResult; error?: string };
      if (id === undefined) return;
      const waiter = this.waiting.get(id);
      this.waiting.delete(id);
      if (result) waiter?.resolve(result);
      else waiter?.reject(new Error(error ?? 'the load generator failed'));
    });
    child.on('exit', (code) => {
      for (const waiter of this.waiting.values()) {
        waiter.reject(new Error(`the load generator exited with ${code}`));
      }
      this.waiting.clear();
    });
  }

  /** Starts the generator's process, on the load core when `prefix` pins it. */
  static async start(prefix: string[]): Promise<LoadGenerator> {
    const node = [process.execPath, '--import', 'tsx', WORKER];
    const [command = process.execPath, ...args] = [...prefix, ...node];
    const child = spawn(command, prefix.length > 0 ? args : node.slice(1), {
      cwd: BENCH_DIR,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [first] = (await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`the load generator exited with ${code}`);
      }),
    ])) as [unknown];
    if (!(first as { ready?: boolean }).ready) throw new Error('the load generator did not start');
    return new LoadGenerator(child);
  }

  run(spec: LoadSpec): Promise<LoadResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, spec });
    });
  }

  stop(): void {
    this.child.kill('SIGTERM');
  }
}
