// Safer admin changes in the Subscription Manager (issue 19): a feature override asks why and
// until when, and shows who set it; a bulk plan change is reviewed in a dry run before Apply.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AdminRoute, fakeAdminServer, signedInShell } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const plan = (id: string, name: string, price: number) => ({
  id,
  name,
  price,
  annualPrice: null,
  trialDays: null,
  isPopular: false,
  perks: [],
  features: [],
  annualSavingPercent: null,
});
const plans = [plan('free', 'Free', 0), plan('starter', 'Starter', 900), plan('pro', 'Pro', 2900)];
const features = [
  { id: 1, name: 'Reports', category: 'Analytics', description: '', requiredPlan: 'Pro' },
  { id: 2, name: 'Export', category: 'Data', description: '', requiredPlan: 'Pro' },
];
const users = [
  { id: 1, username: 'alice', role: 'user', subscription: { planId: 'free', status: 'active' } },
  { id: 2, username: 'bob', role: 'user', subscription: { planId: 'starter', status: 'active' } },
];

function server(extra: Record<string, AdminRoute>) {
  return fakeAdminServer({
    ...signedInShell('admin'),
    'GET /api/subscription/plans': () => ({ body: plans }),
    'GET /api/features': () => ({ body: features }),
    'GET /api/features/assignments': () => ({ body: [] }),
    'GET /api/users/with-subscriptions': () => ({
      body: users,
      headers: { 'X-Total-Count': String(users.length) },
    }),
    'GET /api/features/admin/user-features': () => ({ body: [2] }),
    ...extra,
  });
}

async function openTab(name: string) {
  const u = userEvent.setup();
  renderAt('/admin/subscription-manager');
  await u.click(await screen.findByRole('tab', { name }));
  return u;
}

async function chooseAlice(u: ReturnType<typeof userEvent.setup>) {
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'User' }).hasAttribute('disabled')).toBe(false),
  );
  await u.click(screen.getByRole('combobox', { name: 'User' }));
  await u.click(await screen.findByRole('option', { name: 'alice' }));
  return screen.findByRole('list', { name: 'Features of alice' });
}

/** A datetime-local value (the viewer's local time) `ms` from now, to the minute. */
function localInput(ms: number) {
  const d = new Date(Date.now() + ms);
  d.setSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const value = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return { value, iso: d.toISOString() };
}

