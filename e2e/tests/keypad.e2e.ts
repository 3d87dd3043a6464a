// The OmegaPay keypad at '/' against the real API: sign in with the demo OTP, buy, transfer,
// send to a phone, and read the history.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  postFromPage,
  saveCard,
  uniqueName,
} from './harness.js';

// The keypad's own pauses (packages/domain/src/keypad/machine.ts, apps/keypad/src/use-keypad.ts),
// which the tests pass by moving the page's clock forward rather than by waiting.
/** The longest pause after '#': an OTP 1.5 s, a check 1 s, a transaction 1 to 2 s. */
const SEND_PAUSE_MS = 2000;
/** How often queued transactions are sent again (RETRY_EVERY_MS). */
const RETRY_EVERY_MS = 5000;

describeWithBrowser('keypad', () => {
  const session = browserSession();
  let h: Harness;
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    ({ harness: h, context, page } = session);
    // The page's timers run on a clock the test can move forward (and otherwise as usual).
    await page.clock.install();
  });

  const screen = () => page.locator('.omega-keypad__screen');
  const shows = (text: string) => screen().filter({ hasText: text }).waitFor();
  async function press(keys: string) {
    for (const key of keys) {
      const name =
        key === '#'
          ? 'Hash (send)'
          : key === '*'
            ? 'Star (clear)'
            : key === '+'
              ? 'Plus (back)'
              : key === '.'
                ? 'Decimal point'
                : key;
      await page.getByRole('button', { name, exact: true }).click();
      // The key's handler has started the pause; end it now.
      if (key === '#') await page.clock.fastForward(SEND_PAUSE_MS);
    }
  }

  /** Registers an account in this page (Free, or on `planId`): its keypad wallets follow it. */
  async function account(planId?: 'starter') {
    await page.goto(`${h.baseUrl}/auth`);
    expect(
      await postFromPage(page, '/api/register', {
        username: uniqueName('kp'),
        password: 'e2e-password',
      }),
    ).toBe(200);
    if (planId) {
      // A paid plan, its trial included, needs a saved card (issue 39).
      await saveCard(page);
      expect(await postFromPage(page, '/api/subscription/change-plan', { planId })).toBe(200);
    }
  }

  it('signs in, buys, transfers, sends to a phone and shows the history', async () => {
    // Sending and transfers are Starter features: the wallet follows the account's plan.
    await account('starter');
    await page.goto(`${h.baseUrl}/`);
    await shows('Enter your phone number:');
    await expectAccessible(page);

    await press('0821234567#');
    await shows('Demo OTP:');
    const otp = (await screen().textContent())?.match(/Demo OTP: (\d{4})/)?.[1] ?? '';
    await press(`${otp}#`);
    await shows('Enter your 4-digit PIN');
    await press('2468#');
    await shows('1. Buy');

    await press('2');
    await shows('USDC: 120.00');
    await press('0');

    await press('12');
    await press('130#');
    await shows('Get: 0.002 BTC');
    await press('#');
    await shows('Transaction Complete');
    await press('#');

    await press('31');
    await press('123456789#');
    await press('10#');
    await press('#');
    await shows('Transaction Complete');
    await press('#');

    await press('4');
    await press('0831234567#');
    await press('5.5#');
    await shows('To: +27831234567');
    await press('#');
    await shows('Transaction Complete');
    await press('#');

    await press('5');
    await shows('1. Send-to-Phone 5.50 USDC');
    const history = (await screen().textContent()) ?? '';
    expect(history).toContain('2. Transfer 10.00 USDC');
    expect(history).toContain('3. Purchase 130.00 USD');
    await press('+');
    await press('2');
    await shows('USDC: 104.50');
    await shows('BTC: 0.0061');
  });

  it("takes the right PIN after a wrong one, and says which plan unlocks a Free wallet's sending", async () => {
    await account();
    await page.goto(`${h.baseUrl}/`);
    await signInOnKeypad('0821239876');
    // Sign in again (a reload ends the wallet's session): a wrong PIN, then the right one,
    // with the same OTP — the screen's '2 tries left' holds.
    await page.reload();
    await signInOnKeypad('0821239876', { wrongPinFirst: '2468' });
    await press('4');
    await shows('This feature requires the Starter plan. Upgrade to access.');
    await expectAccessible(page);
  });

  async function signInOnKeypad(phone: string, options: { wrongPinFirst?: string } = {}) {
    await shows('Enter your phone number:');
    await press(`${phone}#`);
    await shows('Demo OTP:');
    const otp = (await screen().textContent())?.match(/Demo OTP: (\d{4})/)?.[1] ?? '';
    await press(`${otp}#`);
    await shows('Enter your 4-digit PIN');
    if (options.wrongPinFirst) {
      await press(`${options.wrongPinFirst}#`);
      await shows('Wrong PIN. 2 tries left.');
      // The spec's PIN attempts counter, from the server's count of wrong PINs.
      await shows('Attempts: 1/3');
    }
    await press('1357#');
    await shows('1. Buy');
  }

  it('asks the server for the balance and the history once each after signing in', async () => {
    await account();
    const asked = { balance: 0, transactions: 0 };
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/ussd/balance') asked.balance++;
      if (path === '/api/ussd/transactions') asked.transactions++;
    });
    await page.goto(`${h.baseUrl}/`);
    await signInOnKeypad('0821236543');
    await expect.poll(() => asked).toEqual({ balance: 1, transactions: 1 });
    // Anything asked twice would have gone out by now.
    await page.waitForTimeout(1000);
    expect(asked).toEqual({ balance: 1, transactions: 1 });
  });

  it('works as the standalone page (the custom element)', async () => {
    await page.goto(`${h.baseUrl}/keypad/`);
    // The element's own styles, built into it as text, apply inside its shadow root.
    expect(
      await page
        .getByRole('button', { name: '1', exact: true })
        .evaluate((key) => getComputedStyle(key).backgroundColor),
    ).toBe('rgb(45, 50, 61)');
    await signInOnKeypad('0841234567');
    await press('2');
    await shows('USDC: 120.00');
    await expectAccessible(page);
    // The physical keyboard from the focused key, through the element's renderer (Preact's own
    // events, not React's): digits, and Enter for '#'.
    await page.keyboard.press('0');
    await shows('1. Buy');
    await page.keyboard.type('11');
    await shows('Buy USDC: amount in USD');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await shows('Pay: USD 5');
  });

  it('works embedded in another site, calling the server across origins', async () => {
    await page.goto(h.shopUrl);
    await signInOnKeypad('0891234567');
    await press('2');
    await shows('USDC: 120.00');
    await expectAccessible(page);
  });

  it('keeps a transaction made offline and records it once when back online', async () => {
    await account('starter');
    await page.goto(`${h.baseUrl}/keypad/`);
    await signInOnKeypad('0851234567');
    await context.setOffline(true);
    await press('4');
    await press('0861234567#');
    await press('7#');
    await press('#');
    await page.getByText('Sync failed. Transaction saved locally, backend unavailable').waitFor();
    await shows('Transaction Complete');
    await context.setOffline(false);
    // The outbox's next retry, now rather than within 5 s; the notice goes once the server has it.
    await page.clock.fastForward(RETRY_EVERY_MS);
    await page
      .getByText('Sync failed. Transaction saved locally, backend unavailable')
      .waitFor({ state: 'detached', timeout: 15_000 });
    await press('#');
    await press('5');
    await shows('1. Send-to-Phone 7.00 USDC');
    const history = (await screen().textContent()) ?? '';
    expect(history).not.toContain('2. Send-to-Phone');
  });

  it('keeps a transaction while the server is down and records it exactly once when it is back', async () => {
    await account('starter');
    await page.goto(`${h.baseUrl}/keypad/`);
    await signInOnKeypad('0871234567');
    await h.stopServer();
    try {
      await press('4');
      await press('0881234567#');
      await press('3#');
      await press('#');
      await page.getByText('Sync failed. Transaction saved locally, backend unavailable').waitFor();
      await shows('Transaction Complete');
    } finally {
      await h.startServer();
    }
    // The outbox's next retry, now rather than within 5 s.
    await page.clock.fastForward(RETRY_EVERY_MS);
    await page
      .getByText('Sync failed. Transaction saved locally, backend unavailable')
      .waitFor({ state: 'detached', timeout: 20_000 });
    // What the server recorded, read as any wallet client would: sign in, list.
    const call = async <T>(path: string, init: { body?: object; token?: string } = {}) => {
      const res = await fetch(`${h.baseUrl}${path}`, {
        method: init.body ? 'POST' : 'GET',
        headers: {
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const phone = '0871234567';
    const { demoOtp } = await call<{ demoOtp: string }>('/api/ussd/otp', { body: { phone } });
    const { token } = await call<{ token: string }>('/api/ussd/login', {
      body: { phone, otp: demoOtp, pin: '1357' },
    });
    const { transactions } = await call<{
      transactions: { type: string; amount: string; destination: string; status: string }[];
    }>('/api/ussd/transactions', { token });
    expect(
      transactions.map(({ type, amount, destination, status }) => ({
        type,
        amount,
        destination,
        status,
      })),
    ).toEqual([
      { type: 'Send-to-Phone', amount: '3', destination: '+27881234567', status: 'success' },
    ]);
  });
});
