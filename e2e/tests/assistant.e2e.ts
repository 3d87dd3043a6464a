// The help assistant in the browser against the built server: a user asks, gets an answer
// quoted from the help with a link that opens the page, and rates it; an article's table shows
// as a table and its hard-wrapped sentences read whole; an admin gets the God Mode assistant
// with live figures, and the supergod console's button is offered to supergods only.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  postFromPage,
  signInAs,
} from './harness.js';

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

  it("shows an article's table as a table, and its sentences whole", async () => {
    await signInAs(page, h.baseUrl, 'user');
    await page.goto(`${h.baseUrl}/app-central`);
    await page.getByRole('button', { name: 'AI Assistant', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'AI Assistant' });
    await panel.getByLabel('Your question').fill('how much does Pro cost');
    await panel.getByRole('button', { name: 'Ask' }).click();
    const table = panel.getByRole('table');
    await table.getByRole('cell', { name: 'Pro (Most Popular)' }).waitFor();
    const pro = table.getByRole('row').filter({ hasText: 'Pro (Most Popular)' });
    expect(await pro.getByRole('cell').allTextContents()).toEqual([
      'Pro (Most Popular)',
      '$29.00',
      '$290.00',
      '14 days',
    ]);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'plan',
      'per month',
      'per year',
      'free trial',
    ]);
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what is asserted: where lines break.
    const shown = await panel.innerText();
    expect(shown).not.toContain('| ---');
    // The article wraps this sentence after 'compared'; the panel does not.
    expect(shown).toContain('Yearly prices show how much you save compared with paying monthly');
  });

  it('offers the supergod console to supergods only', async () => {
    const panel = page.getByRole('dialog', { name: 'God Mode AI Assistant' });
    const consoleButton = panel.getByRole('button', { name: 'Open the supergod console' });
    async function ask() {
      await page.goto(`${h.baseUrl}/app-central`);
      await page.getByRole('button', { name: 'God Mode AI Assistant', exact: true }).click();
      await panel.getByLabel('Your question').fill('what is on the supergod console');
      await panel.getByRole('button', { name: 'Ask' }).click();
      // The answer quotes the console's article to admins as well.
      await panel.getByRole('link', { name: 'The supergod console' }).first().waitFor();
    }
    await signInAs(page, h.baseUrl, 'admin');
    await ask();
    expect(await consoleButton.count()).toBe(0);

    await page.context().clearCookies();
    await signInAs(page, h.baseUrl, 'supergod');
    await ask();
    await consoleButton.click();
    await page.waitForURL(`${h.baseUrl}/supergod`);
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