describe('feature overrides', () => {
  it('asks for a reason before setting an override, with a clear error', async () => {
    const fake = server({
      'GET /api/features/admin/user-overrides': () => ({ body: [] }),
      'POST /api/features/admin/override': () => ({ body: { ok: true, message: 'ok' } }),
    });
    const u = await openTab('Feature Overrides');
    const list = await chooseAlice(u);
    await u.click(within(list).getByRole('switch', { name: /Reports/ }));
    const form = screen.getByRole('form', { name: 'Turn Reports on for alice' });
    const reason = within(form).getByRole('textbox', { name: 'Reason' });
    // Focus moved to the question the switch press raised.
    expect(document.activeElement).toBe(reason);
    await u.type(reason, '   ');
    await u.click(within(form).getByRole('button', { name: 'Save override' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Enter a reason: say why this override is set',
    );
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(fake.to('POST /api/features/admin/override')).toEqual([]);

    await u.type(reason, 'Beta tester');
    await u.click(within(form).getByRole('button', { name: 'Save override' }));
    expect(await screen.findByText('Override updated')).toBeDefined();
    expect(JSON.parse(fake.to('POST /api/features/admin/override')[0]?.body ?? '')).toEqual({
      userId: 1,
      featureId: 1,
      enabled: true,
      reason: 'Beta tester',
    });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });

  it('sends an optional expiry as an instant and refuses one in the past', async () => {
    const fake = server({
      'GET /api/features/admin/user-overrides': () => ({ body: [] }),
      'POST /api/features/admin/override': () => ({ body: { ok: true, message: 'ok' } }),
    });
    const u = await openTab('Feature Overrides');
    const list = await chooseAlice(u);
    // Export is on for alice: switching it turns it off.
    await u.click(within(list).getByRole('switch', { name: /Export/ }));
    const form = screen.getByRole('form', { name: 'Turn Export off for alice' });
    await u.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Abuse report 12');
    const expiry = within(form).getByLabelText('Expires (optional)');
    await u.type(expiry, localInput(-3_600_000).value);
    await u.click(within(form).getByRole('button', { name: 'Save override' }));
    expect(within(form).getByRole('alert').textContent).toBe('The expiry must be in the future');
    expect(fake.to('POST /api/features/admin/override')).toEqual([]);

    const later = localInput(2 * 86_400_000);
    await u.clear(expiry);
    await u.type(expiry, later.value);
    await u.click(within(form).getByRole('button', { name: 'Save override' }));
    await waitFor(() => expect(fake.to('POST /api/features/admin/override')).toHaveLength(1));
    expect(JSON.parse(fake.to('POST /api/features/admin/override')[0]?.body ?? '')).toEqual({
      userId: 1,
      featureId: 2,
      enabled: false,
      reason: 'Abuse report 12',
      expiresAt: later.iso,
    });
  });

  it('closes the form on Escape without setting anything', async () => {
    const fake = server({ 'GET /api/features/admin/user-overrides': () => ({ body: [] }) });
    const u = await openTab('Feature Overrides');
    const list = await chooseAlice(u);
    await u.click(within(list).getByRole('switch', { name: /Reports/ }));
    expect(screen.getByRole('form', { name: 'Turn Reports on for alice' })).toBeDefined();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(fake.to('POST /api/features/admin/override')).toEqual([]);
  });

  it('shows who set each override, why and until when', async () => {
    server({
      'GET /api/features/admin/user-overrides': () => ({
        body: [
          {
            featureId: 2,
            enabled: true,
            reason: 'Pilot customer',
            setBy: { id: 9, username: 'boss' },
            setAt: '2026-11-01T12:00:00.000Z',
            expiresAt: '2026-12-01T12:00:00.000Z',
          },
          {
            featureId: 1,
            enabled: false,
            reason: 'Set before reasons were recorded',
            setBy: null,
            setAt: '2026-10-01T12:00:00.000Z',
            expiresAt: null,
          },
        ],
      }),
    });
    const u = await openTab('Feature Overrides');
    const list = await chooseAlice(u);
    const [reports, exported] = within(list).getAllByRole('listitem');
    expect(exported?.textContent).toMatch(
      /Override on, set by boss on .*“Pilot customer”\. Until /,
    );
    expect(exported?.textContent).toContain(
      new Date('2026-12-01T12:00:00.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
    expect(reports?.textContent).toMatch(
      /Override off, set by an unknown administrator .*“Set before reasons were recorded”\. No expiry\./,
    );
  });

  it("says 'no reason given' for an override set with the spec's call, which sends none", async () => {
    server({
      'GET /api/features/admin/user-overrides': () => ({
        body: [
          {
            featureId: 2,
            enabled: true,
            reason: null,
            setBy: { id: 9, username: 'boss' },
            setAt: '2026-11-01T12:00:00.000Z',
            expiresAt: null,
          },
        ],
      }),
    });
    const u = await openTab('Feature Overrides');
    const list = await chooseAlice(u);
    const [, exported] = within(list).getAllByRole('listitem');
    expect(exported?.textContent).toMatch(
      /Override on, set by boss on .*: no reason given\. No expiry\./,
    );
  });
});

const line = (userId: number, username: string, fromPlanId: string, wouldHaveCharged: number) => ({
  userId,
  username,
  fromPlanId,
  toPlanId: 'pro',
  chargedNow: 0,
  credited: 0,
  wouldHaveCharged,
  complimentary: true,
  nextCharge: null,
});
const dryRun = {
  planId: 'pro',
  planName: 'Pro',
  moves: [
    { fromPlanId: 'free', toPlanId: 'pro', count: 1 },
    { fromPlanId: 'starter', toPlanId: 'pro', count: 1 },
  ],
  users: [line(1, 'alice', 'free', 2900), line(2, 'bob', 'starter', 1250)],
  totals: { users: 2, chargedNow: 0, credited: 0, wouldHaveCharged: 4150 },
  token: 'tok-1',
};

async function reviewBoth(u: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('alice');
  await u.click(screen.getByRole('combobox', { name: 'Plan for selected users' }));
  await u.click(await screen.findByRole('option', { name: 'Pro' }));
  await u.click(screen.getByRole('checkbox', { name: 'Select every user on this page' }));
  await u.click(screen.getByRole('button', { name: 'Update' }));
  return screen.findByRole('dialog', { name: 'Review the plan change' });
}

describe('the bulk plan change dry run', () => {
  it('shows each user, from and to plan, charge and credit, and totals before Apply', async () => {
    const fake = server({
      'POST /api/subscription/bulk-override/preview': () => ({ body: dryRun }),
      'POST /api/subscription/bulk-override': () => ({ body: { ok: true, message: 'ok' } }),
    });
    const u = await openTab('User Subscriptions');
    const dialog = await reviewBoth(u);
    const bob = (await within(dialog).findByRole('rowheader', { name: 'bob' })).closest('tr');
    expect(
      within(bob as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Starter', 'Pro (complimentary)', '$0.00', '$0.00', '$12.50']);
    const total = within(dialog).getByRole('rowheader', { name: 'Total (2 users)' }).closest('tr');
    expect(
      within(total as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$0.00', '$0.00', '$41.50']);
    expect(
      within(dialog).getByText('1 user from Free to Pro; 1 user from Starter to Pro.'),
    ).toBeDefined();
    expect(
      JSON.parse(fake.to('POST /api/subscription/bulk-override/preview')[0]?.body ?? ''),
    ).toEqual({ userIds: [1, 2], planId: 'pro' });
    expect(fake.to('POST /api/subscription/bulk-override')).toEqual([]);

    await u.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Subscriptions updated')).toBeDefined();
    expect(JSON.parse(fake.to('POST /api/subscription/bulk-override')[0]?.body ?? '')).toEqual({
      userIds: [1, 2],
      planId: 'pro',
      previewToken: 'tok-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when nobody changes plan', async () => {
    server({
      'POST /api/subscription/bulk-override/preview': () => ({
        body: {
          ...dryRun,
          moves: [{ fromPlanId: 'pro', toPlanId: 'pro', count: 2 }],
          users: [line(1, 'alice', 'pro', 0), line(2, 'bob', 'pro', 0)],
          totals: { users: 2, chargedNow: 0, credited: 0, wouldHaveCharged: 0 },
        },
      }),
    });
    const u = await openTab('User Subscriptions');
    const dialog = await reviewBoth(u);
    expect(await within(dialog).findByText(/Nobody changes plan/)).toBeDefined();
  });

  it('shows a failed dry run with a way to try again, and cannot apply it', async () => {
    let answer: AdminRoute = () => ({ status: 404, body: { message: 'No user with id 2' } });
    const fake = server({
      'POST /api/subscription/bulk-override/preview': (req) => answer(req),
    });
    const u = await openTab('User Subscriptions');
    const dialog = await reviewBoth(u);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Could not work out the change: No user with id 2');
    expect(
      (within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    answer = () => ({ body: dryRun });
    await u.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('rowheader', { name: 'alice' })).toBeDefined();
    expect(fake.to('POST /api/subscription/bulk-override/preview')).toHaveLength(2);
  });

  it('closes on Escape without applying anything', async () => {
    const fake = server({
      'POST /api/subscription/bulk-override/preview': () => ({ body: dryRun }),
    });
    const u = await openTab('User Subscriptions');
    const dialog = await reviewBoth(u);
    await within(dialog).findByRole('rowheader', { name: 'alice' });
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.to('POST /api/subscription/bulk-override')).toEqual([]);
  });

  it('shows the change afresh when the apply is refused because someone changed', async () => {
    const fake = server({
      'POST /api/subscription/bulk-override/preview': () => ({ body: dryRun }),
      'POST /api/subscription/bulk-override': () => ({
        status: 409,
        body: { message: 'Some of these subscriptions changed since the dry run' },
      }),
    });
    const u = await openTab('User Subscriptions');
    const dialog = await reviewBoth(u);
    await u.click(await within(dialog).findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Failed to update subscriptions')).toBeDefined();
    await waitFor(() =>
      expect(fake.to('POST /api/subscription/bulk-override/preview')).toHaveLength(2),
    );
    expect(screen.getByRole('dialog', { name: 'Review the plan change' })).toBeDefined();
  });
});
