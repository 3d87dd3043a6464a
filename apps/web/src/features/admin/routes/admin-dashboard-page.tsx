// /admin: the health and statistics dashboard (spec section 2, 'Admin dashboard') — six status
// cards and three tables, all from GET /api/health/detailed and the activity log — the
// past-due accounts and the revenue they put at risk (issue 39), and the trend charts
// (issue 19), loaded on demand with their chart library. The header also links to the
// assistant's unanswered questions.

import type { DetailedHealth } from '@omega/contracts';
import { formatMoney } from '@omega/domain';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Tooltip,
} from '@omega/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { useUiStore } from '../../../lib/ui-store.js';
import { UserLink } from '../../../lib/user-link.js';
import { ACTIVITY_PAGE_SIZE, useActivityLogs, useDetailedHealth } from '../api/admin-api.js';
import { percentOf, truncate, uptimeMinutes, when } from '../components/figures.js';
import '../components/admin.css';
import { errorMessage } from '../../../lib/error-message.js';

// uPlot and the charts are a chunk of their own (decision 019): the cards and tables above do
// not wait for it, and no other page downloads it.
const TrendsSection = lazy(() =>
  import('../components/trends-section.js').then(
    (m) => ({ default: m.TrendsSection }),
    // A failed download (offline, a deploy replaced the files) leaves the rest of the page working.
    () => ({ default: TrendsUnavailable }),
  ),
);

function TrendsUnavailable() {
  return <p role="alert">The charts could not be loaded. Reload the page to try again.</p>;
}

