// Billing periods anchored on their start day, in UTC: a subscription started on Jan 31
// renews on Feb 28 (29 in leap years), then Mar 31. Each end is computed from the anchor
// plus n intervals, never by chaining, so a short month does not shift later renewals.

export type Interval = 'month' | 'year';

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The anchor moved forward by `count` intervals, clamped to the end of shorter months. */
export function addInterval(anchorMs: number, interval: Interval, count = 1): number {
  const d = new Date(anchorMs);
  const months = interval === 'month' ? count : count * 12;
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(
    year,
    month,
    day,
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

export interface Period {
  start: number;
  end: number;
}

/** The n-th period (from 0) of a cycle anchored at `anchorMs`. */
export function nthPeriod(anchorMs: number, interval: Interval, n: number): Period {
  return { start: addInterval(anchorMs, interval, n), end: addInterval(anchorMs, interval, n + 1) };
}

/** The index of the period of the cycle that contains `atMs` (0 before the anchor). */
export function periodIndexAt(anchorMs: number, interval: Interval, atMs: number): number {
  if (atMs < anchorMs) return 0;
  // An estimate from the average length, then corrected: at most a step either way.
  const approx = interval === 'month' ? 30.436875 * DAY_MS : 365.2425 * DAY_MS;
  let n = Math.max(0, Math.floor((atMs - anchorMs) / approx));
  while (n > 0 && addInterval(anchorMs, interval, n) > atMs) n -= 1;
  while (addInterval(anchorMs, interval, n + 1) <= atMs) n += 1;
  return n;
}

export function trialEnd(startMs: number, trialDays: number): number {
  return startMs + trialDays * DAY_MS;
}
