// One measured run: load from the generator, CPU from the server, checked against the answers
// the scenario expects. And the figures' summaries: medians of rounds, ratios, table rows.
import os from 'node:os';
import type { LoadGenerator, LoadSpec } from './load.js';
import type { ServerProcess } from './server-process.js';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU time per answer, milliseconds. */
  cpuMs: number;
  /** The server's garbage collection time per answer (main thread), milliseconds. */
  gcMs: number;
  /** Share of the run's wall time the server, and the load generator, spent on a CPU. */
  serverBusy: number;
  loadBusy: number;
  /** Database round trips per answer, where the scenario counts them (PostgreSQL's). */
  roundTrips?: number;
  /** The database's own CPU time per answer, milliseconds, where the scenario measures it. */
  databaseCpuMs?: number;
}

export interface Scenario {
  name: string;
  server: ServerProcess;
  spec: Omit<LoadSpec, 'url' | 'duration' | 'connections'> & { path: string };
  /** The one status every answer must have. */
  status: number;
  /** Puts the server's data back in the state the scenario starts from. */
  beforeRun?: () => Promise<void>;
  /** The server's database round trips so far (its GET /metrics), to print them per answer. */
  roundTrips?: () => Promise<number>;
  /** The database's processes' CPU so far, microseconds (PostgreSQL on this machine). */
  databaseCpu?: () => number | null;
}

export async function measure(
  load: LoadGenerator,
  scenario: Scenario,
  options: { seconds: number; connections: number },
): Promise<Figures> {
  const { path, ...spec } = scenario.spec;
  await scenario.beforeRun?.();
  const tripsBefore = await scenario.roundTrips?.();
  const databaseBefore = scenario.databaseCpu?.() ?? null;
  const before = await scenario.server.counters();
  const r = await load.run({
    ...spec,
    url: `${scenario.server.url}${path}`,
    duration: options.seconds,
    connections: options.connections,
  });
  const after = await scenario.server.counters();
  const databaseAfter = scenario.databaseCpu?.() ?? null;
  const tripsAfter = await scenario.roundTrips?.();
  const expected = r.statuses[String(scenario.status)] ?? 0;
  if (r.errors > 0 || expected !== r.requests || r.requests === 0) {
    throw new Error(
      `${scenario.name}: expected every answer to be ${scenario.status}, got ${JSON.stringify(r.statuses)} and ${r.errors} connection errors`,
    );
  }
  const cpuMicros = after.cpuMicros - before.cpuMicros;
  return {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    cpuMs: cpuMicros / 1000 / r.requests,
    gcMs: (after.gcMicros - before.gcMicros) / 1000 / r.requests,
    serverBusy: cpuMicros / 1e6 / r.seconds,
    loadBusy: r.cpuMicros / 1e6 / r.seconds,
    ...(tripsBefore !== undefined && tripsAfter !== undefined
      ? { roundTrips: (tripsAfter - tripsBefore) / r.requests }
      : {}),
    ...(databaseBefore !== null && databaseAfter !== null
      ? { databaseCpuMs: (databaseAfter - databaseBefore) / 1000 / r.requests }
      : {}),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The median of each figure over the rounds. */
export function medianFigures(rounds: Figures[]): Figures {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    cpuMs: median(rounds.map((r) => r.cpuMs)),
    gcMs: median(rounds.map((r) => r.gcMs)),
    serverBusy: median(rounds.map((r) => r.serverBusy)),
    loadBusy: median(rounds.map((r) => r.loadBusy)),
    ...(rounds.every((r) => r.roundTrips !== undefined)
      ? { roundTrips: median(rounds.map((r) => r.roundTrips as number)) }
      : {}),
    ...(rounds.every((r) => r.databaseCpuMs !== undefined)
      ? { databaseCpuMs: median(rounds.map((r) => r.databaseCpuMs as number)) }
      : {}),
  };
}

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
export const int = (x: number) => Math.round(x).toLocaleString('en-US');

/** A fixed-width table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** Node, CPU and how busy the machine was, for the first lines of a report. */
export function machine(): string {
  const cpus = os.cpus();
  return `Node ${process.version} on ${cpus[0]?.model ?? 'unknown CPU'} (${cpus.length} cores)`;
}

export function busyness(): string {
  const [oneMinute = 0] = os.loadavg();
  return `load average ${oneMinute.toFixed(1)} on ${os.cpus().length} cores`;
}

/** Said in every report: absolute figures move with whatever else the machine runs. */
export const BUSY_MACHINE_NOTE =
  'Other work on the machine (builds, tests) takes CPU from the server and skews absolute figures; ' +
  'the ratios compare runs of the same round, so they are the figures to read.';
