// The red strip at the top of every page while an administrator views as a user (decision
// 021): whose pages these are, that they are read-only, the minutes left, and 'End view'. The
// server ends the view at 15 minutes whatever this shows; at zero the session is read again.
import type { Impersonation } from '@omega/contracts';
import { Button, toast } from '@omega/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { api } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { SESSION_KEY } from '../../lib/session.js';
import { adminUserPath } from '../../lib/user-link.js';
import './impersonation-banner.css';

const TICK_MS = 15_000;

/** Whole minutes left, rounded up, so the last seconds still read '1 min left'. */
export const minutesLeft = (endsAt: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 60_000));

export function ImpersonationBanner(props: {
  user: { id: number; username: string };
  view: Impersonation;
}) {
  const { user, view } = props;
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const left = minutesLeft(view.endsAt, now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  /** Every read answered as the viewed user is stale now: the session first, then the rest. */
  async function reload() {
    await mutate(SESSION_KEY);
    await mutate((key) => key !== SESSION_KEY, undefined, { revalidate: true });
  }

  useEffect(() => {
    if (left === 0) void mutate(SESSION_KEY);
  }, [left, mutate]);

  async function end() {
    setBusy(true);
    try {
      await api.call('endViewAs');
      await reload();
      navigate(adminUserPath(user.id));
    } catch (err) {
      toast({
        title: 'Could not end the view',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-label={`Viewing as ${user.username}`}
      className="omega-banner omega-banner--destructive omega-shell__banner omega-impersonation"
    >
      <p role="status" className="omega-impersonation__text">
        Viewing as {user.username} (read-only) — {left} min left
      </p>
      <Button variant="outline" size="sm" loading={busy} onClick={end}>
        End view
      </Button>
    </section>
  );
}

export default ImpersonationBanner;
