// The trend charts on /admin against a fake server (uPlot is the stand-in of test/setup.ts):
// a figure per chart from the answers, the table view with only the rows that say something,
// and the loading, empty, error and cannot-draw states.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bucketLabel,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
} from '../src/features/admin/components/trends/buckets.js';
import { SignInsChart } from '../src/features/admin/components/trends/sign-ins-chart.js';
import { type AdminRoute, fakeAdminServer, signedInShell } from './admin-fake-server.js';
import FakeUPlot from './fake-uplot.js';
import { renderAt } from './render-app.js';

/** `n` zeros with the given buckets set. */
const series = (n: number, set: Record<number, number> = {}) =>
  Array.from({ length: n }, (_, i) => set[i] ?? 0);
/** `n` values that hold each given value from its bucket on. */
const steps = (n: number, from: Array<[bucket: number, value: number]>) =>
  Array.from({ length: n }, (_, i) => from.filter(([b]) => b <= i).at(-1)?.[1] ?? 0);

const generatedAt = '2026-11-26T10:30:10.000Z';
const minutesStart = '2026-11-25T10:31:00.000Z';
const hoursStart = '2026-11-19T11:00:00.000Z';
const daysStart = '2026-08-29T00:00:00.000Z';

const logLevels = {
  start: minutesStart,
  bucketMs: MINUTE_MS,
  generatedAt,
  errors: series(1440, { 100: 2, 1439: 1 }),
  warnings: series(1440, { 300: 1 }),
};
const signIns = {
  start: hoursStart,
  bucketMs: HOUR_MS,
  generatedAt,
  succeeded: series(168, { 10: 3, 167: 1 }),
  failed: series(168, { 10: 2 }),
};
const registrations = {
  start: daysStart,
  bucketMs: DAY_MS,
  generatedAt,
  users: series(90, { 0: 1, 89: 2 }),
  admins: series(90, { 89: 1 }),
  supergods: series(90),
};
const plans = {
  start: daysStart,
  bucketMs: DAY_MS,
  generatedAt,
  plans: [
    {
      id: 'free',
      name: 'Free',
      accounts: steps(90, [
        [0, 5],
        [50, 6],
      ]),
    },
    { id: 'pro', name: 'Pro', accounts: steps(90, [[80, 1]]) },
  ],
};
const revenue = {
  start: daysStart,
  bucketMs: DAY_MS,
  generatedAt,
  currency: 'USD',
  mrrNow: 2900,
  mrr: steps(90, [
    [80, 2900],
    [85, 3800],
    [88, 2900],
  ]),
  newMrr: series(90, { 80: 2900, 85: 900 }),
  expansionMrr: series(90),
  contractionMrr: series(90),
  churnedMrr: series(90, { 88: 900 }),
};

const zeros = {
  logLevels: { ...logLevels, errors: series(1440), warnings: series(1440) },
  registrations: { ...registrations, users: series(90), admins: series(90) },
  revenue: {
    ...revenue,
    mrrNow: 0,
    mrr: series(90),
    newMrr: series(90),
    churnedMrr: series(90),
  },
};

const answer =
  (body: unknown): AdminRoute =>
  () => ({ body });

function server(over: Record<string, AdminRoute> = {}) {
  return fakeAdminServer({
    ...signedInShell('admin'),
    'GET /api/admin/activity-logs': () => ({ body: [] }),
    'GET /api/admin/trends/log-levels': answer(logLevels),
    'GET /api/admin/trends/sign-ins': answer(signIns),
    'GET /api/admin/trends/registrations': answer(registrations),
    'GET /api/admin/trends/plans': answer(plans),
    'GET /api/admin/trends/revenue': answer(revenue),
    ...over,
  });
}

/** The card under the chart heading `title`. */
async function card(title: string) {
  const heading = await screen.findByRole('heading', { level: 3, name: title });
  return heading.closest<HTMLElement>('.omega-card') as HTMLElement;
}

/** The table's rows, header first, as the text of their cells. */
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));

const minute = (i: number) => bucketLabel(Date.parse(minutesStart) + i * MINUTE_MS, MINUTE_MS);
const hour = (i: number) => bucketLabel(Date.parse(hoursStart) + i * HOUR_MS, HOUR_MS);
const day = (i: number) => bucketLabel(Date.parse(daysStart) + i * DAY_MS, DAY_MS);

