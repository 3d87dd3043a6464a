// Payments on the subscription screens against a fake server (issue 39): the saved card and
// its empty state, the card form (its own checks, the server's 400 under the field it names,
// a refused card above the button), a paid plan that asks for a card first and then goes on,
// a declined upgrade that leaves the plan as it was, the authentication dialog (Escape
// refuses, 'Confirm payment' approves), the past-due banner's 'Pay now' and 'Update payment
// method', and the billing history's status and attempts.
import type { BillingItem, CurrentSubscription, Plan } from '@omega/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type AdminRoute,
  currentSubscription,
  type FakeAnswer,
  fakeAdminServer,
  signedInShell,
} from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const plan = (id: string, name: string, price: number): Plan => ({
  id,
  name,
  price,
  annualPrice: price * 10,
  trialDays: null,
  isPopular: false,
  perks: [],
  features: [],
  annualSavingPercent: 17,
});
const plans = [plan('free', 'Free', 0), plan('starter', 'Starter', 900), plan('pro', 'Pro', 2900)];

const VISA = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

const preview = {
  kind: 'charge-now',
  lines: [],
  chargedNow: 2000,
  creditAfter: 0,
  effectiveAt: '2026-11-15T12:00:00.000Z',
  nextRenewalAt: '2026-12-01T12:00:00.000Z',
  nextRenewalAmount: 2900,
};

const invoice = (over: Partial<BillingItem>): BillingItem => ({
  id: 1,
  created: '2026-11-01T12:00:00.000Z',
  description: 'Starter (monthly)',
  amount: 900,
  status: 'paid',
  attempts: 1,
  failureMessage: null,
  nextAttemptAt: null,
  ...over,
});

const DUE = {
  invoiceId: 2,
  amountDue: 900,
  attempts: 1,
  failureMessage: 'Your card was declined',
  nextRetryAt: '2026-12-02T12:00:00.000Z' as string | null,
  graceEndsAt: '2026-12-08T12:00:00.000Z',
};

const pastDue = (due: Partial<typeof DUE> = {}) =>
  currentSubscription({ status: 'past_due', pastDue: { ...DUE, ...due } });

const refused = (body: Record<string, unknown>): FakeAnswer => ({ status: 402, body });

/** The server's state the routes read and write, so a test can change it between calls. */
interface State {
  sub: CurrentSubscription;
  card: typeof VISA | null;
  history: BillingItem[];
}

function server(state: State, extra: Record<string, AdminRoute> = {}) {
  return fakeAdminServer({
    ...signedInShell('user'),
    'GET /api/subscription/current': () => ({ body: state.sub }),
    'GET /api/subscription/plans': () => ({ body: plans }),
    'GET /api/features': () => ({ body: [] }),
    'GET /api/features/user': () => ({ body: [] }),
    'GET /api/subscription/billing-history': () => ({ body: state.history }),
    'GET /api/subscription/override-info': () => ({
      body: { overriddenByAdmin: false, overrideDate: null, proRatedAmount: null },
    }),
    'GET /api/billing/config': () => ({ body: { provider: 'demo', publishableKey: null } }),
    'GET /api/billing/payment-method': () => ({ body: state.card }),
    'POST /api/billing/payment-method': () => {
      state.card = VISA;
      return { body: VISA };
    },
    'POST /api/subscription/preview-change': () => ({ body: preview }),
    ...extra,
  });
}

const fresh = (over: Partial<State> = {}): State => ({
  sub: currentSubscription(),
  card: null,
  history: [],
  ...over,
});

const bodies = (fake: ReturnType<typeof server>, route: string) =>
  fake.to(route).map((c) => JSON.parse(c.body ?? 'null') as unknown);

async function fillCard(
  u: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  card = { number: '4242 4242 4242 4242', month: '12', year: '2030', cvc: '123' },
) {
  const form = within(scope).getByRole('form', { name: 'Card details' });
  for (const [label, value] of [
    ['Card number', card.number],
    ['Expiry month', card.month],
    ['Expiry year', card.year],
    ['CVC', card.cvc],
  ] as const) {
    const input = within(form).getByLabelText(label);
    await u.clear(input);
    if (value) await u.type(input, value);
  }
  return form;
}

