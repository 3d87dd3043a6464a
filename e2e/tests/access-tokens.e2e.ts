// Personal access tokens (issue 37) in a real browser against the production build, on a
// phone's 390 px: a user creates a token on /account/security, sees its secret once, a script
// (this test, outside the browser) calls the API with it, and after the user revokes it the
// script's next call is refused.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserSession, describeWithBrowser, type Harness, signInAs } from './harness.js';

describeWithBrowser('personal access tokens', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  /** A script's call with the token: no browser, no cookie. */
  const asScript = (token: string) =>
    fetch(`${h.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  const fitsWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('creates a token, shows it once, and revokes it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const username = await signInAs(page, h.baseUrl, 'user');
    await page.goto(`${h.baseUrl}/account/security`);
    const section = page.getByRole('region', { name: 'Personal access tokens' });
    await section.getByText('No tokens yet.').waitFor();

    const form = section.getByRole('form', { name: 'Create a token' });
    await form.getByLabel('Token name').fill('backup script');
    await form.getByRole('checkbox', { name: 'write' }).check();
    await form.getByRole('button', { name: 'Create token' }).click();

    const secretField = section.getByLabel('Your new token');
    await secretField.waitFor();
    const token = await secretField.inputValue();
    expect(token).toMatch(/^omega_pat_[0-9A-Za-z]{40}$/);
    const listed = section.getByRole('list', { name: 'Your tokens' });
    await listed.getByText('backup script').waitFor();
    expect(await listed.textContent()).toContain(`omega_pat_…${token.slice(-4)}`);
    expect(await listed.textContent()).not.toContain(token);
    expect(await fitsWidth()).toBe(true);
    await expectAccessible(page);

    const me = await asScript(token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(username);

    // Put away, the secret is nowhere on the page, and a reload does not bring it back.
    await section.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.locator('body').textContent()).not.toContain(token);
    await page.reload();
    await listed.getByText('Last used').waitFor();
    expect(await page.content()).not.toContain(token);

    await listed.getByRole('button', { name: 'Revoke token backup script' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await section.getByText('No tokens yet.').waitFor();
    // The focus was on the revoked row's button: the empty state takes it, not the body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('No tokens yet.');
    expect(await fitsWidth()).toBe(true);
    await expectAccessible(page);
    expect((await asScript(token)).status).toBe(401);
  });

  it('keeps the keyboard on the list when a token is revoked: the next row takes the focus', async () => {
    await signInAs(page, h.baseUrl, 'user');
    await page.goto(`${h.baseUrl}/account/security`);
    const section = page.getByRole('region', { name: 'Personal access tokens' });
    const form = section.getByRole('form', { name: 'Create a token' });
    for (const name of ['first', 'second']) {
      await form.getByLabel('Token name').fill(name);
      await form.getByRole('button', { name: 'Create token' }).click();
      await section.getByRole('button', { name: 'I have copied it' }).click();
    }
    const listed = section.getByRole('list', { name: 'Your tokens' });
    const first = listed.getByRole('button', { name: 'Revoke token first' });
    await first.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).focus();
    await page.keyboard.press('Enter');
    await first.waitFor({ state: 'detached' });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focused).toBe('Revoke token second');
    // Enter goes on from there, with no Tab back from the top of the page.
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    await section.getByText('No tokens yet.').waitFor();
  });
});
