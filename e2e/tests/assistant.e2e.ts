// The help assistant in the browser against the built server: a user asks, gets an answer
// quoted from the help with a link that opens the page, and rates it; an admin gets the God
// Mode assistant with live figures.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserSession, describeWithBrowser, type Harness, postFromPage } from './harness.js';

describeWithBrowser('assistant', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  const name = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

  it('answers from the help with a working link, and takes a rating', async () => {
    await page.goto(`${h.baseUrl}/auth`);
    expect(
      await postFromPage(page, '/api/register', {
        username: name('ask'),
        password: 'e2e-password',
      }),
    ).toBe(200);
    await page.goto(`${h.baseUrl}/app-central`);
    await page.getByRole('button', { name: 'AI Assistant', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'AI Assistant' });
    const ask = panel.getByRole('button', { name: 'Ask' });
    expect(await ask.isDisabled()).toBe(true);

    await panel.getByLabel('Your question').fill('How do I cancel my subscription?');
    await panel.getByLabel('Your question').press('Enter');
    await panel.getByText('Cancelling and resuming a subscription › Cancelling').waitFor();
    await expectAccessible(page);

    await panel.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Thank you for your feedback!', { exact: true }).first().waitFor();

    await panel
      .getByRole('link', { name: 'Cancelling and resuming a subscription' })
      .first()
      .click();
    await page.waitForURL(`${h.baseUrl}/subscription`);
    await page.getByRole('heading', { name: 'Billing history' }).waitFor();

    // Escape closes the panel.
    await panel.getByLabel('Your question').press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('gives admins the God Mode assistant with live figures', async () => {
    await page.goto(`${h.baseUrl}/auth`);
    expect(
      await postFromPage(page, '/api/register-admin', {
        username: name('root'),
        password: 'e2e-password',
        secretKey: 'e2e-admin-key',
      }),
    ).toBe(200);
    await page.goto(`${h.baseUrl}/app-central`);
    await page.getByRole('button', { name: 'God Mode AI Assistant', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'God Mode AI Assistant' });
    await panel.getByLabel('Your question').fill('how do I clear the system logs');
    await panel.getByRole('button', { name: 'Ask' }).click();
    await panel.getByText('System health').waitFor();
    await panel.getByText('Are you sure you want to clear all logs?', { exact: false }).waitFor();
    await expectAccessible(page);
  });
});
