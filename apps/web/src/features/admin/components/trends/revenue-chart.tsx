// Monthly recurring revenue: the figure now, MRR at the end of each UTC day over 90 days, and
// what moved it each day. New and expansion MRR are drawn above zero, contraction and churned
// MRR below it, so growth and loss read apart; the tables give every amount as it is.
import type { RevenueTrend } from '@omega/contracts';
import { useMemo } from 'react';
import {
  bucketCount,
  bucketLabel,
  bucketStarts,
  changedBuckets,
  isAllZero,
  nonEmptyBuckets,
  total,
  usd,
} from './buckets.js';
import { TrendCard, type TrendRead } from './trend-card.js';
import { TrendFigure, type TrendFigureProps } from './trend-figure.js';

export function RevenueChart({ read }: { read: TrendRead<RevenueTrend> }) {
  return (
    <TrendCard title="Revenue" what="the revenue" read={read}>
      {(t) => <RevenueFigures trend={t} />}
    </TrendCard>
  );
}

function RevenueFigures({ trend }: { trend: RevenueTrend }) {
  const figures = useMemo(() => {
    const { mrr, newMrr, expansionMrr, contractionMrr, churnedMrr, bucketMs } = trend;
    const moves = [newMrr, expansionMrr, contractionMrr, churnedMrr];
    const starts = bucketStarts(trend, bucketCount([mrr, ...moves]));
    const mrrFigure: Pick<TrendFigureProps, 'plot' | 'table'> = {
      plot: {
        summary: `Line chart of monthly recurring revenue at the end of each day over the last 90 days: ${usd(mrr[0] ?? 0)} on ${bucketLabel(starts[0] ?? 0, bucketMs)}, ${usd(mrr.at(-1) ?? 0)} now.`,
        starts,
        bucketMs,
        unit: 'cents',
        series: [{ label: 'MRR', values: mrr, color: 'blue' }],
      },
      table: {
        caption: 'Listed: the first day, each day on which MRR changed, and today.',
        starts,
        bucketMs,
        rows: changedBuckets([mrr]),
        columns: [{ header: 'MRR', values: mrr, format: usd }],
      },
    };
    const movesFigure: Pick<TrendFigureProps, 'plot' | 'table'> = {
      plot: {
        summary: `Line chart of MRR movements per day over the last 90 days: ${usd(total(newMrr))} new, ${usd(total(expansionMrr))} expansion, ${usd(total(contractionMrr))} contraction and ${usd(total(churnedMrr))} churned in all.`,
        starts,
        bucketMs,
        unit: 'cents',
        series: [
          { label: 'New', values: newMrr, color: 'green' },
          { label: 'Expansion', values: expansionMrr, color: 'blue', dash: 'dashed' },
          {
            label: 'Contraction',
            values: contractionMrr.map((v) => -v),
            color: 'amber',
            dash: 'dotted',
          },
          { label: 'Churned', values: churnedMrr.map((v) => -v), color: 'red', dash: 'dash-dot' },
        ],
      },
      table: {
        caption: 'Only the days on which MRR moved are listed, oldest first.',
        starts,
        bucketMs,
        rows: nonEmptyBuckets(moves),
        columns: [
          { header: 'New', values: newMrr, format: usd },
          { header: 'Expansion', values: expansionMrr, format: usd },
          { header: 'Contraction', values: contractionMrr, format: usd },
          { header: 'Churned', values: churnedMrr, format: usd },
        ],
      },
    };
    return { mrrFigure, movesFigure, moved: !isAllZero(moves), earned: !isAllZero([mrr]) };
  }, [trend]);

  return (
    <div className="omega-trend-card__figures">
      <div>
        <p className="omega-admin__figure">{usd(trend.mrrNow)}</p>
        <p className="omega-muted">monthly recurring revenue now</p>
      </div>
      {figures.earned ? (
        <TrendFigure
          name="MRR per day"
          caption="MRR at the end of each UTC day over the last 90 days: monthly prices, annual prices spread over 12 months; trials and complimentary plans count nothing."
          {...figures.mrrFigure}
        />
      ) : (
        <p className="omega-trend__empty">No recurring revenue in the last 90 days.</p>
      )}
      {figures.moved ? (
        <TrendFigure
          name="MRR movements"
          caption="MRR gained (new, expansion; above zero) and lost (contraction, churned; below zero) each UTC day over the last 90 days."
          {...figures.movesFigure}
        />
      ) : (
        <p className="omega-trend__empty">MRR did not move in the last 90 days.</p>
      )}
    </div>
  );
}
