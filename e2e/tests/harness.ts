// Starts the built API (serving the built web app) on a free loopback port with a fresh
// SQLite file, and opens the worker's Debian Chromium (browser-server.ts) through
// playwright-core. Never downloads a browser.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { stablePort } from '../../apps/api/src/lib/listening.js';
import type { FakeStripe } from '../../apps/api/test/helpers/fake-stripe.js';
import { CHROMIUM, workerBrowser } from './browser-server.js';

const apiDist = fileURLToPath(new URL('../../apps/api/dist/app.js', import.meta.url));
const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const keypadDist = fileURLToPath(new URL('../../apps/keypad/dist/standalone', import.meta.url));
const failureShots = fileURLToPath(new URL('../artifacts/failures/', import.meta.url));

/**
 * Declares a browser suite. Without Chromium it is skipped with the reason on a developer's
 * machine, and fails in CI, where .ci/run installs it.
 */
export function describeWithBrowser(title: string, suite: () => void) {
  if (existsSync(CHROMIUM) || process.env.CI) {
    describe(title, suite);
  } else {
    describe.skip(`${title} — skipped: no browser at ${CHROMIUM} (apt-get install -y chromium)`, () => {
      it('runs in Chromium', () => {});
    });
  }
}

export interface Harness {
  baseUrl: string;
  /** A page on another origin (listed in OMEGA_WIDGET_ORIGINS) that embeds the keypad. */
  shopUrl: string;
  browser: Browser;
  /** Moves the server's clock forward (sessions and billing follow it). */
  advance(ms: number): void;
  /**
   * Runs the renewal job now, as the server would each minute: the renewals, then the charges
   * of their invoices and the dunning retries that are due (issue 39). Answers how many
   * subscriptions were renewed.
   */
  renewDue(): Promise<number>;
  /**
   * Writes a system-log entry now, as the server's own warnings and errors do (the e2e server
   * logs nothing, and a healthy one has no warning to give).
   */
  systemLog(level: 'WARNING' | 'ERROR', message: string): Promise<void>;
  /** Stops the server process's app, as a crash or deploy would; the database stays. */
  stopServer(): Promise<void>;
  /** Starts the server again on the same address and database. */
  startServer(): Promise<void>;
  stop(): Promise<void>;
  /** With `payments: 'stripe'`: the fake Stripe API the server collects payments through. */
  stripe?: FakeStripe;
}

export interface HarnessOptions {
  /**
   * 'stripe': the server collects payments with the stripe provider, against the API tests'
   * fake of Stripe's API on loopback (started here, stopped with the harness). Default: demo.
   */
  payments?: 'demo' | 'stripe';
}

