// The trend charts on /admin in a real browser against the production build: uPlot arrives
// with /admin and not before, a canvas per chart drawn from real figures, the admin's own
// sign-in in the sign-ins table, MRR once a user pays for a plan, every table shown at once,
// a 320 px phone, and axe with the charts and with the tables.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectNoAxeFindings } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  postFromPage,
  saveCard,
  signInAs,
  uniqueName,
} from './harness.js';

const DAY = 86_400_000;
const PASSWORD = 'e2e-password';

describeWithBrowser('admin trend charts', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  /** The card of the chart headed `title`. */
  const card = (title: string) =>
    page.locator('.omega-card', { has: page.getByRole('heading', { level: 3, name: title }) });

  /** Waits for every read to answer and every animation to end (axe measures what is painted). */
  async function settle() {
    await page.waitForLoadState('networkidle');
    await page.locator('.omega-skeleton').first().waitFor({ state: 'detached' });
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  }

  /** axe finds nothing on the page, of any impact (moderate and minor ones included). */
  async function expectChartsAccessible() {
    await settle();
    await expectNoAxeFindings(page);
  }

  it('draws the charts from real figures, with MRR once a user pays and tables on demand', async () => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/assets\/trends-section-.*\.js$/.test(path)) chunks.push(path);
    });

    // A user takes Starter; the trial ends and the renewal job bills the first month.
    await page.goto(`${h.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(chunks, 'the sign-in page does not download the charts').toEqual([]);
    const payer = uniqueName('payer');
    expect(await postFromPage(page, '/api/register', { username: payer, password: PASSWORD })).toBe(
      200,
    );
    await saveCard(page);
    expect(await postFromPage(page, '/api/subscription/change-plan', { planId: 'starter' })).toBe(
      200,
    );
    h.advance(8 * DAY);
    expect(await h.renewDue()).toBeGreaterThanOrEqual(1);

    // An admin registers, then signs in with the password: a sign-in the chart counts.
    const admin = uniqueName('chief');
    expect(
      await postFromPage(page, '/api/register-admin', {
        username: admin,
        password: PASSWORD,
        secretKey: 'e2e-admin-key',
      }),
    ).toBe(200);
    expect(await postFromPage(page, '/api/login', { username: admin, password: PASSWORD })).toBe(
      200,
    );

    // The server logs two warnings and an error (as a failing request or a refused gateway
    // callback would).
    await h.systemLog('WARNING', 'e2e: a slow query');
    await h.systemLog('WARNING', 'e2e: another slow query');
    await h.systemLog('ERROR', 'e2e: a failed request');

    await page.goto(`${h.baseUrl}/admin`);
    await page.getByRole('heading', { level: 2, name: 'Trends' }).waitFor();
    for (const title of ['Errors and warnings', 'Sign-ins', 'Registrations', 'Plan distribution']) {
      await card(title).locator('figure [role="img"] canvas').first().waitFor();
    }
    await expect.poll(() => card('Revenue').locator('figure canvas').count()).toBe(2);
    await card('Errors and warnings')
      .getByRole('img', { name: /1 error and 2 warnings in all/ })
      .waitFor();
    expect(chunks).toHaveLength(1);

    // Starter is $9.00 a month: the figure, the chart's description and its table say so.
    const revenue = card('Revenue');
    await revenue.getByText('$9.00', { exact: true }).first().waitFor();
    await revenue.getByRole('img', { name: /, \$9\.00 now\.$/ }).waitFor();
    await card('Plan distribution')
      .getByRole('img', { name: /Starter [1-9]/ })
      .waitFor();
    await expectChartsAccessible();

    // The sign-ins table: the admin's own sign-in (the only one) is in its last row, the hour
    // still counting (or the one before, should the hour have turned since).
    const signIns = card('Sign-ins');
    await signIns.getByRole('button', { name: 'Show table of sign-ins' }).click();
    const lastHour = signIns.getByRole('row').last();
    expect(await lastHour.getByRole('cell').first().textContent()).toBe('1');
    await signIns.getByRole('button', { name: 'Show chart of sign-ins' }).waitFor();

    // Every table at once.
    for (const name of [
      'errors and warnings',
      'new accounts',
      'accounts per plan',
      'MRR per day',
      'MRR movements',
    ]) {
      await page.getByRole('button', { name: `Show table of ${name}` }).click();
      await page.getByRole('button', { name: `Show chart of ${name}` }).waitFor();
    }
    await expect.poll(() => page.locator('figure canvas').count()).toBe(0);
    const today = revenue.getByRole('row').filter({ hasText: '(so far)' });
    await today.getByRole('cell', { name: '$9.00' }).first().waitFor();
    const moves = revenue.getByRole('region', { name: 'Table of MRR movements' });
    await moves
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '$9.00' }) })
      .first()
      .waitFor();
    await expectChartsAccessible();
  });

  it('fits a 320 px phone, in the light theme too', async () => {
    await page.setViewportSize({ width: 320, height: 800 });
    await signInAs(page, h.baseUrl, 'admin');
    await page.goto(`${h.baseUrl}/admin`);
    await card('Registrations').locator('figure canvas').waitFor();
    await settle();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      canvases: Array.from(document.querySelectorAll('figure canvas')).map(
        (c) => c.getBoundingClientRect().right,
      ),
    }));
    expect(widths.page, 'nothing scrolls sideways').toBeLessThanOrEqual(320);
    expect(widths.canvases.length).toBeGreaterThan(0);
    for (const right of widths.canvases) expect(right).toBeLessThanOrEqual(320);
    await expectChartsAccessible();

    // The theme switch draws the charts again in the light theme's colours.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.keyboard.press('Escape');
    await card('Registrations').locator('figure canvas').waitFor();
    await expectChartsAccessible();
  });
});
