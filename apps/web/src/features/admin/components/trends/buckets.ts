// Reading the server's bucketed series (packages/contracts/src/admin-trends.ts): where each
// bucket starts, which buckets a table lists, and how a bucket, a count and an amount read.
import { formatMoney } from '@omega/domain';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface Bucketed {
  start: string;
  bucketMs: number;
}

/** The start of each of `count` buckets in ms since the epoch: bucket i starts at start + i × width. */
export function bucketStarts(trend: Bucketed, count: number): number[] {
  const first = Date.parse(trend.start);
  return Array.from({ length: count }, (_, i) => first + i * trend.bucketMs);
}

/** How many buckets every series has (they are aligned; a short one bounds the rest). */
export const bucketCount = (series: readonly (readonly number[])[]) =>
  series.length === 0 ? 0 : Math.min(...series.map((s) => s.length));

/** The buckets in which any of the series is not zero. */
export function nonEmptyBuckets(series: readonly (readonly number[])[]): number[] {
  const rows: number[] = [];
  for (let i = 0; i < bucketCount(series); i++) {
    if (series.some((s) => s[i] !== 0)) rows.push(i);
  }
  return rows;
}

/** The first bucket, each bucket in which some series differs from the bucket before, and the last. */
export function changedBuckets(series: readonly (readonly number[])[]): number[] {
  const count = bucketCount(series);
  const rows: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i === 0 || i === count - 1 || series.some((s) => s[i] !== s[i - 1])) rows.push(i);
  }
  return rows;
}

export const total = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0);

export const isAllZero = (series: readonly (readonly number[])[]) =>
  series.every((s) => s.every((v) => v === 0));

/** The bucket with the largest value (the earliest of equals), or -1 when there is none above zero. */
export function peakBucket(values: readonly number[]): number {
  let best = -1;
  values.forEach((v, i) => {
    if (v > 0 && (best === -1 || v > (values[best] ?? 0))) best = i;
  });
  return best;
}

export const usd = (cents: number) => formatMoney(cents, { currency: 'USD' });

export const count = (n: number) => n.toLocaleString();

/** '1 error', '2 errors'. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${count(n)} ${n === 1 ? one : many}`;

/**
 * A bucket as a table row or a summary names it: a day is a UTC date (the server's days are
 * UTC days); a minute or an hour is the local date and time it starts, as elsewhere in the app.
 */
export function bucketLabel(at: number, bucketMs: number): string {
  const date = new Date(at);
  if (bucketMs >= DAY_MS) {
    return date.toLocaleDateString(undefined, {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
  }
  return date.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** 'minute', 'hour' or 'day': what a row of the table stands for. */
export function bucketUnit(bucketMs: number): string {
  if (bucketMs >= DAY_MS) return 'day';
  if (bucketMs >= HOUR_MS) return 'hour';
  return 'minute';
}
