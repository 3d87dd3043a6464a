// Counting rows per time bucket in SQL, alike on SQLite and PostgreSQL: the bucket of a row is
// (created_at - from) / width in integer arithmetic (both databases divide integers by
// truncating, and created_at >= from makes that the floor). The two numbers are written into the
// statement as literals, not parameters: PostgreSQL accepts `group by` on an expression only
// when it is the selected one, and two placeholders never compare equal.
import { type RawBuilder, sql } from 'kysely';

export interface BucketCount {
  bucket: number;
  key: string;
  count: number;
}

export function bucketOf(column: string, from: number, widthMs: number): RawBuilder<number> {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(widthMs) || widthMs <= 0) {
    throw new Error(`Bad time bucket: from ${from}, width ${widthMs}`);
  }
  return sql<number>`(${sql.ref(column)} - ${sql.lit(from)}) / ${sql.lit(widthMs)}`;
}

/** Row counts from the database as numbers (PostgreSQL's count is a bigint). */
export const toBucketCounts = (
  rows: readonly {
    bucket: number | string | bigint;
    key: string;
    count: number | string | bigint;
  }[],
): BucketCount[] =>
  rows.map((r) => ({ bucket: Number(r.bucket), key: r.key, count: Number(r.count) }));
