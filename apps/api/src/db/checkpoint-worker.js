// @ts-check
// The checkpoint worker (checkpointer.ts starts it): copies SQLite's write-ahead log back into
// the database file beside the event loop. It opens its own connection to the same file;
// PASSIVE never blocks the writer or the readers, and copies what it can.
//
// Plain JavaScript, type-checked from its JSDoc (`checkJs`) and linted like the rest: a worker
// thread runs a file as Node finds it, so this one is the same file when the API runs from its
// sources (tests, `pnpm dev`) and from the build (tsup copies it to dist/ as an entry).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {import('./checkpointer.js').CheckpointWorkerData} CheckpointWorkerData */
/** @typedef {import('./checkpointer.js').CheckpointMessage} CheckpointMessage */

const port = parentPort;
if (!port) throw new Error('checkpoint-worker.js runs as a worker thread (checkpointer.ts)');
const { file, intervalMs } = /** @type {CheckpointWorkerData} */ (workerData);
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');

let last = '';
function checkpoint() {
  try {
    const [result] = /** @type {Array<{ log: number; checkpointed: number }>} */ (
      db.pragma('wal_checkpoint(PASSIVE)')
    );
    if (!result) return;
    // Told only when they change.
    const text = `${result.log}/${result.checkpointed}`;
    if (text !== last) {
      /** @type {CheckpointMessage} */
      const message = { log: result.log, checkpointed: result.checkpointed };
      port?.postMessage(message);
    }
    last = text;
  } catch {
    // Busy or locked: the next tick tries again, and the backstop stays.
  }
}

const timer = setInterval(checkpoint, intervalMs);
port.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  port.close();
});
