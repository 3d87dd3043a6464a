// The dashboard's arithmetic (spec section 9): whole minutes of uptime, one-decimal shares,
// and details cut to fit a table cell.

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
