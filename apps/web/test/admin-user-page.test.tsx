// /admin/users/:id against a fake server: the sections with their headings and figures, the
// empty and not-found states, ending a session, supergod-only actions, 'View as user', the
// username links from the admin tables, and the red view-as banner with its 'End view'.
import { accountMessages, CONFIRMATION_PHRASE } from '@omega/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { minutesLeft } from '../src/app/shell/impersonation-banner.js';
import { currentSubscription, fakeAdminServer, signedInShell, user } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const page = (over: Record<string, unknown> = {}) => ({
  user: {
    id: 7,
    username: 'ann',
    email: 'ann@example.com',
    role: 'user',
    disabled: false,
    createdAt: '2026-10-01T12:00:00.000Z',
    lastLogin: '2026-11-20T09:00:00.000Z',
  },
  sessions: [
    {
      handle: '0123456789abcdef',
      createdAt: '2026-11-20T09:00:00.000Z',
      lastSeenAt: '2026-11-20T09:05:00.000Z',
      expiresAt: '2026-11-20T09:35:00.000Z',
      viewingAs: null,
    },
  ],
  subscription: currentSubscription({
    planId: 'pro',
    planName: 'Pro',
    scheduledChange: { planId: 'starter', interval: 'month' },
  }),

  invoices: [
    {
      id: 4,
      created: '2026-12-01T12:00:00.000Z',
      description: 'Pro (monthly)',
      amount: 2900,
      status: 'failed',
      attempts: 2,
      failureMessage: 'Your card was declined',
      nextAttemptAt: '2026-12-04T12:00:00.000Z',
    },
    {
      id: 3,
      created: '2026-11-01T12:00:00.000Z',
      description: 'Pro (monthly)',
      amount: 2900,
      status: 'paid',
      attempts: 1,
      failureMessage: null,
      nextAttemptAt: null,
    },
  ],
  paymentMethod: { brand: 'visa', last4: '0002', expMonth: 3, expYear: 2031 },
  overrides: [
    {
      featureId: 4,
      featureName: 'Spending analytics',
      enabled: false,
      reason: 'Fraud review',
      setBy: { id: 1, username: 'boss' },
      setAt: '2026-11-20T09:00:00.000Z',
      expiresAt: null,
    },
  ],
  wallets: [
    {
      phone: '+27821234567',
      createdAt: '2026-11-02T12:00:00.000Z',
      lockedUntil: null,
      balances: { USD: '370.00', BTC: '0.0061' },
      transactions: [
        {
          id: 'buy-once-123',
          type: 'Purchase',
          coin: 'BTC',
          amount: '130',
          destination: 'wallet',
          timestamp: '2026-11-03T12:00:00.000Z',
          status: 'success',
          reference: 'OPABC234',
          received: '0.002',
          message: null,
        },
      ],
    },
  ],
  activity: [
    {
      id: 9,
      userId: 7,
      action: 'login',
      timestamp: '2026-11-20T09:00:00.000Z',
      details: 'ann signed in',
    },
  ],
  systemLogs: {
    linked: true,
    entries: [
      {
        id: 5,
        level: 'WARNING',
        source: 'subscriptions',
        message: 'card declined',
        timestamp: '2026-11-20T09:01:00.000Z',
      },
    ],
  },
  can: { revokeSessions: true, viewAs: true, changeRole: false, disable: false },
  ...over,
});

const base = {
  ...signedInShell('admin'),
  'GET /api/messages': () => ({ body: [] }),
};

