// Where the benchmark's processes run. A server and its load generator on the same cores measure
// the generator as much as the server: the bare server's figure is capped by autocannon while a
// heavier server borrows the second core for garbage collection. With taskset the server gets
// one core and autocannon (its own process) the other, so each figure is the server's own.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface Placement {
  pinned: boolean;
  /** How the processes were placed, for the report. */
  summary: string;
  /** The command line prefix that starts a process on the server's core ([] when not pinned). */
  serverPrefix: string[];
  /** The same for the load generator. */
  loadPrefix: string[];
}

/** The CPUs this process may run on, from taskset, or null when taskset is missing. */
function allowedCpus(): number[] | null {
  const out = spawnSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' });
  if (out.status !== 0) return null;
  const list = out.stdout.split(':').pop()?.trim() ?? '';
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) continue;
    for (let cpu = from; cpu <= (to ?? from); cpu++) cpus.push(cpu);
  }
  return cpus;
}

/**
 * Pins the server to one CPU and the load generator (and this process, which only steers) to
 * another, when taskset exists and two CPUs are allowed; BENCH_PIN=0 turns it off to compare.
 */
export function placement(): Placement {
  const unpinned = (why: string): Placement => ({
    pinned: false,
    summary: `NOT pinned (${why}): server and load generator share ${availableParallelism()} core(s), so the figures measure both`,
    serverPrefix: [],
    loadPrefix: [],
  });
  if (process.env.BENCH_PIN === '0') return unpinned('BENCH_PIN=0');
  const cpus = allowedCpus();
  if (!cpus) return unpinned('taskset is not available');
  const [server, load] = cpus;
  if (server === undefined || load === undefined) return unpinned('only one CPU is allowed');
  spawnSync('taskset', ['-a', '-cp', String(load), String(process.pid)]);
  return {
    pinned: true,
    summary: `pinned with taskset: server on CPU ${server}, load generator (autocannon, own process) on CPU ${load}`,
    serverPrefix: ['taskset', '-c', String(server)],
    loadPrefix: ['taskset', '-c', String(load)],
  };
}
