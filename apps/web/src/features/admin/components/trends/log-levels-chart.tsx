// Errors and warnings in the system log per minute over the last 24 hours. The table lists
// only the minutes that had any: 1,440 rows of mostly zeros would hide them.
import type { LogLevelsTrend } from '@omega/contracts';
import { useMemo } from 'react';
import { bucketLabel, count, isAllZero, peakBucket, plural, total } from './buckets.js';
import { countFigure } from './count-figure.js';
import { TrendCard, type TrendRead } from './trend-card.js';
import { TrendFigure } from './trend-figure.js';

export function LogLevelsChart({ read }: { read: TrendRead<LogLevelsTrend> }) {
  return (
    <TrendCard
      title="Errors and warnings"
      what="the errors and warnings"
      read={read}
      empty={(t) =>
        isAllZero([t.errors, t.warnings]) ? 'No errors or warnings in the last 24 hours.' : null
      }
    >
      {(t) => <LogLevelsFigure trend={t} />}
    </TrendCard>
  );
}

function LogLevelsFigure({ trend }: { trend: LogLevelsTrend }) {
  const figure = useMemo(() => {
    const { errors, warnings, bucketMs } = trend;
    return countFigure(
      trend,
      [
        { label: 'Errors', values: errors, color: 'red' },
        { label: 'Warnings', values: warnings, color: 'amber', dash: 'dashed' },
      ],
      {
        summary: (starts) => {
          const worst = peakBucket(errors);
          const worstAt = starts[worst];
          const peak =
            worstAt === undefined
              ? ''
              : ` The most errors in one minute: ${count(errors[worst] ?? 0)}, at ${bucketLabel(worstAt, bucketMs)}.`;
          return `Line chart of system-log errors and warnings per minute over the last 24 hours: ${plural(total(errors), 'error')} and ${plural(total(warnings), 'warning')} in all.${peak}`;
        },
        tableCaption: 'Only the minutes with an error or a warning are listed, oldest first.',
      },
    );
  }, [trend]);
  return (
    <TrendFigure
      name="errors and warnings"
      caption="System-log entries at ERROR and at WARNING per minute over the last 24 hours; the last minute is still counting."
      {...figure}
    />
  );
}
