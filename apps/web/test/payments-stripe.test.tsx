// The stripe provider's card form and bank step (issue 39) against a fake server, with
// @stripe/stripe-js's loader mocked (Stripe.js itself is tried in e2e/payments-stripe.e2e.ts):
// a card set up through Stripe.js and saved by its PaymentMethod's id, Stripe's refusal said in
// the form, a Stripe.js that did not load said plainly and tried again, and an upgrade whose
// bank asks for authentication finished with handleNextAction, then POST /api/billing/confirm.
import type { CurrentSubscription, Plan } from '@omega/contracts';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../src/lib/ui-store.js';
import {
  type AdminRoute,
  currentSubscription,
  fakeAdminServer,
  signedInShell,
} from './admin-fake-server.js';
import { renderAt } from './render-app.js';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const VISA = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const plans: Plan[] = [
  ['free', 'Free', 0],
  ['starter', 'Starter', 900],
  ['pro', 'Pro', 2900],
].map(([id, name, price]) => ({
  id: id as string,
  name: name as string,
  price: price as number,
  annualPrice: (price as number) * 10,
  trialDays: null,
  isPopular: false,
  perks: [],
  features: [],
  annualSavingPercent: 17,
}));

let keys = 0;

/** A server with the stripe provider; each test its own key, as Stripe.js is kept per key. */
function server(extra: Record<string, AdminRoute> = {}) {
  const state: { card: typeof VISA | null; sub: CurrentSubscription } = {
    card: null,
    sub: currentSubscription(),
  };
  const publishableKey = `pk_test_unit_${keys++}`;
  const fake = fakeAdminServer({
    ...signedInShell('user'),
    'GET /api/subscription/current': () => ({ body: state.sub }),
    'GET /api/subscription/plans': () => ({ body: plans }),
    'GET /api/features': () => ({ body: [] }),
    'GET /api/features/user': () => ({ body: [] }),
    'GET /api/subscription/billing-history': () => ({ body: [] }),
    'GET /api/subscription/override-info': () => ({
      body: { overriddenByAdmin: false, overrideDate: null, proRatedAmount: null },
    }),
    'GET /api/billing/config': () => ({ body: { provider: 'stripe', publishableKey } }),
    'GET /api/billing/payment-method': () => ({ body: state.card }),
    'POST /api/billing/setup-intent': () => ({ body: { clientSecret: 'seti_1_secret_2' } }),
    'POST /api/billing/payment-method': () => {
      state.card = VISA;
      return { body: VISA };
    },
    ...extra,
  });
  return { fake, state, publishableKey };
}

const bodies = (fake: ReturnType<typeof fakeAdminServer>, route: string) =>
  fake.to(route).map((c) => JSON.parse(c.body ?? 'null') as unknown);

/**
 * A Stripe.js whose Payment Element draws one labelled input and reports ready; its
 * confirmSetup and handleNextAction answer what the test says.
 */
function fakeStripe(answers: {
  confirmSetup?: Stripe['confirmSetup'];
  handleNextAction?: Stripe['handleNextAction'];
}) {
  const elements = {
    update: vi.fn(),
    create: vi.fn(() => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      const handlers: Record<string, () => void> = {};
      return {
        mount(target: HTMLElement) {
          target.append(input);
          setTimeout(() => handlers.ready?.(), 0);
        },
        on(event: string, handler: () => void) {
          handlers[event] = handler;
        },
        focus: () => input.focus(),
        destroy: () => input.remove(),
      };
    }),
  };
  const stripe = {
    elements: vi.fn(() => elements as unknown as StripeElements),
    confirmSetup: vi.fn(answers.confirmSetup),
    handleNextAction: vi.fn(answers.handleNextAction),
  };
  return { stripe, elements, asStripe: stripe as unknown as Stripe };
}

async function openForm(u: ReturnType<typeof userEvent.setup>) {
  renderAt('/subscription');
  const section = await screen.findByRole('region', { name: 'Payment method' });
  await u.click(await within(section).findByRole('button', { name: 'Add a card' }));
  return section;
}

