// Accounts on each plan at the end of each UTC day over the last 90 days (accounts that never
// chose a plan count on Free). Counts move rarely, so the table lists the first day, each day
// on which a count changed, and today.
import type { PlansTrend } from '@omega/contracts';
import { useMemo } from 'react';
import { bucketCount, bucketStarts, changedBuckets, count, isAllZero } from './buckets.js';
import { TrendCard, type TrendRead } from './trend-card.js';
import { TrendFigure, type TrendFigureProps } from './trend-figure.js';
import type { TrendColor, TrendDash } from './trend-plot.js';

// Colour and dash both change from one plan to the next, so no two of the first twelve plans
// look alike, even to someone who cannot tell the colours apart.
const COLORS: TrendColor[] = ['blue', 'green', 'amber', 'violet', 'teal', 'red'];
const DASHES: TrendDash[] = ['solid', 'dashed', 'dotted', 'dash-dot'];

export function PlansChart({ read }: { read: TrendRead<PlansTrend> }) {
  return (
    <TrendCard
      title="Plan distribution"
      what="the plan distribution"
      read={read}
      empty={(t) => (isAllZero(t.plans.map((p) => p.accounts)) ? 'No accounts yet.' : null)}
    >
      {(t) => <PlansFigure trend={t} />}
    </TrendCard>
  );
}

function PlansFigure({ trend }: { trend: PlansTrend }) {
  const figure = useMemo((): Pick<TrendFigureProps, 'plot' | 'table'> => {
    const { plans, bucketMs } = trend;
    const series = plans.map((p) => p.accounts);
    const starts = bucketStarts(trend, bucketCount(series));
    const now = plans.map((p) => `${p.name} ${count(p.accounts.at(-1) ?? 0)}`).join(', ');
    return {
      plot: {
        summary: `Line chart of accounts on each plan at the end of each day over the last 90 days. Now: ${now}.`,
        starts,
        bucketMs,
        unit: 'count',
        series: plans.map((p, i) => ({
          label: p.name,
          values: p.accounts,
          color: COLORS[i % COLORS.length] ?? 'blue',
          dash: DASHES[i % DASHES.length] ?? 'solid',
        })),
      },
      table: {
        caption:
          'Accounts at the end of each day. Listed: the first day, each day on which a count changed, and today.',
        starts,
        bucketMs,
        rows: changedBuckets(series),
        columns: plans.map((p) => ({ header: p.name, values: p.accounts, format: count })),
      },
    };
  }, [trend]);
  return (
    <TrendFigure
      name="accounts per plan"
      caption="Accounts on each plan at the end of each UTC day over the last 90 days; accounts that never chose a plan count on the free plan."
      {...figure}
    />
  );
}
