// The user's subscription screens against a fake server: the 'Feature Locked' dialog for a
// feature a plan unlocks and for one no plan includes yet, the status card of a plan the user
// pays for and of one an administrator assigned (complimentary), the plan comparison, the
// Monthly/Yearly tabs and their panels, keeping the current plan when a downgrade is scheduled,
// and confirming a plan chosen before signing up.
import type { CurrentSubscription, Feature, Plan } from '@omega/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type AdminRoute,
  currentSubscription,
  fakeAdminServer,
  signedInShell,
} from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const plan = (id: string, name: string, price: number, features: string[]): Plan => ({
  id,
  name,
  price,
  annualPrice: price * 10,
  trialDays: null,
  isPopular: false,
  perks: [],
  features,
  annualSavingPercent: 17,
});
const plans = [
  plan('free', 'Free', 0, ['Wallet balance']),
  plan('starter', 'Starter', 900, ['Wallet balance']),
  plan('pro', 'Pro', 2900, ['Wallet balance', 'Spending analytics']),
];

const features: Feature[] = [
  { id: 1, name: 'Wallet balance', category: 'Wallet', description: '', requiredPlan: 'Free' },
  { id: 2, name: 'Spending analytics', category: 'Insights', description: '', requiredPlan: 'Pro' },
  // Just added in the subscription manager: no plan includes it yet.
  { id: 3, name: 'Dark pool', category: 'Trading', description: 'New', requiredPlan: null },
];

const subscription = currentSubscription;

const preview = {
  kind: 'charge-now',
  lines: [],
  chargedNow: 1000,
  creditAfter: 0,
  effectiveAt: '2026-11-15T12:00:00.000Z',
  nextRenewalAt: '2026-12-01T12:00:00.000Z',
  nextRenewalAmount: 2900,
};

function server(sub: CurrentSubscription, extra: Record<string, AdminRoute> = {}) {
  return fakeAdminServer({
    ...signedInShell('user'),
    'GET /api/subscription/current': () => ({ body: sub }),
    'GET /api/subscription/plans': () => ({ body: plans }),
    'GET /api/features': () => ({ body: features }),
    'GET /api/features/user': () => ({ body: [1] }),
    'GET /api/features/assignments': () => ({ body: [] }),
    'GET /api/subscription/billing-history': () => ({ body: [] }),
    'GET /api/billing/config': () => ({ body: { provider: 'demo', publishableKey: null } }),
    'GET /api/billing/payment-method': () => ({ body: null }),
    'GET /api/subscription/override-info': () => ({
      body: { overriddenByAdmin: false, overrideDate: null, proRatedAmount: null },
    }),
    'POST /api/subscription/preview-change': () => ({ body: preview }),
    ...extra,
  });
}

