// axe on the overlays a screen opens, in the dark theme and the light one: the assistant panel
// with an answer, the Clear Logs confirmation, the supergod command dialog and the
// locked-feature dialog. Serious and critical findings fail; so do the landmark and heading
// findings, since an overlay sits above every page. The screens themselves are checked in both
// themes by screens.e2e.ts. First, the check itself: it finds what it is there to find, with
// only the rules that can find a serious fault as with every rule, and refuses a page with a
// frame, which it could not check whole (axe.ts).
import type { Locator, Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { type AxeViolation, axeFindings, expectAccessible, LANDMARK_RULES } from './axe.js';
import {
  browserSession,
  describeWithBrowser,
  type E2eRole,
  type Harness,
  signInAs,
} from './harness.js';
import { settle, shownTheme, type Theme } from './page-checks.js';

const LABEL = { user: 'AI Assistant', admin: 'God Mode AI Assistant' } as const;

describeWithBrowser('accessible overlays', () => {
  const session = browserSession();
  let h: Harness;
  let page: Page;
  beforeEach(() => {
    ({ harness: h, page } = session);
  });

  /** Switches to the theme with the top bar's toggle, unless it is on already (it persists). */
  async function useTheme(theme: Theme) {
    if ((await shownTheme(page)) !== theme) {
      await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
    }
    expect(await shownTheme(page)).toBe(theme);
  }

  /** Signs in, opens `path` and sets the theme. */
  async function open(role: E2eRole, theme: Theme, path: string) {
    await signInAs(page, h.baseUrl, role);
    await page.goto(`${h.baseUrl}${path}`);
    await settle(page);
    await useTheme(theme);
  }

  /** axe on the page with an overlay open: serious, critical and landmark findings fail. */
  async function expectOverlayAccessible(overlay: Locator) {
    await overlay.waitFor();
    await settle(page);
    await expectAccessible(page, { alsoFailOn: LANDMARK_RULES });
  }

  it('finds serious findings where there are some, as every rule does, and refuses a page with a frame rather than half check it', async () => {
    const broken =
      '<button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#777;background:#888">faint</p>';
    const page2 = await page.context().newPage();
    try {
      await page2.setContent(
        `<!doctype html><html lang="en"><title>t</title><main>${broken}</main></html>`,
      );
      const flat = await axeFindings(page2);
      expect(flat.failing.map((v) => v.id).sort()).toEqual([
        'button-name',
        'color-contrast',
        'image-alt',
      ]);
      // Only the rules that can find a serious fault ran (and the named ones), and they found
      // what every rule finds that fails: the same rules, elements and impacts. Here with text
      // outside the landmarks and a skipped heading level, two moderate findings.
      await page2.setContent(
        `<!doctype html><html lang="en"><title>t</title><p>loose</p><main><h1>t</h1>${broken}<h3>skipped</h3></main></html>`,
      );
      const landmarks = await axeFindings(page2, { alsoFailOn: LANDMARK_RULES });
      const every = await axeFindings(page2, { alsoFailOn: LANDMARK_RULES }, true);
      const summary = (found: AxeViolation[]) =>
        found.map((v) => `${v.id} ${v.impact} ${v.nodes.map((n) => n.target.join(' '))}`).sort();
      expect(summary(landmarks.failing)).toEqual(summary(every.failing));
      expect(every.failing.map((v) => v.id)).toContain('region');
      expect(landmarks.other).toEqual([]);
      expect(every.other.map((v) => v.id)).toContain('heading-order');
      await page2.setContent(
        `<!doctype html><html lang="en"><title>t</title><main><iframe title="inner" srcdoc='<!doctype html><html lang="en"><title>i</title><main>${broken.replaceAll('"', '&quot;')}</main></html>'></iframe></main></html>`,
      );
      await page2.frames()[1]?.waitForLoadState();
      await expect(axeFindings(page2)).rejects.toThrow(/checks pages without frames/);
    } finally {
      await page2.close();
    }
  });

  for (const theme of ['dark', 'light'] as const) {
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
    });

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
  }
});
