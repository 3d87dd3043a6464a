// New accounts per UTC day over the last 90 days, one line per role. The table lists only the
// days on which an account was made.
import type { RegistrationsTrend } from '@omega/contracts';
import { useMemo } from 'react';
import { isAllZero, plural, total } from './buckets.js';
import { countFigure } from './count-figure.js';
import { TrendCard, type TrendRead } from './trend-card.js';
import { TrendFigure } from './trend-figure.js';

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
  const figure = useMemo(() => {
    const { users, admins, supergods } = trend;
    return countFigure(
      trend,
      [
        { label: 'Users', values: users, color: 'blue' },
        { label: 'Admins', values: admins, color: 'amber', dash: 'dashed' },
        { label: 'Supergods', values: supergods, color: 'violet', dash: 'dotted' },
      ],
      {
        summary: () =>
          `Line chart of new accounts per day over the last 90 days: ${plural(total(users), 'user')}, ${plural(total(admins), 'admin')} and ${plural(total(supergods), 'supergod')}.`,
        tableCaption: 'Only the days on which an account was made are listed, oldest first.',
      },
    );
  }, [trend]);
  return (
    <TrendFigure
      name="new accounts"
      caption="New accounts per UTC day over the last 90 days, by role; today is still counting."
      {...figure}
    />
  );
}
