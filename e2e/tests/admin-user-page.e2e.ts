// One page per user and 'View as user' (issue 19) in a real browser against the production
// build: an admin opens a user's page from the users table, sees its sections, starts the
// read-only view, sees the red banner on /subscription, has a plan change refused by the
// server with the read-only message, and ends the view from the banner.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  pageHelpers,
  postFromPage,
  uniqueName,
} from './harness.js';

describeWithBrowser('the user page and view as user', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });
  const { toast } = pageHelpers(() => page);

  async function register(username: string, role: 'user' | 'admin') {
    await page.goto(`${h.baseUrl}/auth`);
    const status =
      role === 'admin'
        ? await postFromPage(page, '/api/register-admin', {
            username,
            password: 'e2e-password',
            secretKey: 'e2e-admin-key',
          })
        : await postFromPage(page, '/api/register', { username, password: 'e2e-password' });
    expect(status).toBe(200);
  }

  it('opens a user from the users table, views as them read-only, and ends the view', async () => {
    const target = uniqueName('ann');
    await register(target, 'user');
    await register(uniqueName('boss'), 'admin');

    await page.goto(`${h.baseUrl}/admin/subscription-manager`);
    await page.getByRole('tab', { name: 'User Subscriptions' }).click();
    await page.getByLabel('Search users').fill(target);
    await page.getByRole('link', { name: target, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: target }).waitFor();
    const userPage = page.url();
    expect(userPage).toMatch(/\/admin\/users\/\d+$/);
    for (const name of [
      'Account',
      'Active sessions',
      'Subscription',
      'Feature overrides',
      'Keypad wallet',
      'Activity',
      "System log of this user's requests",
    ]) {
      await page.getByRole('region', { name }).waitFor();
    }
    // Registering the admin in this same browser ended the user's session; the sign-up is
    // on the user's record.
    await page.getByText(`No active sessions: ${target} is signed out everywhere.`).waitFor();
    await page
      .getByRole('region', { name: 'Activity' })
      .getByRole('cell', { name: 'register', exact: true })
      .waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'View as user' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'View as user' }).click();
    await page.waitForURL(`${h.baseUrl}/subscription`);
    const banner = page.getByRole('region', { name: `Viewing as ${target}` });
    await banner.waitFor();
    expect(await banner.getByRole('status').textContent()).toBe(
      `Viewing as ${target} (read-only) — 15 min left`,
    );
    // The app is the user's now: the top bar names them, the admin console is out of reach.
    await page.getByText(target, { exact: true }).first().waitFor();
    await expectAccessible(page);

    // A change the user could make is refused by the server, with the reason.
    await page.goto(`${h.baseUrl}/subscription/plans`);
    await banner.waitFor();
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm change' }).click();
    await toast(`Read-only view as ${target}: changes are not allowed.`);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await banner.getByRole('button', { name: 'End view' }).click();
    await page.waitForURL(userPage);
    await banner.waitFor({ state: 'detached' });
    // The view's start and end are on the admin's record; the user's plan did not change.
    const audit = await page.evaluate(async () =>
      (await (await fetch('/api/admin/activity-logs?limit=10')).json()).map(
        (a: { action: string }) => a.action,
      ),
    );
    expect(audit.slice(0, 2)).toEqual(['view_as_end', 'view_as_start']);
    await page
      .getByRole('region', { name: 'Subscription' })
      .getByText(/Free|on the Free plan/)
      .first()
      .waitFor();
  });
});
