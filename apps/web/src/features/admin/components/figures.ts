// The dashboard's arithmetic (spec section 9): whole minutes of uptime, one-decimal shares,
// details cut to fit a table cell, and times as a date or as how long ago.

/** Seconds divided by 60, rounded down. */
export const uptimeMinutes = (seconds: number) => Math.floor(seconds / 60);

/** `count` as a percentage of `total` with one decimal ('0.0' when there is no total). */
export const percentOf = (count: number, total: number) =>
  (total > 0 ? (count / total) * 100 : 0).toFixed(1);

export const DETAILS_MAX = 60;

/** Text cut to `max` characters with an ellipsis, so long details keep the table readable. */
export const truncate = (text: string, max = DETAILS_MAX) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A timestamp in the viewer's locale. */
export const when = (iso: string) => new Date(iso).toLocaleString();

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** How long before `now` a timestamp was, in its largest whole unit ('3 hours ago', 'now'). */
export function ago(iso: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  let amount = Math.min(0, Math.round((new Date(iso).getTime() - now) / 1000));
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(amount, unit);
    amount = Math.trunc(amount / size);
  }
  return format.format(amount, 'year');
}
