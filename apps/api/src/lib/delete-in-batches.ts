// The retention sweep's deletes: a batch per statement, so SQLite's writer (and PostgreSQL's row
// locks) are never held long, until a batch comes back short.

/** Calls `deleteUpTo(batch)` until it deletes fewer than `batch` rows; answers how many in all. */
export async function deleteInBatches(
  batch: number,
  deleteUpTo: (limit: number) => Promise<number>,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await deleteUpTo(batch);
    deleted += n;
    if (n < batch) return deleted;
  }
}

/** Rows one statement of the retention sweep deletes. */
export const SWEEP_BATCH = 1000;