describe('the user page', () => {
  it('shows every section under its heading with the figures', async () => {
    fakeAdminServer({ ...base, 'GET /api/admin/users/7': () => ({ body: page() }) });
    renderAt('/admin/users/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'ann' })).toBeTruthy();
    for (const name of [
      'Account',
      'Active sessions',
      'Subscription',
      'Feature overrides',
      'Keypad wallet',
      'Activity',
      "System log of this user's requests",
    ]) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    const subscription = screen.getByRole('region', { name: 'Subscription' });
    expect(within(subscription).getByText('Pro (monthly)', { selector: 'dd' })).toBeTruthy();
    expect(within(subscription).getByText(/To starter \(month\) at the period end/)).toBeTruthy();
    expect(within(subscription).getAllByRole('cell', { name: '$29.00' })).toHaveLength(2);
    // The saved card (brand and last 4 only) and each invoice's charge attempts.
    expect(within(subscription).getByText('Visa ending in 0002')).toBeTruthy();
    expect(within(subscription).getByText('Expires 03/2031')).toBeTruthy();
    const invoices = within(subscription).getByRole('table', { name: 'Invoices' });
    const rows = within(invoices)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(3)
          .map((c) => c.textContent),
      );
    expect(rows[0]?.slice(0, 2)).toEqual(['failed', '2']);
    expect(rows[0]?.[2]).toMatch(/^Your card was declined \(next try .+\)$/);
    expect(rows[1]).toEqual(['paid', '1', '—']);
    const overrides = screen.getByRole('region', { name: 'Feature overrides' });
    expect(within(overrides).getByRole('cell', { name: 'Fraud review' })).toBeTruthy();
    expect(within(overrides).getByRole('cell', { name: 'Until changed' })).toBeTruthy();
    const wallet = screen.getByRole('region', { name: 'Keypad wallet' });
    expect(within(wallet).getByText('370.00 USD, 0.0061 BTC')).toBeTruthy();
    expect(within(wallet).getByRole('cell', { name: 'OPABC234' })).toBeTruthy();
    const logs = screen.getByRole('region', { name: "System log of this user's requests" });
    expect(within(logs).getByRole('cell', { name: 'card declined' })).toBeTruthy();
    // Role changes are the supergod's: an admin sees no such buttons.
    expect(screen.queryByRole('button', { name: 'Change role' })).toBeNull();
  });

  it('shows what a past-due subscription owes, its attempts and the next try', async () => {
    fakeAdminServer({
      ...base,
      'GET /api/admin/users/7': () => ({
        body: page({
          subscription: currentSubscription({
            status: 'past_due',
            pastDue: {
              invoiceId: 4,
              amountDue: 2900,
              attempts: 2,
              failureMessage: 'Your card was declined',
              nextRetryAt: '2026-12-04T12:00:00.000Z',
              graceEndsAt: '2026-12-08T12:00:00.000Z',
            },
          }),
        }),
      }),
    });
    renderAt('/admin/users/7');
    const subscription = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(subscription).getByText('past due', { selector: 'dd' })).toBeTruthy();
    const owed = within(subscription).getByText('Past due').nextElementSibling;
    expect(owed?.textContent).toMatch(
      /^\$29\.00 unpaid after 2 attempts; next try .+; moves to Free at .+$/,
    );
  });

  it('says so when a list is empty, and when logs cannot be linked', async () => {
    fakeAdminServer({
      ...base,
      'GET /api/admin/users/7': () => ({
        body: page({
          sessions: [],
          subscription: null,
          invoices: [],
          paymentMethod: null,
          overrides: [],
          wallets: [],
          activity: [],
          systemLogs: { linked: false, entries: [] },
        }),
      }),
    });
    renderAt('/admin/users/7');
    expect(await screen.findByText(/ann is signed out everywhere/)).toBeTruthy();
    expect(screen.getByText(/on the Free plan until it first opens one/)).toBeTruthy();
    expect(screen.getByText('No invoices.')).toBeTruthy();
    expect(screen.getByText('No card saved.')).toBeTruthy();
    expect(screen.getByText(/No feature overrides/)).toBeTruthy();
    expect(screen.getByText('No keypad wallet is linked to this account.')).toBeTruthy();
    expect(screen.getByText('No activity yet.')).toBeTruthy();
    expect(screen.getByText(/carry no request id yet/)).toBeTruthy();
  });

  it('shows not found for an unknown id and for an address that is no id', async () => {
    fakeAdminServer({
      ...base,
      'GET /api/admin/users/99': () => ({ status: 404, body: { message: 'No user with id 99.' } }),
    });
    const view = renderAt('/admin/users/99');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    view.unmount();
    renderAt('/admin/users/abc');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
  });

  it('ends a session after confirming, and refreshes the page', async () => {
    let sessions = page().sessions;
    const server = fakeAdminServer({
      ...base,
      'GET /api/admin/users/7': () => ({ body: page({ sessions }) }),
      'DELETE /api/admin/users/7/sessions/0123456789abcdef': () => {
        sessions = [];
        return { body: { ok: true, message: 'Session 0123456789abcdef of ann has ended.' } };
      },
    });
    renderAt('/admin/users/7');
    await userEvent.click(
      await screen.findByRole('button', { name: 'End session 0123456789abcdef' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'End session' }));
    const none = await screen.findByText(/ann is signed out everywhere/);
    await waitFor(() => expect(document.activeElement).toBe(none));
    expect(server.to('DELETE /api/admin/users/7/sessions/0123456789abcdef')).toHaveLength(1);
  });

  it('offers a supergod the role and disable actions', async () => {
    fakeAdminServer({
      ...base,
      'GET /api/user': user('supergod'),
      'GET /api/admin/users/7': () => ({
        body: page({
          can: { revokeSessions: true, viewAs: true, changeRole: true, disable: true },
        }),
      }),
    });
    renderAt('/admin/users/7');
    expect(await screen.findByRole('button', { name: 'Change role' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disable account' })).toBeTruthy();
  });

  it('asks a supergod whose sign-in is old to sign in again before changing a role', async () => {
    let signedInAgain = false;
    const server = fakeAdminServer({
      ...base,
      'GET /api/user': user('supergod'),
      'GET /api/admin/users/7': () => ({
        body: page({
          can: { revokeSessions: true, viewAs: true, changeRole: true, disable: true },
        }),
      }),
      'GET /api/account/2fa': () => ({
        body: { enabled: false, pending: false, recoveryCodesLeft: 0 },
      }),
      'GET /api/account/passkeys': () => ({ body: [] }),
      'POST /api/account/sign-in-again': () => {
        signedInAgain = true;
        return { body: { ok: true, message: accountMessages.signedInAgain } };
      },
      'POST /api/supergod/execute': (req) =>
        signedInAgain
          ? {
              body: {
                command: JSON.parse(req.body ?? '{}').command,
                output: 'ann is now admin (was user).',
                executedAt: '2026-11-01T12:00:05.000Z',
              },
            }
          : { status: 403, body: { message: accountMessages.recentSignInRequired } },
    });
    renderAt('/admin/users/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Change role' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.type(within(confirm).getByLabelText('Confirmation Code'), CONFIRMATION_PHRASE);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Run' }));
    const again = await screen.findByRole('dialog', { name: 'Sign in again' });
    await userEvent.type(within(again).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(again).getByRole('button', { name: 'Sign in and go on' }));
    expect(await screen.findByText('ann is now admin (was user).')).toBeTruthy();
    expect(server.to('POST /api/supergod/execute')).toHaveLength(2);
  });

  it('starts the view as the user and goes to their subscription page', async () => {
    let viewing = false;
    const server = fakeAdminServer({
      ...base,
      'GET /api/user': () =>
        viewing
          ? {
              body: {
                id: 7,
                username: 'ann',
                email: null,
                role: 'user',
                createdAt: '2026-10-01T12:00:00.000Z',
                lastLogin: null,
                impersonating: {
                  by: { id: 1, username: 'admin-1' },
                  startedAt: new Date().toISOString(),
                  endsAt: new Date(Date.now() + 15 * 60_000).toISOString(),
                },
              },
            }
          : user('admin')({} as never),
      'GET /api/admin/users/7': () => ({ body: page() }),
      'POST /api/admin/users/7/view-as': () => {
        viewing = true;
        return {
          body: {
            ok: true,
            message: 'Viewing as ann (read-only) for 15 minutes at most.',
            user: { id: 7, username: 'ann' },
            endsAt: new Date(Date.now() + 15 * 60_000).toISOString(),
          },
        };
      },
      'POST /api/view-as/end': () => {
        viewing = false;
        return {
          body: {
            ok: true,
            message: 'The view as ann has ended.',
            viewed: { id: 7, username: 'ann' },
          },
        };
      },
    });
    const { location } = renderAt('/admin/users/7');
    await userEvent.click(await screen.findByRole('button', { name: 'View as user' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'View as user' }));
    const banner = await screen.findByRole('region', { name: 'Viewing as ann' });
    expect(within(banner).getByRole('status').textContent).toBe(
      'Viewing as ann (read-only) — 15 min left',
    );
    await waitFor(() => expect(location.pathname).toBe('/subscription'));

    await userEvent.click(within(banner).getByRole('button', { name: 'End view' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Viewing as ann' })).toBeNull(),
    );
    expect(server.to('POST /api/view-as/end')).toHaveLength(1);
    await waitFor(() => expect(location.pathname).toBe('/admin/users/7'));
  });
});

describe('links to the user page', () => {
  it('links the activity log user ids on /admin', async () => {
    fakeAdminServer({
      ...base,
      'GET /api/health/detailed': () => ({ status: 503, body: { message: 'down' } }),
      'GET /api/admin/activity-logs': () => ({
        body: [
          {
            id: 1,
            userId: 7,
            action: 'login',
            timestamp: '2026-11-20T09:00:00.000Z',
            details: 'x',
          },
        ],
      }),
    });
    renderAt('/admin');
    const link = await screen.findByRole('link', { name: '7' });
    expect(link.getAttribute('href')).toBe('/admin/users/7');
  });
});

describe('the view-as banner', () => {
  it('counts whole minutes left, rounding up, and never below zero', () => {
    const now = Date.parse('2026-11-20T09:00:00.000Z');
    expect(minutesLeft('2026-11-20T09:15:00.000Z', now)).toBe(15);
    expect(minutesLeft('2026-11-20T09:00:01.000Z', now)).toBe(1);
    expect(minutesLeft('2026-11-20T08:59:00.000Z', now)).toBe(0);
  });
});
