// The feature manager (/admin/subscription-manager) against a fake server: the bulk update's
// disabled rule and its call, the per-user plan select, search and paging of the user table,
// matrix toggles and the add-feature form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AdminRoute, fakeAdminServer, signedInShell } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const plans = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    annualPrice: null,
    trialDays: null,
    isPopular: false,
    perks: [],
    features: [],
    annualSavingPercent: null,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 1900,
    annualPrice: null,
    trialDays: null,
    isPopular: true,
    perks: [],
    features: [],
    annualSavingPercent: null,
  },
];
const features = [
  {
    id: 1,
    name: 'Reports',
    category: 'Analytics',
    description: 'Monthly reports',
    requiredPlan: 'Pro',
  },
  { id: 2, name: 'Export', category: 'Data', description: '', requiredPlan: null },
];
const assignments = [{ planId: 'pro', featureId: 1, enabled: true }];
const line = (userId: number, username: string) => ({
  userId,
  username,
  fromPlanId: 'free',
  toPlanId: 'pro',
  chargedNow: 0,
  credited: 0,
  wouldHaveCharged: 1900,
  complimentary: true,
  nextCharge: null,
});
const dryRun = {
  planId: 'pro',
  planName: 'Pro',
  moves: [{ fromPlanId: 'free', toPlanId: 'pro', count: 2 }],
  users: [line(1, 'alice'), line(2, 'user02')],
  totals: { users: 2, chargedNow: 0, credited: 0, wouldHaveCharged: 3800 },
  token: 'tok-1',
};
const allUsers = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  username: i === 0 ? 'alice' : `user${String(i + 1).padStart(2, '0')}`,
  role: 'user',
  subscription: { planId: 'free', status: 'active' },
}));

/** The lead's users API: search, offset, limit and the X-Total-Count header. */
const usersApi: AdminRoute = ({ url }) => {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const matching = allUsers.filter((u) => u.username.includes(search));
  return {
    body: matching.slice(offset, offset + limit),
    headers: { 'X-Total-Count': String(matching.length) },
  };
};

function server(extra: Record<string, AdminRoute> = {}) {
  return fakeAdminServer({
    ...signedInShell('admin'),
    'GET /api/subscription/plans': () => ({ body: plans }),
    'GET /api/features': () => ({ body: features }),
    'GET /api/features/assignments': () => ({ body: assignments }),
    'GET /api/users/with-subscriptions': usersApi,
    ...extra,
  });
}

async function openTab(name: string) {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('tab', { name }));
  return u;
}

async function choose(u: ReturnType<typeof userEvent.setup>, selectName: string, option: string) {
  await u.click(screen.getByRole('combobox', { name: selectName }));
  await u.click(await screen.findByRole('option', { name: option }));
}

