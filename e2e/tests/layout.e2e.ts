// Phones, type and layout in a real browser: every page of every role fits 360 and 390 px
// without sideways scrolling, the top bar folds its tools into a menu on phones, one sans-serif
// stack sets all text, module cards hold their names, and neither content nor toasts sit under
// the fixed buttons. With OMEGA_E2E_SCREENSHOTS=1 (`pnpm test:visual`) every route is also
// photographed at 390 and 1280 px in both themes into e2e/artifacts/screenshots/<role>/, for a
// person to look over; nothing compares them, so `pnpm test` does not take them.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import {
  browserSession,
  describeWithBrowser,
  type E2eRole,
  type Harness,
  routesFor,
  signInAs,
} from './harness.js';

const PHONE_WIDTHS = [360, 390] as const;
const DESKTOP_WIDTH = 1280;
const HEIGHT = 800;
const screenshots = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
/** Whether this run photographs every route (`pnpm test:visual`). */
const PHOTOGRAPH = process.env.OMEGA_E2E_SCREENSHOTS === '1';

type Theme = 'dark' | 'light';
type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

/** '/admin/logs' -> 'admin-logs', '/' -> 'home': a file name per route. */
const slug = (route: string) => route.replace(/^\//, '').replace(/\//g, '-') || 'home';

/** The theme as the app persists it (stores/ui-store.ts), read on the next load. */
async function storeTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => {
    localStorage.setItem(
      'omega.ui',
      JSON.stringify({ state: { theme: t, fontSize: 16 }, version: 0 }),
    );
  }, theme);
}

/** Waits until the route's data is in: no request for half a second, no loading placeholder. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('main') !== null &&
      document.querySelector('.omega-skeleton, .omega-page-loading') === null,
  );
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Whether the page scrolls sideways and, if so, the outermost elements that stick out past the
 * right edge (leaving out those that scroll or clip inside their own box, or are fixed).
 */
function measureOverflow(page: Page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const contained = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const over = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.right > vw + 0.5 &&
        getComputedStyle(el).position !== 'fixed' &&
        !contained(el)
      );
    });
    const describe = (el: Element) => {
      const classes = Array.from(el.classList).slice(0, 2).join('.');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const right = Math.round(el.getBoundingClientRect().right);
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> right ${right}px "${text}"`;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: vw,
      culprits: over.filter((el) => !over.some((o) => o !== el && o.contains(el))).map(describe),
    };
  });
}

describeWithBrowser('layout', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  async function checkFits(who: string, route: string, problems: string[]) {
    const m = await measureOverflow(page);
    if (m.scrollWidth > m.innerWidth) {
      problems.push(
        `${route} as ${who} at ${m.innerWidth} px: page is ${m.scrollWidth} px wide; ` +
          `sticking out: ${m.culprits.join('; ') || '(nothing in flow)'}`,
      );
    }
  }

  /** Photographs the page at `width` in `theme` (only in `pnpm test:visual`). */
  async function shoot(who: string, route: string, width: number, theme: Theme) {
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    if (!PHOTOGRAPH) return;
    await page.setViewportSize({ width, height: HEIGHT });
    await page.screenshot({
      path: `${screenshots}${who}/${slug(route)}-${width}-${theme}.png`,
      fullPage: true,
    });
  }

  /**
   * Each route loaded at 360 px (dark) and at 390 px (light), checked at 360 and 390 px, and
   * (in `pnpm test:visual`) photographed at 390 and 1280 px in both themes.
   */
  async function walk(who: E2eRole | 'visitor') {
    if (PHOTOGRAPH) mkdirSync(`${screenshots}${who}`, { recursive: true });
    if (who === 'visitor') await page.goto(`${h.baseUrl}/auth`);
    else await signInAs(page, h.baseUrl, who);
    const problems: string[] = [];
    for (const route of routesFor(who)) {
      await storeTheme(page, 'dark');
      await page.setViewportSize({ width: PHONE_WIDTHS[0], height: HEIGHT });
      await page.goto(`${h.baseUrl}${route}`);
      await settle(page);
      await checkFits(who, route, problems);
      await page.setViewportSize({ width: PHONE_WIDTHS[1], height: HEIGHT });
      await checkFits(who, route, problems);
      await shoot(who, route, PHONE_WIDTHS[1], 'dark');
      await shoot(who, route, DESKTOP_WIDTH, 'dark');

      await storeTheme(page, 'light');
      await page.setViewportSize({ width: PHONE_WIDTHS[1], height: HEIGHT });
      await page.goto(`${h.baseUrl}${route}`);
      await settle(page);
      await checkFits(who, route, problems);
      await shoot(who, route, PHONE_WIDTHS[1], 'light');
      await shoot(who, route, DESKTOP_WIDTH, 'light');
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }

  for (const who of ['visitor', 'user', 'admin', 'supergod'] as const) {
    it(`fits every page for a ${who} at 360 and 390 px`, () => walk(who), 300_000);
  }

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
