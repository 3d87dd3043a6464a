// The OmegaPay keypad when its calls fail — the network drops them, or a proxy answers 503
// with its own HTML page — on every screen that calls the server (OTP request, sign-in,
// balance, history, transaction), in the web app at '/' and embedded in another site. Each
// failure says a sentence of ours; the page never shows an exception's or a proxy's text.
import type { Page, Route } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { browserSession, describeWithBrowser, type Harness, signInAs } from './harness.js';

const UNREACHABLE = 'OmegaPay cannot be reached. Check your connection and try again.';
const NO_ANSWER = 'OmegaPay is not available right now. Try again later.';
const SYNC_FAILED = 'Sync failed. Transaction saved locally, backend unavailable';
const RAW = /fetch|Error:|undefined|NaN|Service Unavailable/;
// The keypad's own pauses (packages/domain/src/keypad/machine.ts, apps/keypad/src/use-keypad.ts),
// which the tests pass by moving the page's clock forward rather than by waiting.
/** The longest pause after '#': an OTP 1.5 s, a check 1 s, a transaction 1 to 2 s. */
const SEND_PAUSE_MS = 2000;
/** How long a failure is shown before its screen comes back (ERROR_MS). */
const ERROR_SHOWN_MS = 3000;
/** How often queued transactions are sent again (RETRY_EVERY_MS). */
const RETRY_EVERY_MS = 5000;

const failures = {
  'the network drops the calls': {
    fail: (route: Route) => route.abort(),
    says: UNREACHABLE,
  },
  'a proxy answers 503 with an HTML page': {
    fail: (route: Route) =>
      route.fulfill({
        status: 503,
        contentType: 'text/html',
        // A proxy in front of a widget's server answers other sites with CORS headers too.
        headers: { 'access-control-allow-origin': '*' },
        body: '<html><body><h1>503 Service Unavailable</h1>No server is available.</body></html>',
      }),
    says: NO_ANSWER,
  },
};

/**
 * All the page's text, inside the widget's shadow root too, styles and scripts aside, once it
 * contains `expected` (at any time when null). Hidden text counts: a screen reader reads it.
 * Read in the page at the moment the text is there: a failure notice shows for a few seconds,
 * and on a busy machine a second round trip to read the page could find the next screen.
 */
const pageText = async (page: Page, expected: string | null = null): Promise<string> => {
  const handle = await page.waitForFunction((want) => {
    const texts: string[] = [];
    const walk = (root: Node) => {
      for (const node of Array.from(root.childNodes)) {
        if (node.nodeType === Node.TEXT_NODE) texts.push(node.textContent ?? '');
        if (!(node instanceof Element) || node.tagName === 'STYLE' || node.tagName === 'SCRIPT')
          continue;
        if (node.shadowRoot) walk(node.shadowRoot);
        walk(node);
      }
    };
    walk(document.body);
    const text = texts.join('\n');
    return want === null || text.includes(want) ? text : false;
  }, expected);
  return (await handle.jsonValue()) as string;
};

describeWithBrowser('keypad when its calls fail', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  const screen = () => page.locator('.omega-keypad__screen');
  const shows = (text: string) => screen().filter({ hasText: text }).waitFor();
  async function press(keys: string) {
    for (const key of keys) {
      const name =
        key === '#'
          ? 'Hash (send)'
          : key === '+'
            ? 'Plus (back)'
            : key === '*'
              ? 'Star (clear)'
              : key;
      await page.getByRole('button', { name, exact: true }).click();
      // The key's handler has started the pause; end it now.
      if (key === '#') await page.clock.fastForward(SEND_PAUSE_MS);
    }
  }

  /** Waits for `text` on the page, and checks nothing raw is shown beside it then. */
  async function saysOnly(text: string) {
    const seen = await pageText(page, text);
    expect(seen).toContain(text);
    expect(seen).not.toMatch(RAW);
  }

  /**
   * Waits for a failure to be said, then moves the page's clock past the time the keypad shows
   * it, rather than waiting those seconds: what follows checks that its screen came back.
   */
  async function saysThenClears(text: string) {
    await saysOnly(text);
    await page.clock.fastForward(ERROR_SHOWN_MS);
  }

  const hosts: Record<string, () => Promise<void>> = {
    "the web app's keypad at '/'": async () => {
      await signInAs(page, h.baseUrl, 'user');
      await page.goto(`${h.baseUrl}/`);
    },
    'the widget embedded in another site': async () => {
      await page.goto(h.shopUrl);
    },
  };

  for (const [host, open] of Object.entries(hosts)) {
    for (const [how, { fail, says }] of Object.entries(failures)) {
      it(`${host}: says so in its own words when ${how}`, async () => {
        // The page's timers run on a clock the test can move forward (and otherwise as usual).
        await page.clock.install();
        await open();
        await shows('Enter your phone number:');
        const phone = `08${String(Date.now()).slice(-8)}`;
        const failing = () => page.route('**/api/ussd/**', fail);
        const working = () => page.unroute('**/api/ussd/**');

        await failing();
        await press(`${phone}#`);
        await saysThenClears(says);
        await shows('Enter your phone number:');

        await working();
        await press(`${phone}#`);
        await shows('Demo OTP:');
        const otp = (await screen().textContent())?.match(/Demo OTP: (\d{4})/)?.[1] ?? '';
        await press(`${otp}#`);
        await shows('Enter your 4-digit PIN');
        await shows('Attempts: 0/3');

        await failing();
        await press('1357#');
        await saysThenClears(says);
        await shows('Enter your 4-digit PIN');

        await working();
        await press('1357#');
        await shows('1. Buy');

        await failing();
        await press('2');
        await saysThenClears(says);
        await shows('USDC: 120.00');
        await press('0');
        await press('5');
        await saysOnly(says);
        await press('+');

        // A confirmed purchase is kept and sent later: the spec's sync notice says so.
        await press('11');
        await press('5#');
        await press('#');
        await saysOnly(SYNC_FAILED);
        await shows('Transaction Complete');
        expect(await pageText(page)).not.toMatch(RAW);
        await working();
        // The next retry, now rather than within five seconds: the notice goes once it is sent.
        await page.clock.fastForward(RETRY_EVERY_MS);
        await page.getByText(SYNC_FAILED).waitFor({ state: 'detached', timeout: 15_000 });
      });
    }
  }
});
