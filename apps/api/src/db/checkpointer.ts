// Copies SQLite's write-ahead log back into the database file from a worker thread, so that the
// event loop never waits for it. By default SQLite checkpoints inside the commit that takes the
// log past 1,000 pages: that commit copies the pages and waits for two fsyncs, and every request
// the server is holding waits with it (docs/architecture/hot-path.md, decision 026).
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker checkpoints; a checkpoint with nothing to copy costs microseconds. */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * The main connection still checkpoints by itself past this many pages (about 40 MB of log):
 * only if the worker falls far behind or is gone. SQLite's default, 1,000, comes back if the
 * worker stops unexpectedly.
 */
export const BACKSTOP_PAGES = 10_000;
const SQLITE_DEFAULT_PAGES = 1_000;

/**
 * The worker's file (checkpoint-worker.js): next to this module in the sources, and next to the
 * bundle in dist/, where tsup writes it as an entry of its own.
 */
const WORKER_FILE = new URL('./checkpoint-worker.js', import.meta.url);

/** What the worker is given: the database file, and how often to checkpoint. */
export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
}

/** What the worker reports: the log's size in pages and how many of them are in the file. */
export interface CheckpointMessage {
  log: number;
  checkpointed: number;
}

/** What operators see of the checkpoints (GET /metrics). */
export interface CheckpointFigures {
  /** Whether the worker is running; when it is not, the main connection checkpoints itself. */
  running: boolean;
  /** Checkpoints that copied pages into the database file. */
  checkpoints: number;
  /** Pages in the write-ahead log at the last checkpoint, and how many it had not copied yet. */
  logPages: number;
  uncopiedPages: number;
}

export interface Checkpointer {
  figures(): CheckpointFigures;
  /** Stops the worker after a last checkpoint; the main connection may close after. */
  close(): Promise<void>;
}

/** Starts checkpointing `file` (a WAL database `sqlite` has open) from a worker thread. */
export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  options: {
    intervalMs?: number;
    /** Told when the worker stops other than by `close` (the backstop takes over). */
    stopped?: (error: Error | undefined) => void;
  } = {},
): Checkpointer {
  const { intervalMs = CHECKPOINT_INTERVAL_MS, stopped } = options;
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const workerData: CheckpointWorkerData = { file, intervalMs };
  const worker = new Worker(WORKER_FILE, { workerData });
  // A server that is done must be able to exit without closing the database first.
  worker.unref();
  let closing = false;
  let failure: Error | undefined;
  const figures: CheckpointFigures = {
    running: true,
    checkpoints: 0,
    logPages: 0,
    uncopiedPages: 0,
  };
  let copied = 0;
  worker.on('message', (message: CheckpointMessage) => {
    // Within one log the copied count only grows; a shorter log means it started over.
    const restarted = message.log < figures.logPages;
    if (message.checkpointed > (restarted ? 0 : copied)) figures.checkpoints += 1;
    copied = message.checkpointed;
    figures.logPages = Math.max(message.log, 0);
    figures.uncopiedPages = Math.max(message.log - message.checkpointed, 0);
  });
  worker.on('error', (error) => {
    failure = error;
  });
  worker.once('exit', () => {
    figures.running = false;
    if (closing) return;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    stopped?.(failure);
  });
  return {
    figures: () => ({ ...figures }),
    close: async () => {
      if (closing) return;
      closing = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      // A worker that does not stop in time is ended; the main connection's close checkpoints.
      const timeout = setTimeout(() => void worker.terminate(), 2_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
