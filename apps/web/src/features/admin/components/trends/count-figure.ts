// The figure of a chart of counts (errors and warnings, sign-ins, registrations): the same
// series drawn as lines and listed as table columns, the table keeping only the buckets with a
// count, and a summary written from the bucket starts (so it can name the peak).
import type { Bucketed } from './buckets.js';
import { bucketCount, bucketStarts, count, nonEmptyBuckets } from './buckets.js';
import type { TrendFigureProps } from './trend-figure.js';
import type { PlotSeries } from './trend-plot.js';

export function countFigure(
  trend: Bucketed,
  series: readonly PlotSeries[],
  text: { summary: (starts: readonly number[]) => string; tableCaption: string },
): Pick<TrendFigureProps, 'plot' | 'table'> {
  const values = series.map((s) => s.values);
  const starts = bucketStarts(trend, bucketCount(values));
  const { bucketMs } = trend;
  return {
    plot: { summary: text.summary(starts), starts, bucketMs, unit: 'count', series: [...series] },
    table: {
      caption: text.tableCaption,
      starts,
      bucketMs,
      rows: nonEmptyBuckets(values),
      columns: series.map((s) => ({ header: s.label, values: s.values, format: count })),
    },
  };
}
