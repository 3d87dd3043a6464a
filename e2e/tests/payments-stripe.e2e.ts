// Payments with the stripe provider (issue 39) in a real browser against the production build,
// on a phone's 390 px and axe-clean at each step: the card form is Stripe's (Stripe.js through
// @stripe/stripe-js, downloaded when the form opens, tried again after a failed download), a
// card saved through it, a declined card's message in the form, and an upgrade whose bank asks
// for authentication completed through Stripe.js. js.stripe.com is out of reach here: the page
// gets fake-stripe-js.js in its place, and its calls to api.stripe.com go to the fake Stripe API
// the server charges through (the harness's `payments: 'stripe'`).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  pageHelpers,
  postFromPage,
  signInAs,
} from './harness.js';
import { expectAccessibleAndFitting } from './page-checks.js';

const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };
const SLOW = 120_000;
const FAKE_STRIPE_JS = readFileSync(new URL('./fake-stripe-js.js', import.meta.url), 'utf8');

/**
 * Serves the stand-in for Stripe.js, and passes Stripe.js's calls on to the fake Stripe API.
 * While `blocked()` is true, Stripe.js cannot be downloaded, as offline.
 */
async function fakeStripeJs(page: Page, stripeApi: string, blocked: () => boolean = () => false) {
  await page.route('https://js.stripe.com/**', (route) =>
    blocked()
      ? route.abort('internetdisconnected')
      : route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const response = await route.fetch({ url: `${stripeApi}${pathname}` });
    await route.fulfill({ response, headers: { 'access-control-allow-origin': '*' } });
  });
}

describeWithBrowser('payments with stripe', () => {
  const session = browserSession({ payments: 'stripe' });
  let h: Harness;
  let page: Page;
  let stripeApi: string;
  beforeEach(async () => {
    ({ harness: h, page } = session);
    if (!h.stripe) throw new Error('the harness started no fake Stripe API');
    stripeApi = h.stripe.url;
    await page.setViewportSize(PHONE);
  });

  const { toast } = pageHelpers(() => page);

  const checked = () => expectAccessibleAndFitting(page);

  const paymentSection = () => page.getByRole('region', { name: 'Payment method' });

  /** Types a card into Stripe's element in the open form and submits it. */
  async function enterCard(number: string, submit = 'Save card') {
    const form = page.getByRole('form', { name: 'Card details' });
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiration date').fill('12 / 30');
    await form.getByLabel('Security code').fill('123');
    await form.getByRole('button', { name: submit }).click();
    return form;
  }

  /** Saves one of Stripe's test PaymentMethods through the API, as the form would. */
  async function saveTestCard(paymentMethodId: string) {
    const status = await postFromPage(page, '/api/billing/payment-method', { paymentMethodId });
    expect(status, `saving ${paymentMethodId}`).toBe(200);
  }

  it(
    "saves a card through Stripe's form, after a first download of Stripe.js failed",
    async () => {
      let offline = true;
      await fakeStripeJs(page, stripeApi, () => offline);
      await signInAs(page, h.baseUrl, 'user');
      await page.goto(`${h.baseUrl}/subscription`);
      const section = paymentSection();
      await section.getByText('No card saved.', { exact: false }).waitFor();
      // The first load of the page asks nothing of Stripe.
      expect(await page.evaluate(() => 'Stripe' in window)).toBe(false);

      await section.getByRole('button', { name: 'Add a card' }).click();
      await section
        .getByRole('alert')
        .filter({ hasText: "Stripe's card service could not be loaded." })
        .waitFor();
      await checked();

      offline = false;
      await section.getByRole('button', { name: 'Try again' }).click();
      const form = section.getByRole('form', { name: 'Card details' });
      const number = form.getByLabel('Card number');
      await number.waitFor();
      // Ready to type, as the demo form is.
      await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await form.getByText('demo', { exact: false }).count()).toBe(0);
      await checked();

      await enterCard('4242 4242 4242 4242');
      await toast('Card saved');
      await section.getByText('Visa ending in 4242').waitFor();
      await section.getByText('Expires 12/2030').waitFor();
      await checked();
      // The card reached Stripe (the fake), set up and attached to this user's customer.
      const methods = [...(h.stripe?.paymentMethods.values() ?? [])];
      expect(methods.filter((m) => m.last4 === '4242' && m.customer !== null)).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'says in the form why Stripe refused a card, and saves nothing',
    async () => {
      await fakeStripeJs(page, stripeApi);
      await signInAs(page, h.baseUrl, 'user');
      await page.goto(`${h.baseUrl}/subscription`);
      const section = paymentSection();
      await section.getByRole('button', { name: 'Add a card' }).click();

      const form = await enterCard('4242 4242');
      await form
        .getByRole('alert')
        .filter({ hasText: 'Your card number is incomplete.' })
        .waitFor();
      await checked();

      await enterCard('4000 0000 0000 0002');
      await form.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
      await checked();
      await form.getByRole('button', { name: 'Cancel' }).click();
      await section.getByText('No card saved.', { exact: false }).waitFor();
    },
    SLOW,
  );

  it(
    'completes an upgrade whose bank asks for authentication through Stripe.js',
    async () => {
      await fakeStripeJs(page, stripeApi);
      const username = await signInAs(page, h.baseUrl, 'user');
      await saveTestCard('pm_card_visa');
      expect(await postFromPage(page, '/api/subscription/change-plan', { planId: 'starter' })).toBe(
        200,
      );
      // Starter's trial ends and its first month is charged to the card, off-session.
      h.advance(8 * DAY);
      expect(await h.renewDue()).toBeGreaterThanOrEqual(1);
      expect(await postFromPage(page, '/api/login', { username, password: 'e2e-password' })).toBe(
        200,
      );
      await saveTestCard('pm_card_authenticationRequired');

      await page.goto(`${h.baseUrl}/subscription/plans`);
      await page.getByRole('button', { name: 'Choose Pro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change to Pro' });
      await dialog.getByText('Charged now:').waitFor();
      await dialog.getByRole('button', { name: 'Confirm change' }).click();

      // Stripe.js shows the bank's step over the page. The app's modal dialog has stepped
      // aside: while open it makes the rest of the page ignore the pointer, Stripe's step too.
      const bank = page.getByRole('dialog', { name: 'Bank authentication (test)' });
      await bank.waitFor();
      await dialog.waitFor({ state: 'detached' });
      await checked();
      await bank.getByRole('button', { name: 'Complete authentication' }).click();

      await toast('Plan Updated');
      await page.goto(`${h.baseUrl}/subscription`);
      await page.getByRole('heading', { name: /^Pro plan/ }).waitFor();
      await page
        .getByRole('region', { name: 'Invoices' })
        .getByText('Upgrade to Pro (pro-rated)')
        .waitFor();
      await checked();
      // One PaymentIntent for the upgrade, authenticated and paid.
      const upgrade = [...(h.stripe?.paymentIntents.values() ?? [])].filter(
        (pi) => pi.amount !== 900,
      );
      expect(upgrade.map((pi) => pi.status)).toEqual(['succeeded']);
    },
    SLOW,
  );
});
