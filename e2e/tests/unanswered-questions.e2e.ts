// The assistant's unanswered questions in a real browser against the production build: a user
// asks something the help does not answer (in the assistant panel and through the API) and
// rates the answer 'no' (which adds nothing: the decline was kept when it was asked); an admin
// finds it from the dashboard, grouped with its count and the
// article it came nearest to, on a 360 px phone too, with no accessibility violations, and
// clears it from the keyboard.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  pageHelpers,
  postFromPage,
  signInAs,
} from './harness.js';

describeWithBrowser('unanswered questions', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });
  const { toast } = pageHelpers(() => page);

  it('shows an admin what a user asked that the help does not answer, and clears it', async () => {
    let asker: BrowserContext | undefined;
    try {
      asker = await h.browser.newContext();
      const user = await asker.newPage();
      await signInAs(user, h.baseUrl, 'user');
      await user.goto(`${h.baseUrl}/app-central`);
      await user.getByRole('button', { name: 'AI Assistant', exact: true }).click();
      const panel = user.getByRole('dialog', { name: 'AI Assistant' });
      await panel.getByLabel('Your question').fill('How do I cancel my Netflix subscription?');
      await panel.getByLabel('Your question').press('Enter');
      await panel.getByText(/I could not find anything about/).waitFor();
      await panel.getByRole('button', { name: 'No' }).click();
      await user.getByText('Thank you for your feedback!', { exact: true }).first().waitFor();
      // The same question in other words, through the API.
      expect(
        await postFromPage(user, '/api/ai/ai-assistant', {
          query: 'cancel my netflix subscription',
        }),
      ).toBe(200);
    } finally {
      await asker?.close();
    }

    await signInAs(page, h.baseUrl, 'admin');
    await page.goto(`${h.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Unanswered questions' }).click();
    await page.waitForURL(`${h.baseUrl}/admin/unanswered-questions`);
    await page.getByRole('heading', { level: 1, name: 'Unanswered questions' }).waitFor();
    const list = page.getByRole('list', { name: 'Unanswered questions by wording' });
    const group = list.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'cancel my netflix subscription' }),
    });
    await group.waitFor();
    // Asked twice; the 'no' for the first decline does not make it three.
    await group.getByText('2 times').waitFor();
    await group.getByText('(2 declined)').waitFor();
    await group.getByText('How do I cancel my Netflix subscription?').waitFor();
    expect(
      await group
        .getByRole('link', { name: 'Cancelling and resuming a subscription' })
        .getAttribute('href'),
    ).toBe('/subscription');
    await expectAccessible(page);

    // A phone: nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // Clear, from the keyboard, behind the confirmation.
    await page.getByRole('button', { name: 'Clear' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Clear all unanswered questions?' });
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Clear' }).focus();
    await page.keyboard.press('Enter');
    await toast('Cleared 2 questions');
    await page.getByText('No unanswered questions in the last 90 days').waitFor();
    // The disabled Clear button cannot keep the focus: the empty state has it, not the body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('No unanswered questions in the last 90 days');
    await expectAccessible(page);
  });
});
