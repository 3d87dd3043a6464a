// Transactions, and what waits for their commit. A counter told of a write inside a transaction
// must not move until the transaction commits: a later statement that fails, a COMMIT that fails
// (a PostgreSQL serialization failure, SQLite's group abandoned on a full disk) or a retry after
// contention (lib/contention.ts) would otherwise count writes that never happened, or count one
// twice. Every transaction is opened here (test/route-layering.test.ts checks the sources), so
// `afterCommit` always knows the transaction it is given.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** What runs once each open transaction commits; dropped with the transaction if it does not. */
const pending = new WeakMap<Kysely<Database>, Array<() => void>>();

/**
 * Runs `work` in a transaction and answers what it answered; once the commit succeeded, runs
 * what `work` passed to `afterCommit`, in order. If `work` or the commit fails, none of it runs.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const after: Array<() => void> = [];
  const result = await db.transaction().execute((trx) => {
    pending.set(trx, after);
    return work(trx);
  });
  // The writes are committed: a failing callback must not make them look failed to the caller.
  for (const run of after) {
    try {
      run();
    } catch (err) {
      process.emitWarning(`a callback after a commit failed: ${String(err)}`);
    }
  }
  return result;
}

/**
 * Runs `run` once what was written through `db` is committed: at once outside a transaction
 * (each statement commits by itself), after the commit inside one opened by `inTransaction`.
 */
export function afterCommit(db: Kysely<Database>, run: () => void): void {
  if (!db.isTransaction) {
    run();
    return;
  }
  const after = pending.get(db);
  // A programming error, kept out of the sources by test/route-layering.test.ts.
  if (!after) throw new Error('afterCommit: the transaction was not opened by inTransaction');
  after.push(run);
}
