// /admin against a fake server: the six cards' figures (uptime in whole minutes), the past-due
// accounts and the MRR they put at risk, the plan distribution's one-decimal percentages,
// plugins, truncated activity details, and the header buttons.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../src/lib/ui-store.js';
import { fakeAdminServer, signedInShell, user } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const health = {
  status: 'healthy',
  timestamp: '2026-11-20T10:00:00.000Z',
  components: {
    server: { status: 'healthy', uptime: 7199 },
    database: {
      status: 'healthy',
      dialect: 'sqlite',
      journalMode: 'wal',
      tables: { users: { count: 1234 }, activityLogs: { count: 56 }, systemLogs: { count: 9 } },
    },
    auth: { status: 'healthy', provider: 'session' },
    plugins: {
      loaded: [
        { name: 'repositories', status: 'loaded', loadedAt: '2026-11-20T08:00:00.000Z' },
        { name: 'jobs', status: 'loaded', loadedAt: '2026-11-20T08:00:01.000Z' },
      ],
    },
    subscriptions: {
      stats: {
        activeSubscriptions: 2,
        totalSubscriptions: 3,
        planDistribution: { Free: 1, Pro: 2 },
        pastDueAccounts: 0,
        mrrAtRisk: 0,
        amountPastDue: 0,
      },
    },
  },
};

const longDetails = `Changed the plan of ${'a-very-long-username-'.repeat(5)}to Pro`;
const activity = [
  {
    id: 2,
    userId: 7,
    action: 'plan_override',
    timestamp: '2026-11-20T09:00:00.000Z',
    details: longDetails,
  },
  {
    id: 1,
    userId: null,
    action: 'logs_cleared',
    timestamp: '2026-11-20T08:30:00.000Z',
    details: 'cleared 3',
  },
];

function server(answer: typeof health = health) {
  return fakeAdminServer({
    ...signedInShell('admin'),
    'GET /api/health/detailed': () => ({ body: answer }),
    'GET /api/admin/activity-logs': () => ({ body: activity }),
  });
}

/** The status card whose heading starts with `title` (the tables' headings are not in cards). */
const card = (title: string) =>
  screen
    .getAllByRole('heading', { level: 2, name: new RegExp(`^${title}`) })
    .map((h) => h.closest<HTMLElement>('.omega-card'))
    .find((c) => c !== null) as HTMLElement;

describe('admin dashboard', () => {
  beforeEach(() => useUiStore.getState().setGodMode(false));

  it('shows the six status cards with uptime in whole minutes', async () => {
    server();
    renderAt('/admin');
    await screen.findByRole('heading', { name: /^Server Status/ });
    // 7199 s is 119.98 minutes: rounded down.
    expect(within(card('Server Status')).getByText('119 minutes')).toBeDefined();
    expect(within(card('Database')).getByText((1234).toLocaleString())).toBeDefined();
    expect(within(card('Authentication')).getByText('session')).toBeDefined();
    expect(within(card('Activity')).getByText('56')).toBeDefined();
    expect(within(card('Plugins')).getByText('2')).toBeDefined();
    expect(within(card('Subscriptions')).getByText('2')).toBeDefined();
  });

  it('shows the past-due accounts and the MRR at risk, in dollars from cents', async () => {
    const stats = { ...health.components.subscriptions.stats };
    server({
      ...health,
      components: {
        ...health.components,
        subscriptions: {
          stats: { ...stats, pastDueAccounts: 3, mrrAtRisk: 123_456, amountPastDue: 4_700 },
        },
      },
    });
    renderAt('/admin');
    const section = await screen.findByRole('region', { name: 'Past-due accounts' });
    const facts = within(section)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Past-due accounts', '3'],
      ['MRR at risk', '$1234.56 a month'],
      ['Owed on unpaid invoices', '$47.00'],
    ]);
  });

  it('says when no account is past due', async () => {
    server();
    renderAt('/admin');
    const section = await screen.findByRole('region', { name: 'Past-due accounts' });
    expect(
      within(section).getByText('No past-due accounts: every renewal was paid.'),
    ).toBeDefined();
  });

  it('shows each plan’s share of the total to one decimal', async () => {
    server();
    renderAt('/admin');
    const table = (await screen.findByRole('heading', { name: 'Subscription Distribution' }))
      .nextElementSibling as HTMLElement;
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Free', '1', '33.3%'],
      ['Pro', '2', '66.7%'],
    ]);
  });

  it('lists the loaded plugins and the activity log with truncated details', async () => {
    server();
    renderAt('/admin');
    expect(await screen.findByRole('cell', { name: 'repositories' })).toBeDefined();
    const details = await screen.findByTitle(longDetails);
    expect(details.textContent?.endsWith('…')).toBe(true);
    expect((details.textContent ?? '').length).toBeLessThan(longDetails.length);
    expect(screen.getByRole('cell', { name: 'plan_override' })).toBeDefined();
    expect(screen.getByRole('cell', { name: 'cleared 3' })).toBeDefined();
  });

  it('links to the manager, communications and unanswered questions, and shows Exit God Mode only in god mode', async () => {
    server();
    const u = userEvent.setup();
    const { location } = renderAt('/admin');
    const main = await screen.findByRole('main');
    expect(
      within(main).getByRole('link', { name: 'Subscription Manager' }).getAttribute('href'),
    ).toBe('/admin/subscription-manager');
    expect(within(main).getByRole('link', { name: 'Communications' }).getAttribute('href')).toBe(
      '/admin/communications',
    );
    expect(
      within(main).getByRole('link', { name: 'Unanswered questions' }).getAttribute('href'),
    ).toBe('/admin/unanswered-questions');
    expect(within(main).queryByRole('button', { name: 'Exit God Mode' })).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Enter God Mode' }));
    await u.click(within(main).getByRole('button', { name: 'Exit God Mode' }));
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(useUiStore.getState().godMode).toBe(false);
  });

  it('shows the error when the health read fails', async () => {
    fakeAdminServer({
      'GET /api/user': user('admin'),
      'GET /api/health/detailed': () => ({ status: 503, body: { message: 'down' } }),
      'GET /api/admin/activity-logs': () => ({ body: [] }),
    });
    renderAt('/admin');
    expect(
      await screen.findByText(
        'Could not load the system health: Omega could not answer just now. Try again in a moment.',
      ),
    ).toBeDefined();
    expect(await screen.findByText('No activity yet.')).toBeDefined();
  });
});
