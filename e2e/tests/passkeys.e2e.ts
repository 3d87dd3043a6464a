// Passkeys (issue 37) in Chromium against the production build, with a virtual authenticator
// from the DevTools protocol (a platform authenticator that verifies its user): a phone-sized
// page (390 px) adds a passkey on /account/security and renames it by keyboard, signs out, and
// signs in again from /auth with the passkey alone — axe-clean throughout; and confirms a change
// that asks for a recent sign-in with the passkey in the sign-in-again dialog. WebAuthn refuses an
// IP address as relying party, so the pages are opened at localhost (a secure context) rather
// than at the 127.0.0.1 the harness listens on.
import type { CDPSession, Page } from 'playwright-core';
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

const PHONE = { width: 390, height: 844 };

describeWithBrowser('passkeys', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  let base: string;
  beforeEach(() => {
    ({ harness: h, page } = session);
    base = h.baseUrl.replace('127.0.0.1', 'localhost');
  });
  const { toast } = pageHelpers(() => page);

  /** A platform authenticator that holds discoverable passkeys and verifies its user. */
  async function virtualAuthenticator(): Promise<{ cdp: CDPSession; authenticatorId: string }> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    return { cdp, authenticatorId };
  }

  /** Whether the page scrolls sideways at its width. */
  const scrollsSideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  it('adds a passkey, signs out, and signs in with it alone', async () => {
    await page.setViewportSize(PHONE);
    const { cdp, authenticatorId } = await virtualAuthenticator();
    const username = uniqueName('pk');
    await page.goto(`${base}/auth`);
    expect(await postFromPage(page, '/api/register', { username, password: 'e2e-password' })).toBe(
      200,
    );

    await page.goto(`${base}/account/security`);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('No passkeys yet.').waitFor();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await toast('Passkey added: you can sign in with it.');
    const list = card.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Passkey 1').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // Renamed in place with the keyboard alone.
    await list.getByRole('button', { name: 'Rename passkey: Passkey 1' }).focus();
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Passkey name', { exact: true });
    await name.waitFor();
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('This phone');
    await page.keyboard.press('Enter');
    await list.getByRole('button', { name: 'Rename passkey: This phone' }).waitFor();
    expect(await list.getByText('Not used yet').count()).toBe(1);
    await expectAccessible(page);
    expect(await scrollsSideways()).toBe(false);

    // Signed out (the top bar's tools fold into a menu at this width).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${base}/auth`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await expectAccessible(page);
    expect(await scrollsSideways()).toBe(false);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await toast('Logged in successfully');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('current-username').filter({ hasText: username }).waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/user')).status)).toBe(200);

    await page.goto(`${base}/account/security`);
    await list.getByText(/^Last used /).waitFor();
    await expectAccessible(page);
  });

  it('signs in again with the passkey when a change asks for a recent sign-in', async () => {
    await virtualAuthenticator();
    const username = uniqueName('pkagain');
    await page.goto(`${base}/auth`);
    expect(await postFromPage(page, '/api/register', { username, password: 'e2e-password' })).toBe(
      200,
    );
    await page.goto(`${base}/account/security`);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('No passkeys yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await toast('Passkey added: you can sign in with it.');

    h.advance(11 * 60_000);
    const form = page.getByRole('form', { name: 'Create a token' });
    await form.getByLabel('Token name').fill('ci');
    await form.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    const token = page.getByLabel('Your new token');
    await token.waitFor();
    expect(await token.inputValue()).toMatch(/^omega_pat_/);
    expect(await dialog.count()).toBe(0);
    await card.getByText(/^Last used /).waitFor();
  });
});
