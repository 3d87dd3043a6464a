// @ts-check
// The checkpoint worker (checkpointer.ts starts one per process): copies SQLite's write-ahead
// log back into each database file it is given, beside the event loop. It opens its own
// connection to each file; PASSIVE never blocks the writer or the readers, and copies what it can.
//
// Plain JavaScript, type-checked from its JSDoc (`checkJs`) and linted like the rest: a worker
// thread runs a file as Node finds it, so this one is the same file when the API runs from its
// sources (tests, `pnpm dev`) and from the build (tsup copies it to dist/ as an entry).
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {import('./checkpointer.js').CheckpointRequest} CheckpointRequest */
/** @typedef {import('./checkpointer.js').CheckpointReport} CheckpointReport */

const port = parentPort;
if (!port) throw new Error('checkpoint-worker.js runs as a worker thread (checkpointer.ts)');

/**
 * The databases being checkpointed, by the id the main thread gave each.
 * @type {Map<number, { db: Database.Database; timer: NodeJS.Timeout; last: string }>}
 */
const databases = new Map();

/** @param {CheckpointReport} report */
const tell = (report) => port.postMessage(report);

/** @param {number} id */
function checkpoint(id) {
  const entry = databases.get(id);
  if (!entry) return;
  try {
    const [result] = /** @type {Array<{ log: number; checkpointed: number }>} */ (
      entry.db.pragma('wal_checkpoint(PASSIVE)')
    );
    if (!result) return;
    // Told only when they change.
    const text = `${result.log}/${result.checkpointed}`;
    if (text !== entry.last) tell({ kind: 'figures', id, ...result });
    entry.last = text;
  } catch {
    // Busy or locked: the next tick tries again, and the backstop stays.
  }
}

/** @param {CheckpointRequest & { kind: 'open' }} request */
function open({ id, file, intervalMs }) {
  let db;
  try {
    db = new Database(file, { fileMustExist: true });
    db.pragma('busy_timeout = 1000');
  } catch (err) {
    const { message, code } = /** @type {Error & { code?: string }} */ (err);
    tell({ kind: 'failed', id, message, code });
    return;
  }
  databases.set(id, { db, timer: setInterval(() => checkpoint(id), intervalMs), last: '' });
}

/** @param {number} id */
function close(id) {
  const entry = databases.get(id);
  if (entry) {
    clearInterval(entry.timer);
    checkpoint(id);
    databases.delete(id);
    entry.db.close();
  }
  tell({ kind: 'closed', id });
}

port.on('message', (/** @type {CheckpointRequest} */ request) => {
  if (request.kind === 'open') open(request);
  else close(request.id);
});
