// Password sign-ins that succeeded and that failed, per hour over the last 7 days. The table
// lists only the hours with a sign-in or a failure.
import type { SignInsTrend } from '@omega/contracts';
import { useMemo } from 'react';
import { bucketLabel, count, isAllZero, peakBucket, plural, total } from './buckets.js';
import { countFigure } from './count-figure.js';
import { TrendCard, type TrendRead } from './trend-card.js';
import { TrendFigure } from './trend-figure.js';

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
  const figure = useMemo(() => {
    const { succeeded, failed, bucketMs } = trend;
    return countFigure(
      trend,
      [
        { label: 'Signed in', values: succeeded, color: 'green' },
        { label: 'Failed', values: failed, color: 'red', dash: 'dashed' },
      ],
      {
        summary: (starts) => {
          const attempts = starts.map((_, i) => (succeeded[i] ?? 0) + (failed[i] ?? 0));
          const busiest = peakBucket(attempts);
          const busiestAt = starts[busiest];
          const peak =
            busiestAt === undefined
              ? ''
              : ` The busiest hour: ${bucketLabel(busiestAt, bucketMs)}, with ${plural(attempts[busiest] ?? 0, 'attempt')}.`;
          return `Line chart of password sign-ins per hour over the last 7 days: ${count(total(succeeded))} succeeded and ${count(total(failed))} failed.${peak}`;
        },
        tableCaption: 'Only the hours with a sign-in or a failed sign-in are listed, oldest first.',
      },
    );
  }, [trend]);
  return (
    <TrendFigure
      name="sign-ins"
      caption="Password sign-ins that succeeded and that failed, per hour over the last 7 days; the last hour is still counting."
      {...figure}
    />
  );
}
