// The quick start's promise: the server serves the web app, which knows who is signed in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithBrowser, type Harness, startHarness } from './harness.js';

describeWithBrowser('quick start', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.stop());

  it('shows a signed-out visitor, then the user after registering in the same browser', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${h.baseUrl}/`);
    await page.getByText('Sign in required').waitFor();

    // Registering from the page's own origin, as the sign-in screen will.
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'e2e-user', password: 'e2e-password' }),
      });
      return res.status;
    });
    expect(status).toBe(200);

    await page.reload();
    await page.getByTestId('current-username').filter({ hasText: 'e2e-user' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps client-side routes alive on reload', async () => {
    const page = await h.browser.newPage();
    const res = await page.goto(`${h.baseUrl}/subscription/plans`);
    expect(res?.status()).toBe(200);
    await page.getByText('Sign in required').waitFor();
    await page.close();
  });
});