describe('feature cards', () => {
  it('explains a feature no plan includes yet, with no upgrade to offer', async () => {
    const fake = server(subscription());
    const u = userEvent.setup();
    renderAt('/subscription/features');
    await u.click(await screen.findByRole('button', { name: /Dark pool/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Feature Locked')).toBeDefined();
    expect(
      within(dialog).getByText(
        'Dark pool is not on any plan yet, so no upgrade unlocks it for now.',
      ),
    ).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: 'Confirm change' })).toBeNull();
    expect(fake.to('POST /api/subscription/preview-change')).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the plan that unlocks a locked feature, with its cost', async () => {
    const fake = server(subscription());
    const u = userEvent.setup();
    renderAt('/subscription/features');
    await u.click(await screen.findByRole('button', { name: /Spending analytics/ }));
    // 'Feature Locked' names the dialog (spec); the change it offers comes under it.
    const dialog = await screen.findByRole('dialog', { name: 'Feature Locked' });
    expect(within(dialog).getByRole('heading', { name: 'Change to Pro' })).toBeDefined();
    expect(
      within(dialog).getByText('This feature requires the Pro plan. Upgrade to access.'),
    ).toBeDefined();
    expect(
      within(dialog).getByText(
        (_, el) =>
          el?.tagName === 'P' && el.textContent === 'Required plan: Pro · Current plan: Starter',
      ),
    ).toBeDefined();
    expect(await within(dialog).findByText('$10.00')).toBeDefined();
    const previews = fake.to('POST /api/subscription/preview-change');
    expect(previews.map((c) => JSON.parse(c.body ?? ''))).toEqual([
      { planId: 'pro', interval: 'month' },
    ]);
  });

  it('opens nothing for an available feature', async () => {
    server(subscription());
    const u = userEvent.setup();
    renderAt('/subscription/features');
    await u.click(await screen.findByRole('button', { name: /Wallet balance/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('subscription status', () => {
  it('shows the next charge of a plan the user pays for', async () => {
    server(subscription());
    renderAt('/subscription');
    expect(await screen.findByText('Next charge')).toBeDefined();
    expect(screen.getByText(/^\$9\.00 on /)).toBeDefined();
    expect(screen.queryByText(/Complimentary/)).toBeNull();
  });

  it('shows an admin-assigned plan as complimentary instead of a next charge', async () => {
    server(subscription({ planId: 'pro', planName: 'Pro', complimentary: true, nextCharge: null }));
    renderAt('/subscription');
    expect(await screen.findByText('Complimentary — assigned by an administrator')).toBeDefined();
    expect(screen.queryByText('Next charge')).toBeNull();
  });

  it('says a change scheduled before a cancellation applies only if the user resumes', async () => {
    server(
      subscription({
        planId: 'pro',
        planName: 'Pro',
        cancelAtPeriodEnd: true,
        scheduledChange: { planId: 'starter', interval: 'month' },
        nextCharge: null,
      }),
    );
    renderAt('/subscription');
    expect(await screen.findByText(/^To Starter on .+ if you resume$/)).toBeDefined();
  });

  it('resumes once for a double click on Resume', async () => {
    const cancelled = subscription({ cancelAtPeriodEnd: true });
    const fake = server(cancelled, {
      'POST /api/subscription/resume': () => ({
        body: { ...cancelled, cancelAtPeriodEnd: false },
      }),
    });
    renderAt('/subscription');
    const resume = await screen.findByRole('button', { name: 'Resume' });
    // Two clicks in one moment, before the first answer is back.
    fireEvent.click(resume);
    fireEvent.click(resume);
    expect(await screen.findByText('Subscription Resumed')).toBeDefined();
    expect(fake.to('POST /api/subscription/resume')).toHaveLength(1);
  });

  it('says a past-due subscription ends at once when cancelled, and that nothing more is charged', async () => {
    const pastDue = subscription({
      status: 'past_due',
      pastDue: {
        invoiceId: 7,
        amountDue: 900,
        attempts: 1,
        failureMessage: 'Your card has insufficient funds',
        nextRetryAt: '2026-12-02T12:00:00.000Z',
        graceEndsAt: '2026-12-08T12:00:00.000Z',
      },
    });
    const { to } = server(pastDue, {
      'POST /api/subscription/cancel': () => ({
        body: {
          message: 'Subscription Cancelled',
          subscription: subscription({ planId: 'free', planName: 'Free', nextCharge: null }),
        },
      }),
    });
    const u = userEvent.setup();
    renderAt('/subscription');
    await u.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Your last payment did not go through. Cancelling ends the subscription now: nothing more is charged, and you move to the Free plan.',
      ),
    ).toBeDefined();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(
      await screen.findByText('You are on the Free plan now; nothing more will be charged.'),
    ).toBeDefined();
    expect(to('POST /api/subscription/cancel')).toHaveLength(1);
  });
});

describe('plan comparison', () => {
  it("groups the features by category and marks each plan's own", async () => {
    server(subscription());
    renderAt('/subscription');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0]?.textContent)).toEqual([
      'Feature',
      'Wallet',
      'Wallet balance',
      'Insights',
      'Spending analytics',
      'Trading',
      'Dark pool',
    ]);
    const analytics = within(table).getByRole('row', { name: /^Spending analytics/ });
    expect(
      within(analytics)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Not included', 'Not included', 'Included']);
    // The paying user's main button.
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toBeDefined();
    // The table scrolls in its own box on a phone, so it can be scrolled from the keyboard.
    const box = screen.getByRole('region', { name: 'Plan comparison table' });
    expect(box.tabIndex).toBe(0);
    expect(box.contains(table)).toBe(true);
  });
});

describe('plan chooser', () => {
  it('shows the plans in the panel of the chosen billing interval', async () => {
    server(subscription());
    const u = userEvent.setup();
    renderAt('/subscription/plans');
    for (const name of ['Monthly', 'Yearly']) {
      const tab = await screen.findByRole('tab', { name });
      await u.click(tab);
      const panel = screen.getByRole('tabpanel', { name });
      expect(tab.getAttribute('aria-controls')).toBe(panel.id);
      const cards = within(within(panel).getByRole('list', { name: 'Plans' })).getAllByRole(
        'listitem',
      );
      expect(cards).toHaveLength(3);
      expect(within(panel).getByText(name === 'Yearly' ? '$290.00' : '$29.00')).toBeDefined();
    }
    // The other tab's panel exists too (hidden), so every tab controls an element.
    for (const tab of screen.getAllByRole('tab')) {
      expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).not.toBeNull();
    }
  });

  // A monthly Starter subscriber looking at the yearly prices: Starter billed yearly is a change
  // (and a charge), not the plan they are on.
  it('marks the current plan in its own billing interval only', async () => {
    server(subscription());
    const u = userEvent.setup();
    renderAt('/subscription/plans');
    await u.click(await screen.findByRole('tab', { name: 'Yearly' }));
    const yearly = screen.getByRole('tabpanel', { name: 'Yearly' });
    const starter = within(yearly)
      .getAllByRole('listitem')
      .find((card) => within(card).queryByRole('heading', { name: /^Starter/ }));
    expect(starter && within(starter).queryByText('Current Plan')).toBeNull();
    expect(starter && within(starter).getByText('Your plan, billed monthly')).toBeDefined();
    expect(
      starter && within(starter).getByRole('button', { name: 'Choose Starter' }),
    ).toBeDefined();
    await u.click(screen.getByRole('tab', { name: 'Monthly' }));
    const monthly = screen.getByRole('tabpanel', { name: 'Monthly' });
    expect(within(monthly).getAllByText('Current Plan')).toHaveLength(2);
  });

  it('opens the confirmation of a plan chosen before signing up, once', async () => {
    const fake = server(subscription({ planId: 'free', planName: 'Free', nextCharge: null }));
    const u = userEvent.setup();
    renderAt('/subscription/plans?plan=pro');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your Pro plan' });
    expect(await within(dialog).findByText('$10.00')).toBeDefined();
    expect(JSON.parse(fake.to('POST /api/subscription/preview-change')[0]?.body ?? '')).toEqual({
      planId: 'pro',
      interval: 'month',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('promises a free trial only to an account that would get one', async () => {
    const trialPlans = plans.map((p) => (p.price > 0 ? { ...p, trialDays: 14 } : p));
    const free = { planId: 'free', planName: 'Free', nextCharge: null } as const;
    const trials = () => screen.queryAllByText('14-day free trial').length;
    for (const [sub, shown] of [
      [subscription({ ...free, trialOffered: true }), 2],
      // Had its trial: choosing Starter charges at once.
      [subscription({ ...free, trialOffered: false }), 0],
      // A server that does not say: as before.
      [subscription(free), 2],
    ] as const) {
      server(sub, { 'GET /api/subscription/plans': () => ({ body: trialPlans }) });
      const { unmount } = renderAt('/subscription/plans');
      await screen.findByRole('button', { name: 'Choose Pro' });
      expect(trials()).toBe(shown);
      unmount();
    }
  });

  it('says a trial starts now when leaving Free, and carries on when in one', async () => {
    const u = userEvent.setup();
    const trialPreview = { ...preview, kind: 'trial', chargedNow: 0 };
    for (const [sub, text] of [
      [
        subscription({ planId: 'free', planName: 'Free', nextCharge: null }),
        `Your free trial starts now: nothing is charged until it ends on ${new Date(preview.nextRenewalAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}.`,
      ],
      [
        subscription({ status: 'trialing' }),
        'You are in a free trial: nothing is charged until it ends.',
      ],
    ] as const) {
      server(sub, { 'POST /api/subscription/preview-change': () => ({ body: trialPreview }) });
      const { unmount } = renderAt('/subscription/plans');
      await u.click(await screen.findByRole('button', { name: 'Choose Pro' }));
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText(text)).toBeDefined();
      unmount();
    }
  });

  it('dates a scheduled downgrade in its toast as the page dates it', async () => {
    const pro = subscription({ planId: 'pro', planName: 'Pro' });
    const scheduled = {
      ...preview,
      kind: 'scheduled',
      chargedNow: 0,
      effectiveAt: preview.nextRenewalAt,
    };
    const fake = server(pro, {
      'POST /api/subscription/preview-change': () => ({ body: scheduled }),
      'POST /api/subscription/change-plan': () => ({
        body: {
          message: 'Your plan changes to Starter on 2026-12-01',
          subscription: { ...pro, scheduledChange: { planId: 'starter', interval: 'month' } },
          preview: scheduled,
        },
      }),
    });
    const u = userEvent.setup();
    renderAt('/subscription/plans');
    await u.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(await within(dialog).findByRole('button', { name: 'Confirm change' }));
    const shown = new Date(preview.nextRenewalAt).toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    expect(await screen.findByText(`Your plan changes to Starter on ${shown}`)).toBeDefined();
    expect(fake.to('POST /api/subscription/change-plan')).toHaveLength(1);
  });

  it('opens nothing when the plan chosen before signing up is already the current one', async () => {
    const fake = server(subscription());
    renderAt('/subscription/plans?plan=starter');
    await screen.findByRole('button', { name: 'Choose Pro' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.to('POST /api/subscription/preview-change')).toEqual([]);
  });

  it('lets the user keep the current plan while a downgrade is scheduled', async () => {
    const fake = server(
      subscription({
        planId: 'pro',
        planName: 'Pro',
        scheduledChange: { planId: 'starter', interval: 'month' },
      }),
      {
        'POST /api/subscription/preview-change': () => ({
          body: { ...preview, kind: 'keep', chargedNow: 0 },
        }),
      },
    );
    const u = userEvent.setup();
    renderAt('/subscription/plans');
    await u.click(await screen.findByRole('button', { name: 'Keep Pro' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Keep Pro' })).toBeDefined();
    expect(
      await within(dialog).findByText(/^No charge\. You keep your current plan: the change or/),
    ).toBeDefined();
    expect(JSON.parse(fake.to('POST /api/subscription/preview-change')[0]?.body ?? '')).toEqual({
      planId: 'pro',
      interval: 'month',
    });
  });
});