/** The part of the running app `systemLog` uses (apps/api/src/repositories/system-logs.ts). */
interface SystemLogWriter {
  repos: {
    systemLogs: {
      insertMany(
        entries: {
          level: 'WARNING' | 'ERROR';
          source: string;
          message: string;
          stackTrace: null;
          at: number;
        }[],
      ): Promise<void>;
    };
  };
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!existsSync(apiDist)) throw new Error(`${apiDist} is missing: build first (pnpm build)`);
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const { build, loadConfig, runRenewals } = (await import(apiDist)) as typeof import('@omega/api');
  const dataDir = mkdtempSync(join(tmpdir(), 'omega-e2e-'));
  // Another site on its own origin that embeds the keypad widget from our server.
  let apiAddress = '';
  const shop = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>A shop</title></head><body><main>
      <h1>A shop that embeds the keypad</h1>
      <omega-keypad api-base="${apiAddress}"></omega-keypad></main>
      <script type="module" src="${apiAddress}/keypad/omega-keypad.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  let stripe: FakeStripe | undefined;
  let stripeEnv: Record<string, string> = {};
  if (options.payments === 'stripe') {
    // The API tests' fake of Stripe's API (decision 038), loaded by the stripe suite only.
    const fake = await import('../../apps/api/test/helpers/fake-stripe.js');
    stripe = await new fake.FakeStripe().start();
    stripeEnv = {
      OMEGA_PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: fake.FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: fake.FAKE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: fake.FAKE_PUBLISHABLE_KEY,
      STRIPE_API_BASE: stripe.url,
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    OMEGA_WIDGET_ORIGINS: shopUrl,
    OMEGA_ADMIN_KEY: 'e2e-admin-key',
    OMEGA_SUPERGOD_KEY: 'e2e-supergod-key',
    LOG_LEVEL: 'silent',
    // The server runs in this process, beside Playwright's client and the tests' own work, so
    // its event-loop lag would be theirs: on a starved CI machine it passed the 500 ms threshold
    // and the server shed the calls of the very flows under test. The check is held by
    // load-shedding.test.ts, and the screens' handling of a 503 by the failures walk.
    OMEGA_PRESSURE_LOOP_DELAY_MS: '0',
    ...stripeEnv,
  });
  let offset = 0;
  const start = async (port: number) => {
    const instance = await build({
      config,
      webDist,
      keypadDist,
      logger: false,
      clock: () => Date.now() + offset,
    });
    const at = await instance.listen({ port, host: '127.0.0.1' });
    return { instance, at };
  };
  // A port the kernel never hands out by itself: keypad.e2e.ts stops and restarts the server on
  // it, and no other process may take it in between (decision 048).
  let { instance: app, at: address } = await start(await stablePort());
  apiAddress = address;
  let running = true;
  const launch = inject('chromiumLaunch');
  if (!launch)
    throw new Error('No browser launch: e2e/vitest.config.ts works it out (globalSetup)');
  const browser = await workerBrowser(launch);
  return {
    baseUrl: address,
    shopUrl,
    browser,
    stripe,
    advance(ms) {
      offset += ms;
    },
    renewDue: () => runRenewals(app),
    systemLog: (level, message) =>
      // The app's repositories are decorations its build's types do not declare to other packages.
      (app as unknown as SystemLogWriter).repos.systemLogs.insertMany([
        { level, source: 'e2e', message, stackTrace: null, at: Date.now() + offset },
      ]),
    async stopServer() {
      await app.close();
      running = false;
    },
    async startServer() {
      ({ instance: app, at: address } = await start(Number(new URL(address).port)));
      running = true;
    },
    async stop() {
      // The browser stays open for the worker's next file, without this file's contexts.
      await Promise.all(browser.contexts().map((context) => context.close()));
      shop.close();
      if (running) await app.close();
      await stripe?.close();
    },
  };
}

export interface BrowserSession {
  harness: Harness;
  context: BrowserContext;
  page: Page;
}

/**
 * One server for the suite, and a fresh browser context and page for each test; a test fails
 * when its page threw an uncaught error.
 */
export function browserSession(options: HarnessOptions = {}): BrowserSession {
  const session = {} as BrowserSession;
  let errors: string[] = [];
  beforeAll(async () => {
    session.harness = await startHarness(options);
  });
  afterAll(() => session.harness?.stop());
  beforeEach(async () => {
    session.context = await session.harness.browser.newContext();
    session.context.setDefaultTimeout(20_000);
    session.page = await session.context.newPage();
    errors = [];
    session.page.on('pageerror', (e) => errors.push(e.message));
  });
  afterEach(async ({ task }) => {
    // A failure says where the page was and what it showed, so a flaky run can be read later.
    if (task.result?.state === 'fail') {
      const text = await session.page
        .locator('body')
        .textContent({ timeout: 2000 })
        .then(
          (t) => t ?? '',
          () => '(no page text)',
        );
      const me = await session.page
        .evaluate(async () => {
          const res = await fetch('/api/user');
          return `${res.status} ${await res.text()}`;
        })
        .catch((err: unknown) => String(err));
      // And what it looked like: one picture per failing test, named after it.
      mkdirSync(failureShots, { recursive: true });
      const shot = `${failureShots}${task.name.replace(/[^\w-]+/g, '-').slice(0, 120)}.png`;
      const saved = await session.page.screenshot({ path: shot, fullPage: true }).then(
        () => shot,
        (err: unknown) => `(no screenshot: ${err instanceof Error ? err.message : String(err)})`,
      );
      process.stderr.write(
        `\n--- ${task.name}: page at ${session.page.url()} showed:\n${text.slice(0, 3000)}\n` +
          `and GET /api/user answered there: ${me}\nscreenshot: ${saved}\n---\n`,
      );
    }
    await session.context.close();
    expect(errors).toEqual([]);
  });
  return session;
}

