// A user's subscription in the browser: a trial, an upgrade charged pro-rated and shown in
// the billing history, cancel and resume, and a locked feature.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  pageHelpers,
  postFromPage,
} from './harness.js';

const DAY = 86_400_000;

describeWithBrowser('subscriptions', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  const { toast } = pageHelpers(() => page);

  async function choose(planName: string) {
    await page.goto(`${h.baseUrl}/subscription/plans`);
    await page.getByRole('button', { name: `Choose ${planName}` }).click();
    await page.getByRole('dialog').waitFor();
  }

  it('upgrades, shows the charge in billing history, cancels and resumes', async () => {
    const name = `sub${Date.now().toString(36)}`;
    await page.goto(`${h.baseUrl}/auth`);
    expect(
      await postFromPage(page, '/api/register', { username: name, password: 'e2e-password' }),
    ).toBe(200);

    await choose('Starter');
    await page.getByText('You are in a free trial: nothing is charged until it ends.').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await toast('Plan Updated');

    // The trial ends: the server's clock moves on, the renewal job bills the first month.
    h.advance(8 * DAY);
    expect(await h.renewDue()).toBeGreaterThanOrEqual(1);
    expect(
      await postFromPage(page, '/api/login', { username: name, password: 'e2e-password' }),
    ).toBe(200);

    await choose('Pro');
    await page.getByText('Charged now:').waitFor();
    const charged = await page.locator('.omega-preview__total strong').textContent();
    expect(charged).toMatch(/^\$\d+\.\d{2}$/);
    await page.getByRole('button', { name: 'Confirm change' }).click();
    await toast('Plan Updated');

    await page.goto(`${h.baseUrl}/subscription`);
    await page.getByRole('cell', { name: 'Upgrade to Pro (pro-rated)' }).waitFor();
    await page
      .getByRole('cell', { name: charged ?? '' })
      .first()
      .waitFor();
    await page.getByRole('cell', { name: '$9.00' }).first().waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await toast('Subscription Cancelled');
    await page.getByRole('button', { name: 'Resume' }).click();
    await toast('Subscription Resumed');
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
  });

  it('explains a locked feature and what upgrading would cost', async () => {
    await page.goto(`${h.baseUrl}/auth`);
    expect(
      await postFromPage(page, '/api/register', {
        username: `lock${Date.now().toString(36)}`,
        password: 'e2e-password',
      }),
    ).toBe(200);
    await page.goto(`${h.baseUrl}/subscription/features`);
    const audit = page.getByRole('button', { name: /Audit log/ });
    await audit.getByText('Locked').waitFor();
    await page
      .getByRole('button', { name: /Wallet balance/ })
      .getByText('Available')
      .waitFor();
    await expectAccessible(page);
    await audit.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Feature Locked').waitFor();
    await dialog
      .getByText('This feature requires the Enterprise plan. Upgrade to access.')
      .waitFor();
    await dialog.getByText('Current plan:').waitFor();
    await dialog.getByRole('button', { name: 'Confirm change' }).waitFor();
  });
});