describe('the payment method section', () => {
  it('offers to add a card when none is saved, and saves one', async () => {
    const fake = server(fresh());
    const u = userEvent.setup();
    renderAt('/subscription');
    const section = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(section).findByText(/^No card saved\./)).toBeDefined();
    await u.click(within(section).getByRole('button', { name: 'Add a card' }));

    const number = within(section).getByLabelText('Card number');
    // Opened to be typed into, with the demo's test cards beside it.
    expect(document.activeElement).toBe(number);
    expect(within(section).getByText('4000 0025 0000 3155')).toBeDefined();

    const form = await fillCard(u, section);
    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(section).findByText('Visa ending in 4242')).toBeDefined();
    expect(within(section).getByText('Expires 12/2030')).toBeDefined();
    expect(bodies(fake, 'POST /api/billing/payment-method')).toEqual([
      { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
    ]);
    // Closing the form puts the focus on the button that opens it again.
    const replace = within(section).getByRole('button', { name: 'Replace card' });
    await waitFor(() => expect(document.activeElement).toBe(replace));
  });

  it('checks empty fields before sending anything', async () => {
    const fake = server(fresh());
    const u = userEvent.setup();
    renderAt('/subscription');
    const section = await screen.findByRole('region', { name: 'Payment method' });
    await u.click(await within(section).findByRole('button', { name: 'Add a card' }));
    await u.click(within(section).getByRole('button', { name: 'Save card' }));
    expect(within(section).getByText('Enter the card number')).toBeDefined();
    expect(
      within(section).getByText('Enter the expiry month as a number from 1 to 12'),
    ).toBeDefined();
    expect(within(section).getByText('Enter the expiry year (for example 2030)')).toBeDefined();
    expect(within(section).getByText('Enter the CVC')).toBeDefined();
    expect(document.activeElement).toBe(within(section).getByLabelText('Card number'));
    expect(fake.to('POST /api/billing/payment-method')).toEqual([]);
  });

  it("puts the server's refusal under the field it names", async () => {
    server(fresh(), {
      'POST /api/billing/payment-method': () => ({
        status: 400,
        body: { message: 'cvc must be 3 digits' },
      }),
    });
    const u = userEvent.setup();
    renderAt('/subscription');
    const section = await screen.findByRole('region', { name: 'Payment method' });
    await u.click(await within(section).findByRole('button', { name: 'Add a card' }));
    const form = await fillCard(u, section, {
      number: '4242 4242 4242 4242',
      month: '12',
      year: '2030',
      cvc: '12',
    });
    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    const error = await within(form).findByText('CVC must be 3 digits');
    const cvc = within(form).getByLabelText('CVC');
    expect(cvc.getAttribute('aria-invalid')).toBe('true');
    expect(cvc.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(cvc);
    // The form stays open with what was typed, to be corrected.
    expect((within(form).getByLabelText('Card number') as HTMLInputElement).value).toBe(
      '4242 4242 4242 4242',
    );
  });

  it('holds the fields and the button while the card is being saved', async () => {
    const state = fresh();
    server(state);
    // The save answers only when the test lets it.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fake = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/api/billing/payment-method')) {
        await answered;
      }
      return fake(input, init);
    }) as typeof fetch;
    const u = userEvent.setup();
    renderAt('/subscription');
    const section = await screen.findByRole('region', { name: 'Payment method' });
    await u.click(await within(section).findByRole('button', { name: 'Add a card' }));
    const form = await fillCard(u, section);
    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    const save = within(form).getByRole('button', { name: 'Save card' });
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect(within(form).getByLabelText('Card number').matches(':disabled')).toBe(true);
    answer();
    expect(await within(section).findByText('Visa ending in 4242')).toBeDefined();
  });

  it('says above the button when the card itself is refused', async () => {
    server(fresh(), {
      'POST /api/billing/payment-method': () =>
        refused({ message: 'Your card was declined', code: 'card_declined' }),
    });
    const u = userEvent.setup();
    renderAt('/subscription');
    const section = await screen.findByRole('region', { name: 'Payment method' });
    await u.click(await within(section).findByRole('button', { name: 'Add a card' }));
    const form = await fillCard(u, section);
    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined');
    expect(within(section).queryByText(/ending in/)).toBeNull();
  });

  it('shows the failed read with a way to try again', async () => {
    let fail = true;
    server(fresh(), {
      'GET /api/billing/payment-method': () =>
        fail ? { status: 503, body: { message: 'down' } } : { body: VISA },
    });
    const u = userEvent.setup();
    renderAt('/subscription');
    const section = await screen.findByRole('region', { name: 'Payment method' });
    expect(
      (await within(section).findByRole('alert')).textContent?.startsWith(
        'Could not load your payment method',
      ),
    ).toBe(true);
    fail = false;
    await u.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Visa ending in 4242')).toBeDefined();
  });
});