let names = 0;
/** A name no other test of this run uses (usernames, feature names). */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${names++}`;

/** Page helpers every suite uses: a toast's text shown, a labelled field filled. */
export const pageHelpers = (page: () => Page) => ({
  toast: (text: string) => page().getByText(text, { exact: true }).first().waitFor(),
  fill: (label: string, value: string) => page().getByLabel(label, { exact: true }).fill(value),
});

/** POSTs JSON from the page, so the call carries (and sets) the page's session cookie. */
export const postFromPage = (page: Page, url: string, body: object): Promise<number> =>
  page.evaluate(
    async ([u, b]) => {
      const res = await fetch(u as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return res.status;
    },
    [url, body] as const,
  );

/** Stripe's test card the demo provider always charges successfully (issue 39). */
export const GOOD_CARD = '4242 4242 4242 4242';

/**
 * Saves a card for the page's account through the API, as the card form does (the form has its
 * own tests): a paid plan, its trial included, needs one. Any of the demo's test numbers.
 */
export async function saveCard(page: Page, cardNumber: string = GOOD_CARD): Promise<void> {
  const status = await postFromPage(page, '/api/billing/payment-method', {
    cardNumber,
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  if (status !== 200) throw new Error(`saving the card ${cardNumber} answered ${status}`);
}

export type E2eRole = 'user' | 'admin' | 'supergod';

/**
 * Registers a fresh account of the role through the API from the page (so the page holds its
 * session cookie), and answers its username. The registration forms have their own tests.
 */
export async function signInAs(page: Page, baseUrl: string, role: E2eRole): Promise<string> {
  const username = uniqueName(role.slice(0, 3));
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/auth`);
  const [url, extra] =
    role === 'admin'
      ? ['/api/register-admin', { secretKey: 'e2e-admin-key' }]
      : role === 'supergod'
        ? ['/api/register-supergod', { secretKey: 'e2e-supergod-key' }]
        : ['/api/register', {}];
  const status = await postFromPage(page, url, { username, password: 'e2e-password', ...extra });
  if (status !== 200) throw new Error(`registering a ${role} answered ${status}`);
  return username;
}

/** The screens of the web app (spec section 2), with a module's detail, by the least role that opens them. */
const SCREENS = {
  visitor: ['/auth', '/admin-register', '/supergod-register', '/no-such-page'],
  user: [
    '/',
    '/app-central',
    '/module/1',
    '/mock-dashboard',
    '/mock-settings',
    '/subscription',
    '/subscription/plans',
    '/subscription/features',
    '/account/security',
    '/no-such-page',
  ],
  admin: [
    '/admin',
    '/admin/logs',
    '/admin/subscription-manager',
    '/admin/communications',
    '/admin/unanswered-questions',
  ],
  supergod: ['/supergod'],
} as const satisfies Record<E2eRole | 'visitor', readonly string[]>;

/**
 * The user's screens whose content, not only the shell around it, changes with the role: the
 * security page offers an administrator the admin scope for a token, and says when the role must
 * use two-factor sign-in.
 */
const SHOWN_BY_ROLE = ['/account/security'];

/**
 * The screens a role's walk loads: those no lesser role opens, and the user's screens that show
 * this role something more. A higher role's shell (the god-mode toggle, the supergod banner and
 * greeting) is on its own screens, so a user's screen is walked once, as a user, rather than
 * again under every role that can open it.
 */
export function walkFor(role: E2eRole | 'visitor'): string[] {
  if (role === 'visitor' || role === 'user') return [...SCREENS[role]];
  return [...SCREENS[role], ...SHOWN_BY_ROLE];
}