describe("the stripe provider's card form", () => {
  it("sets the card up with Stripe.js and saves Stripe's PaymentMethod", async () => {
    const { fake, publishableKey } = server();
    const { stripe, asStripe } = fakeStripe({
      confirmSetup: async () => ({ setupIntent: { payment_method: 'pm_123' } }) as never,
    });
    vi.mocked(loadStripe).mockResolvedValue(asStripe);
    const u = userEvent.setup();
    const section = await openForm(u);

    const form = await within(section).findByRole('form', { name: 'Card details' });
    const number = await within(form).findByLabelText('Card number');
    // Ready to type once Stripe's element is drawn; no demo cards are offered.
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(within(section).queryByText(/Demo mode/)).toBeNull();
    expect(loadStripe).toHaveBeenCalledWith(publishableKey);
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'seti_1_secret_2' }),
    );

    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(section).findByText('Visa ending in 4242')).toBeDefined();
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      elements: stripe.elements.mock.results[0]?.value,
      redirect: 'if_required',
    });
    expect(bodies(fake, 'POST /api/billing/payment-method')).toEqual([
      { paymentMethodId: 'pm_123' },
    ]);
  });

  it("restyles Stripe's element when the theme is switched, keeping what was typed", async () => {
    server();
    const { stripe, elements, asStripe } = fakeStripe({});
    vi.mocked(loadStripe).mockResolvedValue(asStripe);
    useUiStore.getState().setTheme('dark');
    const u = userEvent.setup();
    const section = await openForm(u);
    const form = await within(section).findByRole('form', { name: 'Card details' });
    const number = await within(form).findByLabelText('Card number');
    await u.type(number, '4242');
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ appearance: { theme: 'night' } }),
    );
    await u.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    await waitFor(() =>
      expect(elements.update).toHaveBeenLastCalledWith({ appearance: { theme: 'stripe' } }),
    );
    // The same element, made once: the card number typed is still there.
    expect(elements.create).toHaveBeenCalledTimes(1);
    expect((within(form).getByLabelText('Card number') as HTMLInputElement).value).toBe('4242');
  });

  it("says Stripe's refusal in the form, and saves nothing", async () => {
    const { fake } = server();
    const { asStripe } = fakeStripe({
      confirmSetup: async () =>
        ({
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        }) as never,
    });
    vi.mocked(loadStripe).mockResolvedValue(asStripe);
    const u = userEvent.setup();
    const section = await openForm(u);
    const form = await within(section).findByRole('form', { name: 'Card details' });
    await within(form).findByLabelText('Card number');
    await u.click(within(form).getByRole('button', { name: 'Save card' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(fake.to('POST /api/billing/payment-method')).toEqual([]);
    // The form stays, to try another card.
    expect(within(form).getByRole('button', { name: 'Save card' })).toBeDefined();
  });

  it('says plainly when Stripe.js cannot be loaded, and tries again', async () => {
    server();
    const { asStripe } = fakeStripe({});
    vi.mocked(loadStripe)
      .mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
      .mockResolvedValue(asStripe);
    const u = userEvent.setup();
    const section = await openForm(u);
    expect((await within(section).findByRole('alert')).textContent).toBe(
      "Stripe's card service could not be loaded. Check your connection and try again.",
    );
    await u.click(within(section).getByRole('button', { name: 'Try again' }));
    const form = await within(section).findByRole('form', { name: 'Card details' });
    expect(await within(form).findByLabelText('Card number')).toBeDefined();
    expect(within(section).queryByRole('alert')).toBeNull();
  });
});

describe('a payment the bank asks about, with Stripe', () => {
  it('is confirmed with Stripe.js, then the server is told', async () => {
    const { fake, state } = server({
      'POST /api/subscription/preview-change': () => ({
        body: {
          kind: 'charge-now',
          lines: [],
          chargedNow: 2000,
          creditAfter: 0,
          effectiveAt: '2026-11-15T12:00:00.000Z',
          nextRenewalAt: '2026-12-01T12:00:00.000Z',
          nextRenewalAmount: 2900,
        },
      }),
      'POST /api/subscription/change-plan': () => ({
        status: 402,
        body: {
          message: 'Your bank asks you to confirm this payment',
          code: 'authentication_required',
          requiresAction: { paymentId: 'pi_1', clientSecret: 'pi_1_secret_3', amount: 2000 },
        },
      }),
      'POST /api/billing/confirm': () => ({
        body: { message: 'Upgraded to Pro', subscription: state.sub },
      }),
    });
    state.card = VISA;
    const { stripe, asStripe } = fakeStripe({
      handleNextAction: async () => ({ paymentIntent: { status: 'succeeded' } }) as never,
    });
    vi.mocked(loadStripe).mockResolvedValue(asStripe);
    const u = userEvent.setup();
    renderAt('/subscription/plans');
    await u.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Pro' });
    await within(dialog).findByText('$20.00');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm change' }));

    expect(await screen.findByText('Plan Updated')).toBeDefined();
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_3' });
    expect(bodies(fake, 'POST /api/billing/confirm')).toEqual([
      { paymentId: 'pi_1', approve: true },
    ]);
    // The demo's own dialog is not shown with Stripe.
    expect(screen.queryByRole('dialog', { name: 'Confirm this payment' })).toBeNull();
  });
});
