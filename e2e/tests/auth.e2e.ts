// Sign-in, registration and the shell in a real browser against the production build.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type Harness,
  pageHelpers,
  uniqueName,
} from './harness.js';

describeWithBrowser('sign-in and registration', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });
  const unique = uniqueName;

  const { toast, fill } = pageHelpers(() => page);

  async function registerUser(username: string) {
    await page.goto(`${h.baseUrl}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Register' });
    await panel.getByLabel('Username', { exact: true }).fill(username);
    await panel.getByLabel('Password', { exact: true }).fill('e2e-password');
    await panel.getByRole('button', { name: 'Register' }).click();
  }

  it('registers, shows the toast and the shell, logs out and logs back in', async () => {
    const name = unique('reg');
    await page.goto(`${h.baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await expectAccessible(page);

    await registerUser(name);
    await toast('Registered successfully');
    await page.getByText(`Welcome ${name}!`).first().waitFor();
    await page.getByTestId('current-username').filter({ hasText: name }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast('Logged out successfully');
    await page.waitForURL(`${h.baseUrl}/auth`);

    await fill('Username', name);
    await fill('Password', 'e2e-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast('Logged in successfully');
    await page.getByTestId('current-username').filter({ hasText: name }).waitFor();
  });

  it('moves between Login and Register with the keyboard (WAI-ARIA tabs)', async () => {
    await page.goto(`${h.baseUrl}/auth`);
    const login = page.getByRole('tab', { name: 'Login' });
    const register = page.getByRole('tab', { name: 'Register' });
    await login.focus();
    await page.keyboard.press('ArrowRight');
    expect(await register.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await register.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel', { name: 'Register' }).waitFor();
    await page.keyboard.press('Home');
    expect(await login.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    expect(await register.getAttribute('aria-selected')).toBe('true');
    // The selected tab is the one tab stop; Tab goes on to its panel.
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByRole('tabpanel', { name: 'Register' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('shows the sign-in-required view on a protected path', async () => {
    await page.goto(`${h.baseUrl}/app-central`);
    await page.getByText('Sign in required').waitFor();
    await expectAccessible(page);
  });

  it('refuses a wrong administrator key and accepts the right one', async () => {
    const name = unique('adm');
    await page.goto(`${h.baseUrl}/admin-register`);
    await page.getByRole('heading', { name: 'Administrator Registration' }).waitFor();
    await expectAccessible(page);
    await fill('Username', name);
    await fill('Password', 'e2e-password');
    await fill('Administrator Secret Key', 'not-the-key');
    // The key's show/hide button says what it shows; the password keeps its own.
    await page.getByRole('button', { name: 'Show administrator secret key' }).click();
    expect(
      await page.getByLabel('Administrator Secret Key', { exact: true }).getAttribute('type'),
    ).toBe('text');
    await page.getByRole('button', { name: 'Hide administrator secret key' }).waitFor();
    await page.getByRole('button', { name: 'Show password' }).waitFor();
    await page.getByRole('button', { name: 'Register as Administrator' }).click();
    await toast('Registration Failed');
    await page.getByText('Invalid administrator secret key').first().waitFor();

    await fill('Administrator Secret Key', 'e2e-admin-key');
    await page.getByRole('button', { name: 'Register as Administrator' }).click();
    await toast('Admin Registration Successful');
    await page.waitForURL(`${h.baseUrl}/admin`);
    await page.getByRole('button', { name: 'Enter God Mode' }).waitFor();
  });

  it('registers a supergod: red banner and the supergod toast', async () => {
    const name = unique('god');
    await page.goto(`${h.baseUrl}/supergod-register`);
    await fill('Username', name);
    await fill('Password', 'e2e-password');
    await fill('Super-God Secret Key', 'e2e-supergod-key');
    await page.getByRole('button', { name: 'Show Super-God secret key' }).waitFor();
    await page.getByRole('button', { name: 'Register as Super-God' }).click();
    await page.waitForURL(`${h.baseUrl}/app-central`);
    await toast('👑 Super-God registration successful');
    await page.getByRole('status').filter({ hasText: 'Super-God Mode Active' }).first().waitFor();
    await expectAccessible(page);
    // Every later visit greets the supergod (one toast at a time: the registration toast
    // above replaced this one the first time).
    await page.reload();
    await toast('👑 Super-God Mode Access');
    await page.getByText('You have the highest level privileges in the system.').first().waitFor();
  });

  it('keeps the font size and theme across a reload', async () => {
    await registerUser(unique('pref'));
    await page.getByTestId('current-username').waitFor();
    await page.getByRole('button', { name: 'Increase font size' }).click();
    await page.getByRole('button', { name: 'Increase font size' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await page.getByTestId('current-username').waitFor();
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('18px');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expectAccessible(page);
  });

  it('shows the not-found view to a signed-in user', async () => {
    await registerUser(unique('nf'));
    await page.getByTestId('current-username').waitFor();
    await page.goto(`${h.baseUrl}/definitely/not/a/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await expectAccessible(page);
  });
});