describe('changing to a paid plan', () => {
  async function choosePro(u: ReturnType<typeof userEvent.setup>) {
    renderAt('/subscription/plans');
    await u.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Pro' });
    await within(dialog).findByText('$20.00');
    return dialog;
  }

  it('asks for a card first, then makes the change', async () => {
    const state = fresh();
    const fake = server(state, {
      'POST /api/subscription/change-plan': () =>
        state.card
          ? { body: { message: 'Upgraded to Pro', subscription: state.sub, preview } }
          : refused({
              message: 'Add a payment method to start a paid plan',
              code: 'no_payment_method',
            }),
    });
    const u = userEvent.setup();
    const dialog = await choosePro(u);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    expect(
      await within(dialog).findByText(
        /^This plan is charged to a saved card\. Add one to continue/,
      ),
    ).toBeDefined();
    const form = await fillCard(u, dialog);
    await u.click(within(form).getByRole('button', { name: 'Save card and continue' }));
    expect(await screen.findByText('Plan Updated')).toBeDefined();
    expect(fake.to('POST /api/subscription/change-plan')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a declined charge in the dialog, and the plan stays as it was', async () => {
    const state = fresh({ card: VISA });
    server(state, {
      'POST /api/subscription/change-plan': () =>
        refused({ message: 'Your card was declined', code: 'card_declined' }),
    });
    const u = userEvent.setup();
    const dialog = await choosePro(u);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined. Your plan has not changed.');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeDefined();
    // Another card can be given from here.
    await u.click(within(dialog).getByRole('button', { name: 'Use another card' }));
    expect(within(dialog).getByRole('form', { name: 'Card details' })).toBeDefined();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Still on Starter.
    const starter = screen.getByRole('heading', { name: /^Starter/ });
    expect(within(starter).getByText('Current Plan')).toBeDefined();
  });

  it('asks the user to confirm a payment their bank holds: Escape refuses, the button approves', async () => {
    const state = fresh({ card: VISA });
    const fake = server(state, {
      'POST /api/subscription/change-plan': () =>
        refused({
          message: 'Your bank asks you to confirm this payment',
          code: 'authentication_required',
          requiresAction: { paymentId: 'demo_ch_1', clientSecret: null, amount: 2000 },
        }),
      'POST /api/billing/confirm': (req) =>
        (JSON.parse(req.body ?? '{}') as { approve?: boolean }).approve
          ? { body: { message: 'Upgraded to Pro', subscription: state.sub } }
          : refused({ message: 'The payment was not confirmed', code: 'authentication_failed' }),
    });
    const u = userEvent.setup();
    const dialog = await choosePro(u);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm change' }));

    const bank = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    expect(
      within(bank).getByText('Your bank asks you to confirm the payment of $20.00.'),
    ).toBeDefined();
    await waitFor(() => expect(bank.contains(document.activeElement)).toBe(true));
    // The focus stays inside while tabbing.
    for (let i = 0; i < 4; i++) {
      await u.tab();
      expect(bank.contains(document.activeElement)).toBe(true);
    }
    await u.keyboard('{Escape}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The payment was not confirmed. Your plan has not changed.',
    );
    expect(screen.queryByRole('dialog', { name: 'Confirm this payment' })).toBeNull();

    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    await u.click(within(again).getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Plan Updated')).toBeDefined();
    expect(bodies(fake, 'POST /api/billing/confirm')).toEqual([
      { paymentId: 'demo_ch_1', approve: false },
      { paymentId: 'demo_ch_1', approve: true },
    ]);
  });
});

describe('a past-due subscription', () => {
  it('shows the banner with the amount and the next try, and pays from it', async () => {
    const state = fresh({ sub: pastDue(), card: VISA });
    let declines = 1;
    const fake = server(state, {
      'POST /api/billing/pay-now': () => {
        if (declines-- > 0)
          return refused({ message: 'Your card was declined', code: 'card_declined' });
        state.sub = currentSubscription();
        return {
          body: {
            message: 'Payment received: your subscription is active',
            subscription: state.sub,
          },
        };
      },
    });
    const u = userEvent.setup();
    renderAt('/subscription');
    const alert = (await screen.findByText('Your payment failed')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).not.toBeNull();
    expect(alert.textContent).toMatch(
      /We could not collect \$9\.00 for your Starter plan: your card was declined\. We will try again on .+\. Unless it is paid by .+, your plan moves to Free\./,
    );
    expect(screen.getByRole('heading', { name: /^Starter plan/ }).textContent).toContain(
      'past due',
    );

    await u.click(within(alert).getByRole('button', { name: 'Pay now' }));
    expect(await within(alert).findByText('Your card was declined')).toBeDefined();

    await u.click(within(alert).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Payment received')).toBeDefined();
    await waitFor(() => expect(screen.queryByText('Your payment failed')).toBeNull());
    expect(fake.to('POST /api/billing/pay-now')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: /^Starter plan/ }).textContent).toContain('active');
  });

  it("opens the card form from 'Update payment method'", async () => {
    server(fresh({ sub: pastDue(), card: VISA }));
    const u = userEvent.setup();
    renderAt('/subscription');
    const alert = (await screen.findByText('Your payment failed')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await u.click(within(alert).getByRole('button', { name: 'Update payment method' }));
    const section = screen.getByRole('region', { name: 'Payment method' });
    const number = within(section).getByLabelText('Card number');
    expect(document.activeElement).toBe(number);
    expect(within(section).getByRole('button', { name: 'Save new card' })).toBeDefined();
  });

  it('shows the banner on the plan chooser, whose update goes to the card form', async () => {
    server(
      fresh({
        sub: pastDue({ nextRetryAt: null }),
        card: VISA,
      }),
    );
    const u = userEvent.setup();
    const { location } = renderAt('/subscription/plans');
    const alert = (await screen.findByText('Your payment failed')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert.textContent).toContain('We will not try again.');
    await u.click(within(alert).getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(location.pathname).toBe('/subscription'));
    const section = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(section).findByLabelText('Card number')).toBeDefined();
  });

  it('shows nothing when the subscription is in good standing', async () => {
    server(fresh({ card: VISA }));
    renderAt('/subscription');
    await screen.findByText('Visa ending in 4242');
    expect(screen.queryByText('Your payment failed')).toBeNull();
  });
});

describe('the billing history', () => {
  it('shows each invoice’s status and charge attempts', async () => {
    server(
      fresh({
        history: [
          invoice({
            id: 3,
            status: 'failed',
            attempts: 2,
            failureMessage: 'Your card has insufficient funds',
            nextAttemptAt: '2026-12-04T12:00:00.000Z',
          }),
          invoice({ id: 2, status: 'open', attempts: 0 }),
          invoice({ id: 1, status: 'void', attempts: 0 }),
          invoice({ id: 0, status: 'paid', attempts: 1 }),
        ],
      }),
    );
    renderAt('/subscription');
    const table = await screen.findByRole('region', { name: 'Invoices' });
    expect(table.tabIndex).toBe(0);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Description', 'Amount', 'Status', 'Attempts']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(3)
          .map((c) => c.textContent),
      );
    expect(rows[0]?.[0]).toMatch(/^FailedYour card has insufficient fundsNext try .+$/);
    expect(rows.map((r) => r[1])).toEqual(['2', '0', '0', '1']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Open', 'Void', 'Paid']);
  });
});
