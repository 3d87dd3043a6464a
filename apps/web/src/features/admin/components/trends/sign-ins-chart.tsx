// Password sign-ins that succeeded and that failed, per hour over the last 7 days. The table
// lists only the hours with a sign-in or a failure.
import type { SignInsTrend } from '@omega/contracts';
import { useMemo } from 'react';
import {
  bucketCount,
  bucketLabel,
  bucketStarts,
  count,
  isAllZero,
  nonEmptyBuckets,
  peakBucket,
  plural,
  total,
} from './buckets.js';
import { TrendCard, type TrendRead } from './trend-card.js';
import { TrendFigure, type TrendFigureProps } from './trend-figure.js';

export function SignInsChart({ read }: { read: TrendRead<SignInsTrend> }) {
  return (
    <TrendCard
      title="Sign-ins"
      what="the sign-ins"
      read={read}
      empty={(t) =>
        isAllZero([t.succeeded, t.failed])
          ? 'No sign-ins or failed sign-ins in the last 7 days.'
          : null
      }
    >
      {(t) => <SignInsFigure trend={t} />}
    </TrendCard>
  );
}

function SignInsFigure({ trend }: { trend: SignInsTrend }) {
  const figure = useMemo((): Pick<TrendFigureProps, 'plot' | 'table'> => {
    const { succeeded, failed, bucketMs } = trend;
    const starts = bucketStarts(trend, bucketCount([succeeded, failed]));
    const attempts = starts.map((_, i) => (succeeded[i] ?? 0) + (failed[i] ?? 0));
    const busiest = peakBucket(attempts);
    const busiestAt = starts[busiest];
    const peak =
      busiestAt === undefined
        ? ''
        : ` The busiest hour: ${bucketLabel(busiestAt, bucketMs)}, with ${plural(attempts[busiest] ?? 0, 'attempt')}.`;
    return {
      plot: {
        summary: `Line chart of password sign-ins per hour over the last 7 days: ${count(total(succeeded))} succeeded and ${count(total(failed))} failed.${peak}`,
        starts,
        bucketMs,
        unit: 'count',
        series: [
          { label: 'Signed in', values: succeeded, color: 'green' },
          { label: 'Failed', values: failed, color: 'red', dash: 'dashed' },
        ],
      },
      table: {
        caption: 'Only the hours with a sign-in or a failed sign-in are listed, oldest first.',
        starts,
        bucketMs,
        rows: nonEmptyBuckets([succeeded, failed]),
        columns: [
          { header: 'Signed in', values: succeeded, format: count },
          { header: 'Failed', values: failed, format: count },
        ],
      },
    };
  }, [trend]);
  return (
    <TrendFigure
      name="sign-ins"
      caption="Password sign-ins that succeeded and that failed, per hour over the last 7 days; the last hour is still counting."
      {...figure}
    />
  );
}
