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

/** What the worker is asked: to start checkpointing a database file, or to stop. */
export type CheckpointRequest =
  | { kind: 'open'; id: number; file: string; intervalMs: number }
  | { kind: 'close'; id: number };

/**
 * What the worker reports of a database: the log's size in pages and how many of them are in
 * the file; that it could not open it; that it has stopped checkpointing it.
 */
export type CheckpointReport =
  | { kind: 'figures'; id: number; log: number; checkpointed: number }
  | { kind: 'failed'; id: number; message: string; code: string | undefined }
  | { kind: 'closed'; id: number };

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

/** A database the worker checkpoints, as the main thread keeps it. */
interface Watched {
  report(report: CheckpointReport): void;
  /** The worker is gone (it failed, or was ended because it did not answer). */
  lost(error: Error | undefined): void;
}

/**
 * The process's one worker and the databases it checkpoints. Production opens one database per
 * process; the API's tests open hundreds in one process, and a thread of their own cost each
 * about 90 ms of CPU to start and stop (decision 026).
 */
let shared: { worker: Worker; watched: Map<number, Watched> } | null = null;
let nextId = 1;

function sharedWorker(): { worker: Worker; watched: Map<number, Watched> } {
  if (shared) return shared;
  const worker = new Worker(WORKER_FILE);
  const current = { worker, watched: new Map<number, Watched>() };
  let failure: Error | undefined;
  worker.on('message', (report: CheckpointReport) =>
    current.watched.get(report.id)?.report(report),
  );
  worker.on('error', (error) => {
    failure = error;
  });
  worker.once('exit', () => {
    if (shared === current) shared = null;
    for (const watched of [...current.watched.values()]) watched.lost(failure);
    current.watched.clear();
  });
  // A process that is done must be able to exit with the worker idle or a database still open.
  // After the listeners: adding a 'message' listener holds the process open again.
  worker.unref();
  shared = current;
  return current;
}

/** Starts checkpointing `file` (a WAL database `sqlite` has open) from the process's worker. */
export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  options: {
    intervalMs?: number;
    /** Told when checkpointing stops other than by `close` (the backstop takes over). */
    stopped?: (error: Error | undefined) => void;
  } = {},
): Checkpointer {
  const { intervalMs = CHECKPOINT_INTERVAL_MS, stopped } = options;
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const { worker, watched } = sharedWorker();
  const id = nextId++;
  let closing = false;
  let closed = () => {};
  const figures: CheckpointFigures = {
    running: true,
    checkpoints: 0,
    logPages: 0,
    uncopiedPages: 0,
  };
  let copied = 0;
  const stop = (error: Error | undefined) => {
    watched.delete(id);
    figures.running = false;
    if (closing) return closed();
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    stopped?.(error);
  };
  watched.set(id, {
    report: (report) => {
      if (report.kind === 'closed') return stop(undefined);
      if (report.kind === 'failed') {
        return stop(Object.assign(new Error(report.message), { code: report.code }));
      }
      // Within one log the copied count only grows; a shorter log means it started over.
      const restarted = report.log < figures.logPages;
      if (report.checkpointed > (restarted ? 0 : copied)) figures.checkpoints += 1;
      copied = report.checkpointed;
      figures.logPages = Math.max(report.log, 0);
      figures.uncopiedPages = Math.max(report.log - report.checkpointed, 0);
    },
    lost: stop,
  });
  worker.postMessage({ kind: 'open', id, file, intervalMs } satisfies CheckpointRequest);
  return {
    figures: () => ({ ...figures }),
    close: async () => {
      if (closing) return;
      closing = true;
      if (!figures.running) return;
      const done = new Promise<void>((resolve) => {
        closed = resolve;
      });
      worker.postMessage({ kind: 'close', id } satisfies CheckpointRequest);
      // A worker that does not answer in time is ended (the process's next database starts a
      // new one); the main connection's close checkpoints.
      const timeout = setTimeout(() => void worker.terminate(), 2_000);
      await done;
      clearTimeout(timeout);
    },
  };
}