describe('subscription manager', () => {
  it('keeps Update disabled until a plan and a user are chosen, then bulk-updates them', async () => {
    const fake = server({
      'POST /api/subscription/bulk-override/preview': () => ({ body: dryRun }),
      'POST /api/subscription/bulk-override': () => ({ body: { ok: true, message: 'Updated' } }),
    });
    renderAt('/admin/subscription-manager');
    const u = await openTab('User Subscriptions');
    await screen.findByText('alice');
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);

    await choose(u, 'Plan for selected users', 'Pro');
    expect(update.disabled).toBe(true);

    await u.click(screen.getByRole('checkbox', { name: 'Select alice' }));
    expect(update.disabled).toBe(false);
    await u.click(screen.getByRole('checkbox', { name: 'Select alice' }));
    expect(update.disabled).toBe(true);

    await u.click(screen.getByRole('checkbox', { name: 'Select alice' }));
    await u.click(screen.getByRole('checkbox', { name: 'Select user02' }));
    await u.click(update);
    // The dry run comes first: nothing is applied until Apply in the confirmation step.
    const dialog = await screen.findByRole('dialog', { name: 'Review the plan change' });
    await within(dialog).findByRole('rowheader', { name: 'alice' });
    expect(fake.to('POST /api/subscription/bulk-override')).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Subscriptions updated')).toBeDefined();
    const [call] = fake.to('POST /api/subscription/bulk-override');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      userIds: [1, 2],
      planId: 'pro',
      previewToken: 'tok-1',
    });
    // The selection is spent: the button is disabled again.
    await waitFor(() => expect(update.disabled).toBe(true));
  });

  it("shows the spec's toast when the bulk update fails", async () => {
    server({
      'POST /api/subscription/bulk-override/preview': () => ({ body: dryRun }),
      'POST /api/subscription/bulk-override': () => ({
        status: 404,
        body: { message: 'Unknown plan' },
      }),
    });
    renderAt('/admin/subscription-manager');
    const u = await openTab('User Subscriptions');
    await screen.findByText('alice');
    await choose(u, 'Plan for selected users', 'Pro');
    await u.click(screen.getByRole('checkbox', { name: 'Select alice' }));
    await u.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the plan change' });
    await u.click(await within(dialog).findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Failed to update subscriptions')).toBeDefined();
    expect(screen.getByText('Unknown plan')).toBeDefined();
  });

  it("sets one user's plan from the row's select", async () => {
    const fake = server({
      'POST /api/subscription/override': () => ({ body: { ok: true, message: 'Updated' } }),
    });
    renderAt('/admin/subscription-manager');
    const u = await openTab('User Subscriptions');
    await screen.findByText('alice');
    await choose(u, 'Plan for alice', 'Pro');
    expect(await screen.findByText('Subscription updated')).toBeDefined();
    expect(JSON.parse(fake.to('POST /api/subscription/override')[0]?.body ?? '')).toEqual({
      userId: 1,
      planId: 'pro',
    });
  });

  it('pages through the users with offset and limit, and searches by name', async () => {
    const fake = server();
    renderAt('/admin/subscription-manager');
    const u = await openTab('User Subscriptions');
    expect(await screen.findByText('1–25 of 30')).toBeDefined();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–30 of 30')).toBeDefined();
    expect(screen.getByText('user30')).toBeDefined();
    expect(screen.queryByText('alice')).toBeNull();
    expect(
      fake.to('GET /api/users/with-subscriptions').at(-1)?.url.searchParams.get('offset'),
    ).toBe('25');

    await u.type(screen.getByLabelText('Search users'), 'ALI');
    // The search is debounced: on a slow machine a request may go out before the last key.
    await waitFor(() =>
      expect(
        fake.to('GET /api/users/with-subscriptions').at(-1)?.url.searchParams.get('search'),
      ).toBe('ALI'),
    );
    expect(await screen.findByText('1–1 of 1')).toBeDefined();
    expect(screen.getByText('alice')).toBeDefined();
    const last = fake.to('GET /api/users/with-subscriptions').at(-1);
    expect(last?.url.searchParams.get('offset')).toBe('0');
  });

  it('toggles a feature in a plan from the matrix', async () => {
    const fake = server({
      'PATCH /api/features/toggle': () => ({
        body: { planId: 'free', featureId: 1, enabled: true },
      }),
    });
    const u = userEvent.setup();
    renderAt('/admin/subscription-manager');
    const cell = await screen.findByRole('switch', { name: 'Reports in Free' });
    expect(cell.getAttribute('aria-checked')).toBe('false');
    expect(
      screen.getByRole('switch', { name: 'Reports in Pro' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByRole('columnheader', { name: 'Analytics' })).toBeDefined();
    await u.click(cell);
    expect(await screen.findByText('Feature updated')).toBeDefined();
    expect(JSON.parse(fake.to('PATCH /api/features/toggle')[0]?.body ?? '')).toEqual({
      planId: 'free',
      featureId: 1,
      enabled: true,
    });
  });

  it('turns a feature on for one user in Feature Overrides', async () => {
    const fake = server({
      'GET /api/features/admin/user-features': () => ({ body: [2] }),
      'GET /api/features/admin/user-overrides': () => ({ body: [] }),
      'POST /api/features/admin/override': () => ({ status: 500, body: { message: 'boom' } }),
    });
    renderAt('/admin/subscription-manager');
    const u = await openTab('Feature Overrides');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'User' }).hasAttribute('disabled')).toBe(false),
    );
    await choose(u, 'User', 'alice');
    const list = await screen.findByRole('list', { name: 'Features of alice' });
    expect(
      within(list)
        .getByRole('switch', { name: /Export/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await u.click(within(list).getByRole('switch', { name: /Reports/ }));
    await u.type(screen.getByRole('textbox', { name: 'Reason' }), 'Support case 7');
    await u.click(screen.getByRole('button', { name: 'Save override' }));
    expect(await screen.findByText('Failed to override feature')).toBeDefined();
    expect(
      fake.to('GET /api/features/admin/user-features')[0]?.url.searchParams.get('userId'),
    ).toBe('1');
    expect(JSON.parse(fake.to('POST /api/features/admin/override')[0]?.body ?? '')).toEqual({
      userId: 1,
      featureId: 1,
      enabled: true,
      reason: 'Support case 7',
    });
  });

  it('requires a name and a category before adding a feature', async () => {
    const fake = server({
      'POST /api/features': () => ({
        body: { id: 3, name: 'Alerts', category: 'Analytics', description: '', requiredPlan: null },
      }),
    });
    renderAt('/admin/subscription-manager');
    const u = await openTab('Add New Feature');
    await u.click(screen.getByRole('button', { name: 'Add Feature' }));
    expect(screen.getByText('Name is required')).toBeDefined();
    expect(screen.getByText('Category is required')).toBeDefined();
    expect(fake.to('POST /api/features')).toEqual([]);

    await u.type(screen.getByLabelText('Name'), '  Alerts ');
    await u.type(screen.getByLabelText('Category'), 'Analytics');
    await u.click(screen.getByRole('button', { name: 'Add Feature' }));
    expect(await screen.findByText('Feature added')).toBeDefined();
    expect(JSON.parse(fake.to('POST /api/features')[0]?.body ?? '')).toEqual({
      name: 'Alerts',
      category: 'Analytics',
      description: '',
    });
  });
});
