// What the screen-walking suites read from a page: when it has settled, whether it scrolls
// sideways, and which theme it shows.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.js';

export type Theme = 'dark' | 'light';

/**
 * Waits until the page has its data (no request for half a second, no loading placeholder), its
 * fonts, and the end of its animations and transitions: colour contrast is measured on what is
 * painted, and a dialog fading in or a theme's colours changing are not there yet.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelector('main') !== null &&
      document.querySelector(
        '[aria-label="Loading the page"], .omega-skeleton, .omega-page-loading',
      ) === null,
  );
  await page.evaluate(() => document.fonts.ready);
  await animationsDone(page);
}

/**
 * Waits for the page's animations and transitions to end. A busy button's spinner turns for
 * ever, so endless animations are not waited for.
 */
export const animationsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** axe finds nothing serious on the page as painted, and it does not scroll sideways. */
export async function expectAccessibleAndFitting(page: Page) {
  await animationsDone(page);
  await expectAccessible(page);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, `${page.url()} scrolls sideways`).toBe(true);
}

/** The theme the page shows (the app sets it on the root element). */
export const shownTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.theme as Theme);

/**
 * Whether the page scrolls sideways and, if so, the outermost elements that stick out past the
 * right edge (leaving out those that scroll or clip inside their own box, or are fixed).
 */
export function measureOverflow(page: Page) {
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
