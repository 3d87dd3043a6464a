// A trend as a table, for screen readers, keyboards and anyone who wants the figures: one row
// per listed bucket, headed by when it starts, one column per series.
import { bucketLabel, bucketUnit } from './buckets.js';

export interface TableColumn {
  header: string;
  values: readonly number[];
  format: (value: number) => string;
}

export interface TrendTableProps {
  /** What the table lists and what it leaves out. */
  caption: string;
  /** The scrolling region's name ('Table of sign-ins'). */
  label: string;
  starts: readonly number[];
  bucketMs: number;
  /** The buckets listed, by index, oldest first. */
  rows: readonly number[];
  columns: readonly TableColumn[];
}

export function TrendTable({ caption, label, starts, bucketMs, rows, columns }: TrendTableProps) {
  const unit = bucketUnit(bucketMs);
  const last = starts.length - 1;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a long table scrolls in its box, which must take focus so the keyboard can scroll it (axe: scrollable-region-focusable).
    <section className="omega-trend__table" aria-label={label} tabIndex={0}>
      <table className="omega-table">
        <caption className="omega-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="omega-table__head">
              {unit === 'day' ? 'Day (UTC)' : unit === 'hour' ? 'Hour' : 'Minute'}
            </th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="omega-table__head">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((i) => {
            const at = starts[i] ?? 0;
            return (
              <tr key={at} className="omega-table__row">
                <th scope="row" className="omega-table__cell omega-trend__when">
                  <time dateTime={new Date(at).toISOString()}>{bucketLabel(at, bucketMs)}</time>
                  {i === last && ' (so far)'}
                </th>
                {columns.map((c) => (
                  <td key={c.header} className="omega-table__cell">
                    {c.format(c.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
