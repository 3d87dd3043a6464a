// The supergod console in a real browser against the production build: a supergod runs a
// command through the dialog and sees its output and the refreshed status; an admin is
// turned away; a grant from a sign-in older than 10 minutes asks to sign in again first.
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

const PHRASE = 'I_UNDERSTAND_THE_POWER_OF_SUPERGOD';

describeWithBrowser('supergod console', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });
  const unique = uniqueName;
  const { toast, fill } = pageHelpers(() => page);

  async function registerSupergod(name: string) {
    await page.goto(`${h.baseUrl}/supergod-register`);
    await fill('Username', name);
    await fill('Password', 'e2e-password');
    await fill('Super-God Secret Key', 'e2e-supergod-key');
    await page.getByRole('button', { name: 'Register as Super-God' }).click();
    await page.waitForURL(`${h.baseUrl}/app-central`);
  }

  async function runCommand(command: string) {
    await page.getByRole('button', { name: 'Execute Super-God Command' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Command', { exact: true }).fill(command);
    await dialog.getByLabel('Confirmation Code', { exact: true }).fill(PHRASE);
    await dialog.getByRole('button', { name: 'Execute', exact: true }).click();
    await toast(`Successfully executed: ${command}`);
    await dialog.waitFor({ state: 'hidden' });
  }

  const flag = (label: string) =>
    page.getByRole('list', { name: 'Security flags' }).getByRole('listitem').filter({
      hasText: label,
    });

  it('runs a command as supergod and shows its output and the refreshed status', async () => {
    const name = unique('god');
    await registerSupergod(name);
    await page.goto(`${h.baseUrl}/supergod`);
    await page.getByRole('heading', { name: 'System Control Panel' }).waitFor();
    await page.getByRole('cell', { name, exact: true }).waitFor();
    expect(await flag('Maintenance mode').textContent()).toContain('Off');
    expect(await flag('Content Security Policy').textContent()).toContain('On');
    expect(await flag('Database durability').textContent()).toContain('journal_mode=wal');
    await expectAccessible(page);

    // The dialog's own checks first: a wrong phrase never reaches the server.
    await page.getByRole('button', { name: 'Execute Super-God Command' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(PHRASE).first().waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Command', { exact: true }).fill('stats');
    await dialog.getByLabel('Confirmation Code', { exact: true }).fill('not the phrase');
    await dialog.getByRole('button', { name: 'Execute', exact: true }).click();
    await toast('Incorrect Confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await runCommand('maintenance on');
    const log = page.getByRole('log', { name: 'Command output' });
    await log.getByText('$ maintenance on').waitFor();
    await log.getByText(/Maintenance mode is on/).waitFor();
    // The status was read again after the command: the flag now says so.
    await flag('Maintenance mode').getByText('On', { exact: true }).waitFor();
    await expectAccessible(page);

    await runCommand('maintenance off');
    await flag('Maintenance mode').getByText('Off', { exact: true }).waitFor();
    await runCommand('users list supergod');
    await log.getByText(new RegExp(`\\b${name}\\b`)).waitFor();
  });

  it('turns an admin away from /supergod with Access Denied', async () => {
    const name = unique('adm');
    await page.goto(`${h.baseUrl}/admin-register`);
    await fill('Username', name);
    await fill('Password', 'e2e-password');
    await fill('Administrator Secret Key', 'e2e-admin-key');
    await page.getByRole('button', { name: 'Register as Administrator' }).click();
    await page.waitForURL(`${h.baseUrl}/admin`);

    await page.goto(`${h.baseUrl}/supergod`);
    await toast('Access Denied');
    await page.getByText('This area requires Super-God privileges.').first().waitFor();
    await page.waitForURL(`${h.baseUrl}/`);
    await expectAccessible(page);
    expect(await page.getByRole('heading', { name: 'System Control Panel' }).count()).toBe(0);
  });

  // Last in the file: it moves the server's clock by 11 minutes.
  it('asks a sign-in older than 10 minutes to sign in again before granting a role', async () => {
    const user = unique('grantee');
    const other = await h.browser.newContext();
    const visitor = await other.newPage();
    await visitor.goto(`${h.baseUrl}/auth`);
    expect(
      await postFromPage(visitor, '/api/register', { username: user, password: 'e2e-password' }),
    ).toBe(200);
    await other.close();
    const name = unique('god');
    await registerSupergod(name);
    h.advance(11 * 60_000);
    await page.goto(`${h.baseUrl}/supergod`);
    await page.getByRole('heading', { name: 'System Control Panel' }).waitFor();

    await page.getByRole('button', { name: 'Execute Super-God Command' }).click();
    const dialog = page.getByRole('dialog', { name: /Super-God Command/ });
    await dialog.getByLabel('Command', { exact: true }).fill(`user role ${user} admin`);
    await dialog.getByLabel('Confirmation Code', { exact: true }).fill(PHRASE);
    await dialog.getByRole('button', { name: 'Execute', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Sign in again' });
    await again.waitFor();
    await expectAccessible(page);
    await again.getByLabel('Password', { exact: true }).fill('e2e-password');
    await again.getByRole('button', { name: 'Sign in and go on' }).click();
    await toast(`Successfully executed: user role ${user} admin`);
    const log = page.getByRole('log', { name: 'Command output' });
    await log.getByText(new RegExp(`${user} is now admin`)).waitFor();
  });
});
