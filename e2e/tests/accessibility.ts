// axe on every screen of every role, in the dark theme (the default) and the light one, and on
// the overlays a screen opens: the assistant panel with an answer, the Clear Logs confirmation,
// the supergod command dialog and the locked-feature dialog. Serious and critical findings fail;
// so do the landmark and heading findings with an overlay open, since it sits above every page.
// Every route of a role is checked before its test fails, so one run lists all the findings.
// One suite per theme (accessibility-dark.e2e.ts, accessibility-light.e2e.ts), so the two run
// side by side: each is a browser's worth of waiting for pages to settle.
import type { Locator, Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { axeFindings, describeViolations, expectAccessible, LANDMARK_RULES } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type E2eRole,
  type Harness,
  routesFor,
  signInAs,
} from './harness.js';

export type Theme = 'dark' | 'light';
const ROLES: ReadonlyArray<E2eRole | 'visitor'> = ['visitor', 'user', 'admin', 'supergod'];
const LABEL = { user: 'AI Assistant', admin: 'God Mode AI Assistant' } as const;

/** Waits until the page has its data and its opening animations have finished. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-label="Loading the page"], .omega-skeleton')
    .first()
    .waitFor({ state: 'detached' });
  // Colour contrast is measured on what is painted: a dialog fading in is not there yet.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

const shownTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/** Switches to the theme with the top bar's toggle, unless it is on already (it persists). */
async function useTheme(page: Page, theme: Theme) {
  if ((await shownTheme(page)) !== theme) {
    await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  }
  expect(await shownTheme(page)).toBe(theme);
}

/** axe on every screen and overlay in `theme`. */
export function accessibilitySuite(theme: Theme) {
  describeWithBrowser(`accessibility (${theme} theme)`, () => {
    const session = browserSession();
    let h: Harness;
    let page: Page;
    beforeEach(() => {
      ({ harness: h, page } = session);
    });

    /** Signs in (or stays a visitor), opens `path` and sets the theme. */
    async function open(role: E2eRole | 'visitor', theme: Theme, path: string) {
      if (role !== 'visitor') await signInAs(page, h.baseUrl, role);
      await page.goto(`${h.baseUrl}${path}`);
      await settle(page);
      await useTheme(page, theme);
    }

    /** axe on the page with an overlay open: serious, critical and landmark findings fail. */
    async function expectOverlayAccessible(overlay: Locator) {
      await overlay.waitFor();
      await settle(page);
      await expectAccessible(page, { alsoFailOn: LANDMARK_RULES });
    }

    for (const role of ROLES) {
      it(`has no serious or critical findings on any ${role} screen (${theme} theme)`, async () => {
        const routes = routesFor(role);
        await open(role, theme, routes[0] as string);
        const failures: string[] = [];
        for (const [i, path] of routes.entries()) {
          if (i > 0) {
            await page.goto(`${h.baseUrl}${path}`);
            await settle(page);
          }
          expect(await shownTheme(page), path).toBe(theme);
          const { failing } = await axeFindings(page);
          if (failing.length > 0) failures.push(`${path}:\n${describeViolations(failing)}`);
        }
        expect(failures.join('\n\n')).toBe('');
      }, 180_000);
    }

    it(`has an accessible assistant panel with an answer (${theme} theme)`, async () => {
      for (const role of ['user', 'admin'] as const) {
        await page.context().clearCookies();
        await open(role, theme, '/app-central');
        await page.getByRole('button', { name: LABEL[role], exact: true }).click();
        const panel = page.getByRole('dialog', { name: LABEL[role] });
        await panel.getByLabel('Your question').fill('how much does Pro cost');
        await panel.getByRole('button', { name: 'Ask' }).click();
        await panel.getByRole('table').waitFor();
        await expectOverlayAccessible(panel);
        // The panel is a labelled dialog, not a second banner of the page.
        expect(await page.getByRole('banner').count()).toBe(1);
      }
    }, 60_000);

    it(`has an accessible Clear Logs confirmation (${theme} theme)`, async () => {
      await open('admin', theme, '/admin/logs');
      await page.getByRole('button', { name: 'Clear Logs' }).click();
      const question = 'Are you sure you want to clear all logs?';
      const dialog = page.getByRole('alertdialog', { name: question });
      await expectOverlayAccessible(dialog);
      // The question is said once, as the title; the description adds what clearing does.
      expect(await dialog.getByText(question).count()).toBe(1);
      const description = await dialog.evaluate((d) =>
        (d.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim(),
      );
      expect(description).not.toBe('');
      expect(description).not.toContain(question);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    it(`has an accessible command dialog (${theme} theme)`, async () => {
      await open('supergod', theme, '/supergod');
      await page.getByRole('button', { name: 'Execute Super-God Command' }).click();
      await expectOverlayAccessible(page.getByRole('dialog'));
    });

    it(`has an accessible locked-feature dialog (${theme} theme)`, async () => {
      await open('user', theme, '/subscription/features');
      await page.getByRole('button', { name: /Audit log/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Feature Locked').waitFor();
      await expectOverlayAccessible(dialog);
    });
  });
}
