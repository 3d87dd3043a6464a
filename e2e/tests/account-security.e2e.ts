// Account security (issue 36) in a real browser against the production build: a user opens
// /account/security from the username in the top bar, ends the session of another browser
// signed in to the account, then changes the password — the other browser is signed out, this
// one goes on, and only the new password signs in; and turns on two-factor with an
// authenticator app (codes computed here with the library the server uses), then signs in with it;
// and, 10 minutes after signing in, makes an access token after signing in again in a dialog.
import { Secret, TOTP } from 'otpauth';
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

const NEW_PASSWORD = 'a new e2e passphrase';

describeWithBrowser('account security', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });
  const { fill } = pageHelpers(() => page);

  /** Another browser (its own cookies) signed in to the account; answers its page. */
  async function otherBrowser(username: string, password: string) {
    const context = await h.browser.newContext();
    const other = await context.newPage();
    await other.goto(`${h.baseUrl}/auth`);
    expect(await postFromPage(other, '/api/login', { username, password })).toBe(200);
    return { other, close: () => context.close() };
  }
  /** The status of GET /api/user from `p` once it settles: a second at most (the cache). */
  async function signedInStatus(p: Page) {
    await p.waitForTimeout(1100);
    return p.evaluate(async () => (await fetch('/api/user')).status);
  }

  it('ends another session and changes the password from the username’s page', async () => {
    const username = uniqueName('sec');
    await page.goto(`${h.baseUrl}/auth`);
    expect(await postFromPage(page, '/api/register', { username, password: 'e2e-password' })).toBe(
      200,
    );
    const phone = await otherBrowser(username, 'e2e-password');
    try {
      await page.goto(`${h.baseUrl}/subscription`);
      await page.getByRole('link', { name: `${username}: account security` }).click();
      await page.getByRole('heading', { level: 1, name: 'Account security' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/account/security');

      const list = page.getByRole('list', { name: 'Your sessions' });
      await list.getByRole('listitem').nth(1).waitFor();
      expect(await list.getByRole('listitem').count()).toBe(2);
      await list.getByText('This session').waitFor();
      await expectAccessible(page);

      // End the other browser's session.
      await list.getByRole('button', { name: /^End session/ }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
      await page.getByText('No other sessions: your account is signed in only here.').waitFor();
      expect(await signedInStatus(phone.other)).toBe(401);

      // Signed in there again, then the password changes here.
      expect(
        await postFromPage(phone.other, '/api/login', { username, password: 'e2e-password' }),
      ).toBe(200);
      await page.reload();
      await list.getByRole('listitem').nth(1).waitFor();
      await fill('Current password', 'e2e-password');
      await fill('New password', NEW_PASSWORD);
      await fill('New password again', NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Password changed. Your other sessions have been signed out.' })
        .waitFor();
      await page.getByText('No other sessions: your account is signed in only here.').waitFor();
      expect(await signedInStatus(phone.other)).toBe(401);
      // This browser goes on (its session has a new id); only the new password signs in.
      expect(await signedInStatus(page)).toBe(200);
      expect(
        await postFromPage(phone.other, '/api/login', { username, password: 'e2e-password' }),
      ).toBe(401);
      expect(
        await postFromPage(phone.other, '/api/login', { username, password: NEW_PASSWORD }),
      ).toBe(200);
    } finally {
      await phone.close();
    }
  });

  it('refuses a wrong current password under its field', async () => {
    const username = uniqueName('sec');
    await page.goto(`${h.baseUrl}/auth`);
    expect(await postFromPage(page, '/api/register', { username, password: 'e2e-password' })).toBe(
      200,
    );
    await page.goto(`${h.baseUrl}/account/security`);
    await fill('Current password', 'not-my-password');
    await fill('New password', NEW_PASSWORD);
    await fill('New password again', NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor();
    expect(
      await page.getByLabel('Current password', { exact: true }).getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('turns on two-factor with an authenticator app and signs in with its code', async () => {
    const username = uniqueName('tfa');
    await page.goto(`${h.baseUrl}/auth`);
    expect(await postFromPage(page, '/api/register', { username, password: 'e2e-password' })).toBe(
      200,
    );
    await page.goto(`${h.baseUrl}/account/security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code of your two-factor key' }).waitFor();
    const secret =
      (await page.locator('.omega-account__sections code').first().textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    // The app's code now: the server's clock is this machine's (nothing has moved it yet).
    const app = new TOTP({ secret: Secret.fromBase32(secret) });
    await fill('Authentication code', app.generate());
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByRole('list', { name: 'Your recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByText(/10 recovery codes left/).waitFor();

    // Signed out, the password alone is not enough.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${h.baseUrl}/auth`);
    await fill('Username', username);
    await fill('Password', 'e2e-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Authentication code').waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/user')).status)).toBe(401);
    await expectAccessible(page);
    // The code that turned it on was used: the next step's code signs in.
    h.advance(30_000);
    await fill('Authentication code', app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('current-username').filter({ hasText: username }).waitFor();
  });

  // Last in the file: it moves the server's clock by 11 minutes, which the codes above would feel.
  it('asks a sign-in older than 10 minutes for the password in a dialog, then makes the token', async () => {
    const username = uniqueName('again');
    await page.goto(`${h.baseUrl}/auth`);
    expect(await postFromPage(page, '/api/register', { username, password: 'e2e-password' })).toBe(
      200,
    );
    h.advance(11 * 60_000);
    await page.goto(`${h.baseUrl}/account/security`);
    const form = page.getByRole('form', { name: 'Create a token' });
    await form.getByLabel('Token name').fill('ci');
    await form.getByRole('button', { name: 'Create token' }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Password', { exact: true }).fill('not the password');
    await dialog.getByRole('button', { name: 'Sign in and go on' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('e2e-password');
    await dialog.getByRole('button', { name: 'Sign in and go on' }).click();

    const token = page.getByLabel('Your new token');
    await token.waitFor();
    expect(await token.inputValue()).toMatch(/^omega_pat_/);
    expect(await dialog.count()).toBe(0);
    // The same session goes on: still signed in, as the same user.
    await page.getByTestId('current-username').filter({ hasText: username }).waitFor();
  });
});
