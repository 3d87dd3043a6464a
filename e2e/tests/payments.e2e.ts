// Payments (issue 39) in a real browser against the production build with the demo provider,
// on a phone's 390 px and axe-clean at each step: saving a card (and the server's refusal of a
// mistyped one under its field), a paid plan that asks for a card first, an upgrade a declined
// card leaves unchanged, the authentication dialog of the 3155 card worked by keyboard alone
// (Escape refuses, Enter on 'Confirm payment' approves), and a renewal whose charge failed,
// paid from the past-due banner after the card is updated. The test moves the server's clock
// and runs the renewal job, which charges the renewals' invoices too (harness `renewDue`).
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  pageHelpers,
  postFromPage,
  saveCard,
  signInAs,
} from './harness.js';
import { expectAccessibleAndFitting } from './page-checks.js';

const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'e2e-password';
/** Each test signs up, moves the clock and runs axe several times: longer than the default. */
const SLOW = 120_000;

const CARDS = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticates: '4000 0025 0000 3155',
} as const;

describeWithBrowser('payments', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(async () => {
    ({ harness: h, page } = session);
    await page.setViewportSize(PHONE);
  });

  const { toast } = pageHelpers(() => page);

  const checked = () => expectAccessibleAndFitting(page);

  const paymentSection = () => page.getByRole('region', { name: 'Payment method' });

  /** Types a card into the open card form (within `scope`) and submits it. */
  async function enterCard(number: string, submit = 'Save card', scope = page.locator('body')) {
    const form = scope.getByRole('form', { name: 'Card details' });
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry month').fill('12');
    await form.getByLabel('Expiry year').fill('2030');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: submit }).click();
  }

  /** The clock moves past Starter's 7-day trial and the renewal job bills the first month. */
  async function trialEnds(username: string) {
    h.advance(8 * DAY);
    expect(await h.renewDue()).toBeGreaterThanOrEqual(1);
    // A week later the session has expired: sign in again.
    expect(await postFromPage(page, '/api/login', { username, password: PASSWORD })).toBe(200);
  }

  /** A user on Starter, its trial over and paid with a good card. */
  async function payingStarter(): Promise<string> {
    const username = await signInAs(page, h.baseUrl, 'user');
    await saveCard(page, CARDS.pays);
    expect(await postFromPage(page, '/api/subscription/change-plan', { planId: 'starter' })).toBe(
      200,
    );
    await trialEnds(username);
    return username;
  }

  async function choosePro() {
    await page.goto(`${h.baseUrl}/subscription/plans`);
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change to Pro' });
    await dialog.getByText('Charged now:').waitFor();
    return dialog;
  }

  it(
    'saves a card, and says under the field what the server refused',
    async () => {
      await signInAs(page, h.baseUrl, 'user');
      await page.goto(`${h.baseUrl}/subscription`);
      const section = paymentSection();
      await section.getByText('No card saved.', { exact: false }).waitFor();
      await checked();

      await section.getByRole('button', { name: 'Add a card' }).click();
      const form = section.getByRole('form', { name: 'Card details' });
      // The form opens ready to type, listing the demo's test cards.
      expect(
        await form.getByLabel('Card number').evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await form.getByText('4000 0025 0000 3155').waitFor();
      await checked();

      // A mistyped number: the server's 400 names the field, and the message goes under it.
      await enterCard('4242 4242 4242 4241');
      const number = form.getByLabel('Card number');
      await form.getByText('Card number is not a valid card number (check the digits)').waitFor();
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      await checked();

      await enterCard(CARDS.pays);
      await toast('Card saved');
      await section.getByText('Visa ending in 4242').waitFor();
      await section.getByText('Expires 12/2030').waitFor();
      await section.getByRole('button', { name: 'Replace card' }).waitFor();
      await checked();
      // Only the last four digits are ever shown again.
      expect(await page.content()).not.toContain('4242 4242 4242 4242');
    },
    SLOW,
  );

  it(
    'asks for a card before a paid plan starts, then starts it',
    async () => {
      await signInAs(page, h.baseUrl, 'user');
      await page.goto(`${h.baseUrl}/subscription/plans`);
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change to Starter' });
      await dialog
        .getByText(/^Your free trial starts now: nothing is charged until it ends on /)
        .waitFor();
      await dialog.getByRole('button', { name: 'Confirm change' }).click();
      await dialog.getByText('This plan is charged to a saved card.', { exact: false }).waitFor();
      await checked();
      await enterCard(CARDS.pays, 'Save card and continue', dialog);
      await toast('Plan Updated');
      await page.goto(`${h.baseUrl}/subscription`);
      await page.getByRole('heading', { name: /^Starter plan/ }).waitFor();
      await paymentSection().getByText('Visa ending in 4242').waitFor();
    },
    SLOW,
  );

  it(
    "says a declined card's message, and the plan stays as it was",
    async () => {
      await payingStarter();
      await saveCard(page, CARDS.declined);
      const dialog = await choosePro();
      await dialog.getByRole('button', { name: 'Confirm change' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'Your card was declined. Your plan has not changed.' })
        .waitFor();
      await checked();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.goto(`${h.baseUrl}/subscription`);
      await page.getByRole('heading', { name: /^Starter plan/ }).waitFor();
      await checked();
    },
    SLOW,
  );

  /** Pro chosen with the 3155 card and confirmed from the keyboard: the bank's dialog opens. */
  async function bankAsks() {
    await payingStarter();
    await saveCard(page, CARDS.authenticates);
    const dialog = await choosePro();
    await dialog.getByRole('button', { name: 'Confirm change' }).focus();
    await page.keyboard.press('Enter');
    const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
    await bank.getByText(/Your bank asks you to confirm the payment of \$\d+\.\d{2}\./).waitFor();
    return { dialog, bank };
  }

  it(
    'refuses a payment the bank asks about with Escape, and the plan stays',
    async () => {
      const { dialog, bank } = await bankAsks();
      await checked();
      // The focus is held inside the dialog.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await bank.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await bank.waitFor({ state: 'detached' });
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'The payment was not confirmed. Your plan has not changed.' })
        .waitFor();
      await checked();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.goto(`${h.baseUrl}/subscription`);
      await page.getByRole('heading', { name: /^Starter plan/ }).waitFor();
    },
    SLOW,
  );

  it(
    'confirms a payment the bank asks about, by keyboard alone',
    async () => {
      const { bank } = await bankAsks();
      // Tab reaches 'Confirm payment' inside the dialog; Enter approves.
      const confirm = bank.getByRole('button', { name: 'Confirm payment' });
      for (let i = 0; i < 5; i++) {
        if (await confirm.evaluate((el) => el === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await toast('Plan Updated');
      await page.goto(`${h.baseUrl}/subscription`);
      await page.getByRole('heading', { name: /^Pro plan/ }).waitFor();
      await page
        .getByRole('region', { name: 'Invoices' })
        .getByText('Upgrade to Pro (pro-rated)')
        .waitFor();
      await checked();
    },
    SLOW,
  );

  it(
    'pays a past-due invoice from the banner after the card is updated',
    async () => {
      const username = await signInAs(page, h.baseUrl, 'user');
      await saveCard(page, CARDS.declined);
      expect(await postFromPage(page, '/api/subscription/change-plan', { planId: 'starter' })).toBe(
        200,
      );
      // The trial ends; the renewal's charge is declined: the subscription is past due.
      await trialEnds(username);

      await page.goto(`${h.baseUrl}/subscription`);
      const banner = page.getByRole('alert').filter({ hasText: 'Your payment failed' });
      await banner
        .getByText(/We could not collect \$9\.00 for your Starter plan: your card was declined\./)
        .waitFor();
      await banner.getByText(/We will try again on /).waitFor();
      await page
        .getByRole('heading', { name: /^Starter plan/ })
        .getByText('past due')
        .waitFor();
      const history = page.getByRole('region', { name: 'Invoices' });
      await history.getByText('Failed').first().waitFor();
      await checked();

      // Paying with the same card is declined again, and says so.
      await banner.getByRole('button', { name: 'Pay now' }).click();
      await banner.getByText('Your card was declined', { exact: true }).waitFor();
      await checked();

      // The plan chooser shows the banner too; its 'Update payment method' opens the card form
      // on the subscription page.
      await page.goto(`${h.baseUrl}/subscription/plans`);
      await banner.getByText(/We could not collect \$9\.00/).waitFor();
      await checked();
      await banner.getByRole('button', { name: 'Update payment method' }).click();
      await page.waitForURL(`${h.baseUrl}/subscription`);
      const number = paymentSection().getByLabel('Card number');
      await number.waitFor();
      expect(await number.evaluate((el) => el === document.activeElement)).toBe(true);
      await enterCard(CARDS.pays, 'Save new card', paymentSection());
      await paymentSection().getByText('Visa ending in 4242').waitFor();

      await banner.getByRole('button', { name: 'Pay now' }).click();
      await toast('Payment received');
      await banner.waitFor({ state: 'detached' });
      await page
        .getByRole('heading', { name: /^Starter plan/ })
        .getByText('active')
        .waitFor();
      await history.getByText('Paid').first().waitFor();
      await checked();
    },
    SLOW,
  );
});
