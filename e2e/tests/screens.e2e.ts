// Every screen, each loaded once, as the least role that opens it (and the screens whose content
// changes with the role, as each role: harness.ts `walkFor`): it fits 360 and 390 px without
// sideways scrolling, and axe finds nothing serious or critical on it in the dark theme and in
// the light one (switched with the top bar's toggle, as a person would). Every route of a walk is
// checked before its test fails, so one run lists all the findings. With OMEGA_E2E_SCREENSHOTS=1
// (`pnpm test:visual`) every route is also photographed at 390 and 1280 px in both themes into
// e2e/artifacts/screenshots/<role>/, for a person to look over; nothing compares them, so
// `pnpm test` does not take them.
//
// One walk per role does what three did (a layout walk and an axe walk per theme, each loading
// every page again): the page loads were most of the browser suite's time (decision 032).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { axeFindings, describeViolations } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type E2eRole,
  type Harness,
  signInAs,
  walkFor,
} from './harness.js';
import { measureOverflow, settle, shownTheme, type Theme } from './page-checks.js';

const PHONE_WIDTHS = [360, 390] as const;
const DESKTOP_WIDTH = 1280;
const HEIGHT = 800;
const screenshots = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
/** Whether this run photographs every route (`pnpm test:visual`). */
const PHOTOGRAPH = process.env.OMEGA_E2E_SCREENSHOTS === '1';
const ROLES: ReadonlyArray<E2eRole | 'visitor'> = ['visitor', 'user', 'admin', 'supergod'];

/** '/admin/logs' -> 'admin-logs', '/' -> 'home': a file name per route. */
const slug = (route: string) => route.replace(/^\//, '').replace(/\//g, '-') || 'home';

describeWithBrowser('every screen', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  /** Notes a sideways scroll at the page's current width. */
  async function checkFits(who: string, route: string, problems: string[]) {
    const m = await measureOverflow(page);
    if (m.scrollWidth > m.innerWidth) {
      problems.push(
        `${route} as ${who} at ${m.innerWidth} px: page is ${m.scrollWidth} px wide; ` +
          `sticking out: ${m.culprits.join('; ') || '(nothing in flow)'}`,
      );
    }
  }

  /** Notes axe's serious and critical findings in the theme shown. */
  async function checkAxe(route: string, theme: Theme, problems: string[]) {
    const { failing } = await axeFindings(page);
    if (failing.length > 0) problems.push(`${route} (${theme}):\n${describeViolations(failing)}`);
  }

  /** Photographs the page as it is (only in `pnpm test:visual`). */
  async function shoot(who: string, route: string, theme: Theme) {
    if (!PHOTOGRAPH) return;
    const width = page.viewportSize()?.width;
    await page.screenshot({
      path: `${screenshots}${who}/${slug(route)}-${width}-${theme}.png`,
      fullPage: true,
    });
  }

  /** Sets the window's width; the page keeps what it loaded. */
  const width = (w: number) => page.setViewportSize({ width: w, height: HEIGHT });

  // Each walk may take 10 minutes: a route is five loads and checks, and on a starved CI machine
  // the admin's walk (15 routes then) took over the 300 s once allowed. A page that hangs still fails at once,
  // on Playwright's own 20 s wait for it.
  for (const who of ROLES) {
    it(`fits 360 and 390 px and has no serious axe finding in either theme on the ${who}'s screens`, async () => {
      if (PHOTOGRAPH) mkdirSync(`${screenshots}${who}`, { recursive: true });
      if (who === 'visitor') await page.goto(`${h.baseUrl}/auth`);
      else await signInAs(page, h.baseUrl, who);
      const problems: string[] = [];
      for (const route of walkFor(who)) {
        // Phones, in the theme the last route was left in (it persists)...
        await width(PHONE_WIDTHS[0]);
        await page.goto(`${h.baseUrl}${route}`);
        await settle(page);
        await checkFits(who, route, problems);
        await width(PHONE_WIDTHS[1]);
        await checkFits(who, route, problems);
        const first = await shownTheme(page);
        await shoot(who, route, first);
        // ...axe on the desktop layout, where the top bar shows the theme toggle...
        await width(DESKTOP_WIDTH);
        await settle(page);
        await checkAxe(route, first, problems);
        await shoot(who, route, first);
        // ...the other theme, on the desktop and on a phone.
        const second: Theme = first === 'dark' ? 'light' : 'dark';
        await page.getByRole('button', { name: `Switch to ${second} theme` }).click();
        expect(await shownTheme(page), route).toBe(second);
        await settle(page);
        await checkAxe(route, second, problems);
        await shoot(who, route, second);
        await width(PHONE_WIDTHS[1]);
        await checkFits(who, route, problems);
        await shoot(who, route, second);
      }
      expect(problems.join('\n\n')).toBe('');
    }, 600_000);
  }
});