describe('the trend charts on /admin', () => {
  // The charts are a chunk of their own, loaded after the page: its first transform is slow
  // on a busy machine (see setup.ts), so it happens here rather than inside a test's wait.
  beforeAll(() => import('../src/features/admin/components/trends-section.js'), 120_000);
  beforeEach(() => FakeUPlot.reset());

  it('draws a figure per chart from the answers, each described for screen readers', async () => {
    server();
    renderAt('/admin');
    await screen.findByRole('heading', { level: 2, name: 'Trends' });
    await waitFor(() => expect(screen.getAllByRole('figure')).toHaveLength(6));
    await waitFor(() => expect(FakeUPlot.instances).toHaveLength(6));
    expect(FakeUPlot.instances.map((p) => p.labels)).toEqual([
      ['Errors', 'Warnings'],
      ['Signed in', 'Failed'],
      ['Users', 'Admins', 'Supergods'],
      ['Free', 'Pro'],
      ['MRR'],
      ['New', 'Expansion', 'Contraction', 'Churned'],
    ]);
    // Bucket i starts at start + i × width; contraction and churn are drawn below zero.
    const [errors, , , , , moves] = FakeUPlot.instances;
    expect(errors?.data[0]).toHaveLength(1440);
    expect(errors?.data[0]?.[1439]).toBe(Date.parse(minutesStart) + 1439 * MINUTE_MS);
    expect(moves?.data[4]?.[88]).toBe(-900);

    const logs = within(await card('Errors and warnings'));
    expect(
      logs.getByRole('img', {
        name: `Line chart of system-log errors and warnings per minute over the last 24 hours: 3 errors and 1 warning in all. The most errors in one minute: 2, at ${minute(100)}.`,
      }),
    ).toBeTruthy();
    expect(logs.getByRole('img').querySelector('canvas')).toBeTruthy();
    const signInsCard = within(await card('Sign-ins'));
    expect(
      signInsCard.getByRole('img', {
        name: `Line chart of password sign-ins per hour over the last 7 days: 4 succeeded and 2 failed. The busiest hour: ${hour(10)}, with 5 attempts.`,
      }),
    ).toBeTruthy();
    const revenueCard = within(await card('Revenue'));
    expect(revenueCard.getByText('$29.00')).toBeTruthy();
    expect(revenueCard.getByText('monthly recurring revenue now')).toBeTruthy();
    expect(
      revenueCard.getByRole('img', {
        name: `Line chart of monthly recurring revenue at the end of each day over the last 90 days: $0.00 on ${day(0)}, $29.00 now.`,
      }),
    ).toBeTruthy();
  });

  it('shows a table instead of a chart, with only the buckets that have something', async () => {
    server();
    const u = userEvent.setup();
    renderAt('/admin');
    const signInsCard = within(await card('Sign-ins'));
    await waitFor(() => expect(FakeUPlot.instances).toHaveLength(6));
    const plot = FakeUPlot.instances[1];

    await u.click(signInsCard.getByRole('button', { name: 'Show table of sign-ins' }));
    const table = signInsCard.getByRole('table');
    expect(
      within(table).getByText(
        'Only the hours with a sign-in or a failed sign-in are listed, oldest first.',
      ),
    ).toBeTruthy();
    expect(tableRows(table)).toEqual([
      ['Hour', 'Signed in', 'Failed'],
      [hour(10), '3', '2'],
      [`${hour(167)} (so far)`, '1', '0'],
    ]);
    // The chart is gone (and its plot destroyed); the toggle now offers it back.
    expect(signInsCard.queryByRole('img')).toBeNull();
    expect(plot?.destroyed).toBe(true);
    await u.click(signInsCard.getByRole('button', { name: 'Show chart of sign-ins' }));
    expect(signInsCard.getByRole('img')).toBeTruthy();
    expect(signInsCard.queryByRole('table')).toBeNull();
    expect(FakeUPlot.instances).toHaveLength(7);
  });

  it('lists the minutes with errors or warnings, the days that changed, and the MRR moves', async () => {
    server();
    const u = userEvent.setup();
    renderAt('/admin');
    const logs = within(await card('Errors and warnings'));
    await u.click(logs.getByRole('button', { name: 'Show table of errors and warnings' }));
    expect(tableRows(logs.getByRole('table'))).toEqual([
      ['Minute', 'Errors', 'Warnings'],
      [minute(100), '2', '0'],
      [minute(300), '0', '1'],
      [`${minute(1439)} (so far)`, '1', '0'],
    ]);

    const signUps = within(await card('Registrations'));
    await u.click(signUps.getByRole('button', { name: 'Show table of new accounts' }));
    expect(tableRows(signUps.getByRole('table'))).toEqual([
      ['Day (UTC)', 'Users', 'Admins', 'Supergods'],
      [day(0), '1', '0', '0'],
      [`${day(89)} (so far)`, '2', '1', '0'],
    ]);

    const planCard = within(await card('Plan distribution'));
    await u.click(planCard.getByRole('button', { name: 'Show table of accounts per plan' }));
    expect(tableRows(planCard.getByRole('table'))).toEqual([
      ['Day (UTC)', 'Free', 'Pro'],
      [day(0), '5', '0'],
      [day(50), '6', '0'],
      [day(80), '6', '1'],
      [`${day(89)} (so far)`, '6', '1'],
    ]);

    const revenueCard = within(await card('Revenue'));
    await u.click(revenueCard.getByRole('button', { name: 'Show table of MRR per day' }));
    await u.click(revenueCard.getByRole('button', { name: 'Show table of MRR movements' }));
    const [mrr, moves] = revenueCard.getAllByRole('table') as [HTMLElement, HTMLElement];
    expect(tableRows(mrr)).toEqual([
      ['Day (UTC)', 'MRR'],
      [day(0), '$0.00'],
      [day(80), '$29.00'],
      [day(85), '$38.00'],
      [day(88), '$29.00'],
      [`${day(89)} (so far)`, '$29.00'],
    ]);
    expect(tableRows(moves)).toEqual([
      ['Day (UTC)', 'New', 'Expansion', 'Contraction', 'Churned'],
      [day(80), '$29.00', '$0.00', '$0.00', '$0.00'],
      [day(85), '$9.00', '$0.00', '$0.00', '$0.00'],
      [day(88), '$0.00', '$0.00', '$0.00', '$9.00'],
    ]);
  });

  it('says when there is nothing to draw', async () => {
    server({
      'GET /api/admin/trends/log-levels': answer(zeros.logLevels),
      'GET /api/admin/trends/registrations': answer(zeros.registrations),
      'GET /api/admin/trends/revenue': answer(zeros.revenue),
    });
    renderAt('/admin');
    const logs = within(await card('Errors and warnings'));
    expect(await logs.findByText('No errors or warnings in the last 24 hours.')).toBeTruthy();
    expect(logs.queryByRole('figure')).toBeNull();
    const signUps = within(await card('Registrations'));
    expect(await signUps.findByText('No new accounts in the last 90 days.')).toBeTruthy();
    const revenueCard = within(await card('Revenue'));
    expect(await revenueCard.findByText('No recurring revenue in the last 90 days.')).toBeTruthy();
    expect(revenueCard.getByText('MRR did not move in the last 90 days.')).toBeTruthy();
    expect(revenueCard.getByText('$0.00')).toBeTruthy();
    // The others still draw.
    expect(await within(await card('Sign-ins')).findByRole('figure')).toBeTruthy();
  });

  it('shows why a chart could not be read, and the others still draw', async () => {
    server({
      'GET /api/admin/trends/sign-ins': () => ({ status: 503, body: { message: 'down' } }),
      'GET /api/admin/trends/plans': () => ({ status: 403, body: { message: 'Admins only' } }),
    });
    renderAt('/admin');
    const signInsCard = within(await card('Sign-ins'));
    expect(
      (await signInsCard.findByRole('alert')).textContent,
      'a 5xx reads as our sentence, never the server’s',
    ).toBe('Could not load the sign-ins: Omega could not answer just now. Try again in a moment.');
    const planCard = within(await card('Plan distribution'));
    expect((await planCard.findByRole('alert')).textContent).toBe(
      'Could not load the plan distribution: Admins only',
    );
    expect(await within(await card('Revenue')).findAllByRole('figure')).toHaveLength(2);
  });

  it('shows a skeleton while loading, and the table alone where nothing can be drawn', async () => {
    const { rerender } = render(<SignInsChart read={{}} />);
    expect(screen.getByText('Loading the sign-ins…')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();

    FakeUPlot.failNext = true;
    rerender(<SignInsChart read={{ data: signIns }} />);
    expect(
      await screen.findByText('This browser cannot draw the chart: here are its figures.'),
    ).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
  });

  it('destroys every plot when the page goes', async () => {
    server();
    const { unmount } = renderAt('/admin');
    await waitFor(() => expect(FakeUPlot.instances).toHaveLength(6));
    unmount();
    expect(FakeUPlot.instances.every((p) => p.destroyed)).toBe(true);
  });
});
