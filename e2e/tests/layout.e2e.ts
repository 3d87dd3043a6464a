// Phones, type and layout in a real browser, beyond every screen's own fit (screens.e2e.ts):
// the top bar folds its tools into a menu on phones, one sans-serif stack sets all text, module
// cards hold their names, and neither content nor toasts sit under the fixed buttons. With
// OMEGA_E2E_SCREENSHOTS=1 (`pnpm test:visual`) the open phone menu is photographed too.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { browserSession, describeWithBrowser, type Harness, signInAs } from './harness.js';
import { measureOverflow, settle } from './page-checks.js';

const DESKTOP_WIDTH = 1280;
const HEIGHT = 800;
const screenshots = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
/** Whether this run photographs (`pnpm test:visual`). */
const PHOTOGRAPH = process.env.OMEGA_E2E_SCREENSHOTS === '1';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

describeWithBrowser('layout', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  it('folds the top bar tools into a keyboard menu on phones', async () => {
    await page.setViewportSize({ width: 320, height: HEIGHT });
    const username = await signInAs(page, h.baseUrl, 'supergod');
    await page.goto(`${h.baseUrl}/app-central`);
    await settle(page);
    const bar = page.getByRole('banner');
    for (const name of ['Go back', 'Go home', 'Go forward']) {
      const b = await box(bar.getByRole('button', { name }));
      expect(b.x + b.width).toBeLessThanOrEqual(320);
    }
    expect(await bar.getByText('Omega', { exact: true }).isVisible()).toBe(true);
    const menu = bar.getByRole('button', { name: 'Menu' });
    const logout = bar.getByRole('button', { name: 'Logout' });
    expect(await logout.isVisible()).toBe(false);
    expect(await bar.getByText(username).isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const tool of [
      logout,
      bar.getByText(username),
      bar.getByText('Super-God Mode Active'),
      bar.getByRole('button', { name: 'Increase font size' }),
      bar.getByRole('button', { name: 'Switch to light theme' }),
      bar.getByRole('button', { name: /^Announcements/ }),
    ]) {
      await tool.waitFor();
      const b = await box(tool);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(320);
    }
    expect((await measureOverflow(page)).scrollWidth).toBeLessThanOrEqual(320);
    // The tools follow the button in the tab order, and work from the keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('header') !== null)).toBe(
      true,
    );
    await bar.getByRole('button', { name: 'Increase font size' }).focus();
    await page.keyboard.press('Enter');
    await bar.getByText('17px').waitFor();

    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await logout.isVisible()).toBe(false);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // A click elsewhere closes it too.
    await menu.click();
    await logout.waitFor();
    if (PHOTOGRAPH) {
      mkdirSync(`${screenshots}supergod`, { recursive: true });
      await page.screenshot({ path: `${screenshots}supergod/top-bar-menu-open-320-dark.png` });
    }
    await bar.getByText('Omega', { exact: true }).click();
    await logout.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT });
    expect(await menu.isVisible()).toBe(false);
    expect(await logout.isVisible()).toBe(true);
  });

  it('sets every text in one sans-serif stack, with tabular figures', async () => {
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fontRequests.push(r.url());
    });
    await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT });
    await signInAs(page, h.baseUrl, 'supergod');
    const found: string[] = [];
    for (const route of ['/app-central', '/module/1', '/subscription', '/admin', '/supergod']) {
      await page.goto(`${h.baseUrl}${route}`);
      await settle(page);
      const fonts = await page.evaluate(() => {
        const selectors = [
          'body',
          'h1',
          'h2',
          '.omega-topbar__brand',
          '.omega-topbar__font-size',
          '.omega-card__title',
          'main button',
          'main label',
          'main input',
          'main th',
          'main td',
          '.omega-admin__figure',
          '.omega-supergod__figure',
        ];
        return selectors.flatMap((s) => {
          const el = document.querySelector(s);
          if (!el) return [];
          const style = getComputedStyle(el);
          return [{ s, family: style.fontFamily, numeric: style.fontVariantNumeric }];
        });
      });
      const body = fonts.find((f) => f.s === 'body')?.family ?? '';
      expect(body, 'body text is sans-serif').toMatch(/(^|, )sans-serif(,|$)/);
      expect(body, 'body text is sans-serif').not.toMatch(/(^|, )serif(,|$)/);
      for (const f of fonts) {
        found.push(f.s);
        expect(`${route} ${f.s}: ${f.family}`).toBe(`${route} ${f.s}: ${body}`);
        if (/figure|font-size/.test(f.s)) {
          expect(`${route} ${f.s}: ${f.numeric}`).toBe(`${route} ${f.s}: tabular-nums`);
        }
      }
    }
    // Each kind of text was really looked at somewhere.
    expect(new Set(found).size).toBe(13);
    expect(fontRequests).toEqual([]);
  });

  it('keeps each module name inside its card, and titles a module page with it', async () => {
    await signInAs(page, h.baseUrl, 'user');
    for (const width of [360, DESKTOP_WIDTH]) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(`${h.baseUrl}/app-central`);
      await settle(page);
      const cards = page.getByRole('list', { name: 'Modules' }).getByRole('listitem');
      expect(await cards.count()).toBe(10);
      for (let i = 0; i < 10; i++) {
        const where = `Module ${i + 1} at ${width} px`;
        const card = await box(cards.nth(i).locator('.omega-card'));
        const name = await box(cards.nth(i).getByText(`Module ${i + 1}`, { exact: true }));
        const gaps = {
          left: name.x - card.x,
          right: card.x + card.width - (name.x + name.width),
          top: name.y - card.y,
          bottom: card.y + card.height - (name.y + name.height),
        };
        for (const [side, gap] of Object.entries(gaps)) {
          expect(gap, `${where}: room on the ${side}`).toBeGreaterThanOrEqual(12);
        }
        // Padded alike above and below, not sitting on the bottom edge.
        expect(Math.abs(gaps.top - gaps.bottom), `${where}: top vs bottom`).toBeLessThanOrEqual(4);
      }
    }
    await page.goto(`${h.baseUrl}/module/3`);
    await page.getByRole('heading', { level: 1, name: 'Module 3' }).waitFor();
    await page.getByLabel('Module name').fill('Payments');
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });

  it("wraps an announcement's long words and addresses, on the page and in the bell", async () => {
    await signInAs(page, h.baseUrl, 'admin');
    await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT });
    await page.goto(`${h.baseUrl}/admin/communications`);
    await page.getByRole('heading', { name: 'Recent Announcements' }).waitFor();
    // The title field's limit in one word, and an address with no place to break.
    const title = 'Q'.repeat(200);
    const address =
      'https://docs.example.com/omega/releases/2026/november/maintenance-window-details?region=af-south-1&services=keypad,subscriptions,billing,assistant&ref=announcement';
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Content', { exact: true }).fill(`Details: ${address}`);
    await page.getByRole('button', { name: 'Send Announcement' }).click();
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    for (const width of [390, DESKTOP_WIDTH]) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      const m = await measureOverflow(page);
      expect(m.scrollWidth, `communications at ${width} px: ${m.culprits.join('; ')}`).toBe(
        m.innerWidth,
      );
    }
    await page.getByRole('button', { name: /^Announcements, \d+ unread$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Announcements' });
    await dialog.getByText(title, { exact: true }).waitFor();
    const fits = await dialog.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const out = Array.from(el.querySelectorAll('h3, p')).filter(
        (t) => t.getBoundingClientRect().right > box.right + 0.5,
      );
      return { scroll: el.scrollWidth, client: el.clientWidth, out: out.length };
    });
    expect(fits).toEqual({ scroll: fits.client, client: fits.client, out: 0 });
  });

  it('keeps the last table row and the toasts clear of the fixed buttons', async () => {
    await signInAs(page, h.baseUrl, 'supergod');
    for (const width of [390, DESKTOP_WIDTH]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`${h.baseUrl}/admin`);
      await settle(page);
      // The greeting toast of a supergod: it must not cover the buttons it shares a corner with.
      const toast = page.locator('.omega-toast', { hasText: '👑 Super-God Mode Access' });
      await toast.waitFor();
      const fixed = [
        page.getByRole('button', { name: 'God Mode AI Assistant', exact: true }),
        page.getByRole('button', { name: 'Enter God Mode', exact: true }),
      ];
      const fixedBoxes = await Promise.all(fixed.map(box));
      const toastBox = await box(toast);
      for (const b of fixedBoxes) expect(intersects(toastBox, b), `toast at ${width}`).toBe(false);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastRow = page.locator('main tr').last();
      const rowBox = await box(lastRow);
      expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(700);
      for (const b of fixedBoxes) expect(intersects(rowBox, b), `last row at ${width}`).toBe(false);
    }
  });

  it('shows one assistant button, compact on phones', async () => {
    await signInAs(page, h.baseUrl, 'user');
    for (const width of [390, DESKTOP_WIDTH]) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(`${h.baseUrl}/app-central`);
      await settle(page);
      expect(await page.getByRole('button', { name: /assistant/i }).count()).toBe(1);
      const fab = page.getByRole('button', { name: 'AI Assistant', exact: true });
      const b = await box(fab);
      if (width === 390) expect(b.width).toBeLessThanOrEqual(48);
      await fab.click();
      await page.getByRole('dialog', { name: 'AI Assistant' }).waitFor();
      const panel = await box(page.getByRole('dialog', { name: 'AI Assistant' }));
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(width);
    }
  });
});