function StatusCard(props: { title: string; status?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="omega-card-heading">
            {props.title}
            {props.status && (
              <Badge variant="secondary" className="omega-admin__status">
                {props.status}
              </Badge>
            )}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}

function StatusCards({ health }: { health: DetailedHealth }) {
  const { server, database, auth, plugins, subscriptions } = health.components;
  const minutes = uptimeMinutes(server.uptime);
  return (
    <div className="omega-admin__cards">
      <StatusCard title="Server Status" status={server.status}>
        <p className="omega-admin__figure">{minutes === 1 ? '1 minute' : `${minutes} minutes`}</p>
        <p className="omega-muted">uptime</p>
      </StatusCard>
      <StatusCard title="Database" status={database.status}>
        <p className="omega-admin__figure">{database.tables.users.count.toLocaleString()}</p>
        <p className="omega-muted">users</p>
      </StatusCard>
      <StatusCard title="Authentication" status={auth.status}>
        <p className="omega-admin__figure">{auth.provider}</p>
        <p className="omega-muted">provider</p>
      </StatusCard>
      <StatusCard title="Activity">
        <p className="omega-admin__figure">{database.tables.activityLogs.count.toLocaleString()}</p>
        <p className="omega-muted">activities logged</p>
      </StatusCard>
      <StatusCard title="Plugins">
        <p className="omega-admin__figure">{plugins.loaded.length}</p>
        <p className="omega-muted">loaded</p>
      </StatusCard>
      <StatusCard title="Subscriptions">
        <p className="omega-admin__figure">
          {subscriptions.stats.activeSubscriptions.toLocaleString()}
        </p>
        <p className="omega-muted">active subscriptions</p>
      </StatusCard>
    </div>
  );
}

const usd = (cents: number) => formatMoney(cents, { currency: 'USD' });

/** Renewals whose charge failed and is not paid yet: how many accounts, and the money at stake. */
function PastDue({ health }: { health: DetailedHealth }) {
  const { pastDueAccounts, mrrAtRisk, amountPastDue } = health.components.subscriptions.stats;
  if (pastDueAccounts === 0) return <p>No past-due accounts: every renewal was paid.</p>;
  return (
    <dl className="omega-facts omega-admin__past-due">
      <dt>Past-due accounts</dt>
      <dd>{pastDueAccounts.toLocaleString()}</dd>
      <dt>MRR at risk</dt>
      <dd>{usd(mrrAtRisk)} a month</dd>
      <dt>Owed on unpaid invoices</dt>
      <dd>{usd(amountPastDue)}</dd>
    </dl>
  );
}

/** A table wider than a phone scrolls sideways in a box the keyboard can focus (and scroll). */
function Scrolling({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe: scrollable-region-focusable).
    <section className="omega-admin__scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

function Distribution({ health }: { health: DetailedHealth }) {
  const rows = Object.entries(health.components.subscriptions.stats.planDistribution);
  const total = rows.reduce((sum, [, count]) => sum + count, 0);
  if (rows.length === 0) return <p>No subscriptions yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Plan</TableHead>
          <TableHead scope="col">Active Users</TableHead>
          <TableHead scope="col">Percentage</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([plan, count]) => (
          <TableRow key={plan}>
            <TableCell>{plan}</TableCell>
            <TableCell>{count.toLocaleString()}</TableCell>
            <TableCell>{percentOf(count, total)}%</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Plugins({ health }: { health: DetailedHealth }) {
  const loaded = health.components.plugins.loaded;
  if (loaded.length === 0) return <p>No plugins loaded.</p>;
  return (
    <Scrolling label="Loaded plugins table">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Name</TableHead>
            <TableHead scope="col">Status</TableHead>
            <TableHead scope="col">Loaded At</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loaded.map((p) => (
            <TableRow key={p.name}>
              <TableCell>{p.name}</TableCell>
              <TableCell>
                <Badge variant="outline">{p.status}</Badge>
              </TableCell>
              <TableCell>
                <time dateTime={p.loadedAt}>{when(p.loadedAt)}</time>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scrolling>
  );
}

function ActivityLogs() {
  const { data, error, size, setSize, isValidating } = useActivityLogs();
  if (error) return <p role="alert">Could not load the activity log: {errorMessage(error)}</p>;
  if (!data) return <Skeleton style={{ height: '10rem' }} />;
  const entries = data.flat();
  if (entries.length === 0) return <p>No activity yet.</p>;
  const hasOlder = (data.at(-1)?.length ?? 0) >= ACTIVITY_PAGE_SIZE;
  const loadingOlder = isValidating && size > data.length;
  return (
    <>
      <Scrolling label="Activity logs table">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">User ID</TableHead>
              <TableHead scope="col">Action</TableHead>
              <TableHead scope="col">Timestamp</TableHead>
              <TableHead scope="col">Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((a) => (
              <TableRow key={a.id}>
                <TableCell>
                  {a.userId === null ? '—' : <UserLink id={a.userId}>{a.userId}</UserLink>}
                </TableCell>
                <TableCell>{a.action}</TableCell>
                <TableCell>
                  <time dateTime={a.timestamp}>{when(a.timestamp)}</time>
                </TableCell>
                <TableCell title={a.details}>{truncate(a.details)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Scrolling>
      {hasOlder && (
        <Button
          variant="outline"
          size="sm"
          loading={loadingOlder}
          onClick={() => setSize(size + 1)}
        >
          Load older activity
        </Button>
      )}
    </>
  );
}

export function AdminDashboardPage() {
  const navigate = useNavigate();
  const godMode = useUiStore((s) => s.godMode);
  const setGodMode = useUiStore((s) => s.setGodMode);
  const { data: health, error } = useDetailedHealth();

  return (
    <main className="omega-page omega-stack">
      <div className="omega-page__header">
        <h1>Admin Dashboard</h1>
        <div className="omega-actions">
          {godMode && (
            <Button
              variant="destructive"
              onClick={() => {
                setGodMode(false);
                navigate(paths.home);
              }}
            >
              Exit God Mode
            </Button>
          )}
          <Tooltip content="Manage subscription plans, features, and user access levels">
            <Button asChild variant="outline">
              <Link to={paths.adminSubscriptionManager}>Subscription Manager</Link>
            </Button>
          </Tooltip>
          <Tooltip content="Manage announcements and user communications">
            <Button asChild variant="outline">
              <Link to={paths.adminCommunications}>Communications</Link>
            </Button>
          </Tooltip>
          <Tooltip content="Questions the assistant could not answer, grouped by wording">
            <Button asChild variant="outline">
              <Link to={paths.adminUnansweredQuestions}>Unanswered questions</Link>
            </Button>
          </Tooltip>
        </div>
      </div>
      {error && <p role="alert">Could not load the system health: {errorMessage(error)}</p>}
      {!health && !error && <Skeleton style={{ height: '14rem' }} />}
      {health && (
        <>
          <StatusCards health={health} />
          <section aria-labelledby="past-due-heading">
            <h2 id="past-due-heading">Past-due accounts</h2>
            <PastDue health={health} />
          </section>
          <section aria-labelledby="distribution-heading">
            <h2 id="distribution-heading">Subscription Distribution</h2>
            <Distribution health={health} />
          </section>
          <section aria-labelledby="plugins-heading">
            <h2 id="plugins-heading">Loaded Plugins</h2>
            <Plugins health={health} />
          </section>
        </>
      )}
      <section aria-labelledby="trends-heading">
        <h2 id="trends-heading">Trends</h2>
        <Suspense fallback={<Skeleton style={{ height: '14rem' }} />}>
          <TrendsSection />
        </Suspense>
      </section>
      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading">Activity Logs</h2>
        <ActivityLogs />
      </section>
    </main>
  );
}
