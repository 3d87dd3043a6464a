// When the API cannot be reached, or a proxy answers with its own error page, every screen of
// the web app says so in a sentence of ours or a spec text: never the browser's 'Failed to
// fetch', an exception's 'Error:', or 'undefined' / 'NaN' from a value that never came.
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import {
  browserSession,
  describeWithBrowser,
  type E2eRole,
  type Harness,
  signInAs,
  walkFor,
} from './harness.js';

/** Spec section 8's own texts that contain a scanned word: they are what the spec asks for. */
const SPEC_TEXTS = ['Failed to fetch system status', 'Failed to fetch users data'];
const RAW = ['fetch', 'Error:', 'undefined', 'NaN'];

type Failure = 'unreachable' | 'proxy page';

/** Every API call but the session check fails as `failure` says. */
async function breakApi(page: Page, failure: Failure) {
  await page.route('**/api/**', async (route) => {
    if (new URL(route.request().url()).pathname === '/api/user') return route.fallback();
    if (failure === 'unreachable') return route.abort('connectionrefused');
    return route.fulfill({
      status: 503,
      contentType: 'text/html',
      body: '<html><body><h1>503 Service Unavailable</h1>No server is available.</body></html>',
    });
  });
}

async function rawTextOn(page: Page): Promise<string[]> {
  let text = await page.evaluate(() => document.body.innerText);
  for (const allowed of SPEC_TEXTS) text = text.replaceAll(allowed, '');
  return RAW.filter((word) => text.includes(word));
}

describeWithBrowser('failed calls in the web app', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  async function expectPlainWords(where: string) {
    const found = await rawTextOn(page);
    expect(found, `${where} shows raw error text`).toEqual([]);
  }

  for (const role of ['user', 'admin', 'supergod'] as const satisfies readonly E2eRole[]) {
    for (const failure of ['unreachable', 'proxy page'] as const) {
      it(`shows only plain sentences to ${role === 'admin' ? 'an' : 'a'} ${role} when the server is ${failure}`, async () => {
        await signInAs(page, h.baseUrl, role);
        await breakApi(page, failure);
        // Each screen as the least role that opens it (harness.ts `walkFor`): a user's screen
        // makes the same calls whoever opens it.
        for (const route of walkFor(role)) {
          await page.goto(`${h.baseUrl}${route}`);
          await page.waitForLoadState('networkidle');
          await expectPlainWords(`${route} (${failure})`);
        }
      });
    }
  }

  // Writes that fail: clearing the logs, asking the assistant. As a supergod too, whose greeting
  // toast stacks with the failure's beside the open assistant.
  for (const role of ['admin', 'supergod'] as const satisfies readonly E2eRole[]) {
    for (const failure of ['unreachable', 'proxy page'] as const) {
      it(`says a failed write in plain sentences to ${role === 'admin' ? 'an' : 'a'} ${role} when the server is ${failure}`, async () => {
        await signInAs(page, h.baseUrl, role);
        await breakApi(page, failure);
        await page.goto(`${h.baseUrl}/admin/logs`);
        await page.getByRole('button', { name: 'Clear Logs' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Logs' }).click();
        await page.getByText('Failed to clear logs', { exact: true }).first().waitFor();
        await expectPlainWords(`Clear Logs (${failure})`);
        const label = 'God Mode AI Assistant';
        await page.getByRole('button', { name: label, exact: true }).click();
        const panel = page.getByRole('dialog', { name: label });
        await panel.getByRole('textbox').fill('how do I clear the logs');
        // The toast is still up (5 s) and beside the open panel, not over its Ask button: a
        // click at the button's centre reaches the button (when the toast covered it, a click
        // waited the toast out). Asked of the page, not timed: a busy machine is slow to click.
        const ask = panel.getByRole('button', { name: 'Ask' });
        expect(
          await page.getByText('Failed to clear logs', { exact: true }).first().isVisible(),
        ).toBe(true);
        expect(
          await ask.evaluate((button) => {
            const box = button.getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return hit !== null && button.contains(hit);
          }),
        ).toBe(true);
        await ask.click();
        await page.getByText('Failed to process query', { exact: true }).first().waitFor();
        await expectPlainWords(`the assistant (${failure})`);
      });
    }
  }
});
