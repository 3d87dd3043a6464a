// New accounts per UTC day over the last 90 days, one line per role. The table lists only the
// days on which an account was made.
import type { RegistrationsTrend } from '@omega/contracts';
import { useMemo } from 'react';
import {
  bucketCount,
  bucketStarts,
  count,
  isAllZero,
  nonEmptyBuckets,
  plural,
  total,
} from './buckets.js';
import { TrendCard, type TrendRead } from './trend-card.js';
import { TrendFigure, type TrendFigureProps } from './trend-figure.js';

export function RegistrationsChart({ read }: { read: TrendRead<RegistrationsTrend> }) {
  return (
    <TrendCard
      title="Registrations"
      what="the registrations"
      read={read}
      empty={(t) =>
        isAllZero([t.users, t.admins, t.supergods]) ? 'No new accounts in the last 90 days.' : null
      }
    >
      {(t) => <RegistrationsFigure trend={t} />}
    </TrendCard>
  );
}

function RegistrationsFigure({ trend }: { trend: RegistrationsTrend }) {
  const figure = useMemo((): Pick<TrendFigureProps, 'plot' | 'table'> => {
    const { users, admins, supergods, bucketMs } = trend;
    const roles = [users, admins, supergods];
    const starts = bucketStarts(trend, bucketCount(roles));
    return {
      plot: {
        summary: `Line chart of new accounts per day over the last 90 days: ${plural(total(users), 'user')}, ${plural(total(admins), 'admin')} and ${plural(total(supergods), 'supergod')}.`,
        starts,
        bucketMs,
        unit: 'count',
        series: [
          { label: 'Users', values: users, color: 'blue' },
          { label: 'Admins', values: admins, color: 'amber', dash: 'dashed' },
          { label: 'Supergods', values: supergods, color: 'violet', dash: 'dotted' },
        ],
      },
      table: {
        caption: 'Only the days on which an account was made are listed, oldest first.',
        starts,
        bucketMs,
        rows: nonEmptyBuckets(roles),
        columns: [
          { header: 'Users', values: users, format: count },
          { header: 'Admins', values: admins, format: count },
          { header: 'Supergods', values: supergods, format: count },
        ],
      },
    };
  }, [trend]);
  return (
    <TrendFigure
      name="new accounts"
      caption="New accounts per UTC day over the last 90 days, by role; today is still counting."
      {...figure}
    />
  );
}
