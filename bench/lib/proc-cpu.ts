// CPU time of processes on this machine, from /proc (Linux only): a server's own, and
// PostgreSQL's, which with the server's shows where a request's cost goes on a shared machine.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: the unit of /proc's times, 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** A /proc/<pid>/stat line's name and its fields after the name (state is the first). */
function stat(pid: number | string): { name: string; fields: string[] } {
  const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = line.lastIndexOf(')');
  return {
    name: line.slice(line.indexOf('(') + 1, close),
    fields: line.slice(close + 2).split(' '),
  };
}

/** Ticks in the fields from `first` to `last`: utime and stime are 11-12, cutime and cstime 13-14. */
const ticks = (fields: string[], first: number, last: number) => {
  let sum = 0;
  for (let i = first; i <= last; i++) sum += Number(fields[i]);
  return sum;
};

/** CPU time (user + system) of a process so far, in milliseconds. */
export function processCpuMs(pid: number): number {
  return (ticks(stat(pid).fields, 11, 12) * 1000) / TICKS_PER_SECOND;
}

/**
 * Microseconds of CPU used so far by every process named `postgres`, with the ended children
 * the postmaster has reaped (a backend that exited during a run); null where /proc is missing.
 */
export function postgresCpuMicros(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    let entry: ReturnType<typeof stat>;
    try {
      entry = stat(pid);
    } catch {
      continue; // ended since the listing
    }
    if (entry.name === 'postgres') total += ticks(entry.fields, 11, 14);
  }
  return (total * 1e6) / TICKS_PER_SECOND;
}
