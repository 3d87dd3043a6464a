// How long this host's disk takes to make a write durable: an 8 KB write and fdatasync, as a
// commit flushes its log (SQLite's WAL, PostgreSQL's wal_sync_method fdatasync). Every commit
// of the write paths, the plain one-row transaction's included, waits for one, so the figure is
// printed beside them: hosts differ in their disks as well as their CPUs.
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface FlushLatency {
  p50Us: number;
  p99Us: number;
}

/** `times` 8 KB writes, each followed by fdatasync, in a new file under `dir`. */
export function flushLatency(dir: string, times = 500): FlushLatency {
  const folder = mkdtempSync(join(dir, 'omega-flush-'));
  const fd = openSync(join(folder, 'probe'), 'w');
  const page = Buffer.alloc(8192, 1);
  const took: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      const start = process.hrtime.bigint();
      writeSync(fd, page, 0, page.length, (i % 64) * page.length);
      fdatasyncSync(fd);
      took.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
  took.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(took[Math.min(took.length - 1, Math.floor(q * took.length))] ?? 0);
  return { p50Us: at(0.5), p99Us: at(0.99) };
}
