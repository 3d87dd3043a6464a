// PostgreSQL: writes that apply together or not at all, sent as one statement — one network
// round trip instead of BEGIN, each write and COMMIT (decision 040). The first write is guarded:
// it must apply to a row (a versioned update of the one subscription), and when it applies to
// none the statement raises (omega_expect_written, migration 0023), which undoes the others.
// The others are data-modifying CTEs: PostgreSQL runs each exactly once and to completion, in
// the same snapshot, so none may read what another writes — which holds for the writes joined
// here (an update of one row and inserts of others). The writes are the repositories' own
// builders; SQLite, in the process, runs them one by one in a transaction instead.
import { type Compilable, type QueryCreator, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** One write, built on the statement's query creator. */
export type Write = (qc: QueryCreator<Database>) => Compilable<unknown>;

/** The guard's SQLSTATE (migration 0023). */
const NOT_WRITTEN = 'OMVER';

/**
 * `guarded` and `rest` as one statement, unrun (a prepared query builds it once). `guarded`
 * must return a row per row it writes (`returning`).
 */
export function guardedWrites(
  qc: QueryCreator<Database>,
  guarded: Write,
  rest: readonly Write[],
): Compilable<{ written: number }> {
  // The builders' types grow with every CTE; the statement's shape is what matters here.
  // biome-ignore lint/suspicious/noExplicitAny: a chain of CTEs of any writes.
  let query: any = qc.with('guarded', (c) => guarded(c) as never);
  rest.forEach((write, i) => {
    query = query.with(`write${i}`, (c: QueryCreator<Database>) => write(c));
  });
  return query
    .selectFrom('guarded')
    .select(sql<number>`omega_expect_written(count(*))`.as('written'));
}

/** Runs a `guardedWrites` statement: false when the guarded write applied to no row. */
export async function expectWritten(run: Promise<unknown>): Promise<boolean> {
  try {
    await run;
    return true;
  } catch (err) {
    if ((err as { code?: unknown }).code === NOT_WRITTEN) return false;
    throw err;
  }
}
