// PostgreSQL: writes that apply together or not at all, sent as one statement — one network
// round trip instead of BEGIN, each write and COMMIT (decision 040). The first write is guarded:
// it must apply to a row (a versioned update of the one subscription), and when it applies to
// none the statement raises (omega_expect_written, migration 0023), which undoes the others.
// The others are data-modifying CTEs: PostgreSQL runs each exactly once and to completion, in
// the same snapshot, so none may read what another writes — which holds for the writes this
// joins (an update of a row and inserts of others). SQLite, in the process, keeps its
// transaction of separate statements: the same builders, run one by one.
import { type Compilable, type Kysely, type QueryCreator, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** One write, built on the statement's query creator (a repository's builder). */
export type Write = (qc: QueryCreator<Database>) => Compilable<unknown>;

/** The guard's SQLSTATE (migration 0023). */
const NOT_WRITTEN = 'OMVER';

/**
 * Runs `guarded` and `rest` as one statement; false when `guarded` applied to no row (nothing
 * is then written). `guarded` must return a row per row it writes (`returning`).
 */
export async function writeTogether(
  db: Kysely<Database>,
  guarded: Write,
  rest: readonly Write[],
): Promise<boolean> {
  // The builders' types grow with every CTE; the statement's shape is what matters here.
  // biome-ignore lint/suspicious/noExplicitAny: a chain of CTEs of any writes.
  let query: any = db.with('guarded', (qc) => guarded(qc) as never);
  rest.forEach((write, i) => {
    query = query.with(`write${i}`, (qc: QueryCreator<Database>) => write(qc));
  });
  try {
    await query
      .selectFrom('guarded')
      .select(sql<number>`omega_expect_written(count(*))`.as('written'))
      .execute();
    return true;
  } catch (err) {
    if ((err as { code?: unknown }).code === NOT_WRITTEN) return false;
    throw err;
  }
}
