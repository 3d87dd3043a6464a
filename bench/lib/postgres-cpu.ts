// The CPU time PostgreSQL's processes on this machine have used, from /proc: with the server's
// own CPU it shows where a request's cost goes on a machine they share. Linux only.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: the unit of /proc's times, 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

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
  let ticks = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended since the listing
    }
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (stat.slice(open + 1, close) !== 'postgres') continue;
    // Fields after the name: state is the 3rd; utime, stime, cutime, cstime the 14th to 17th.
    const fields = stat.slice(close + 2).split(' ');
    for (let i = 11; i <= 14; i++) ticks += Number(fields[i]);
  }
  return (ticks * 1e6) / TICKS_PER_SECOND;
}
