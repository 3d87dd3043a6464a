// Accessibility check run on every page the browser tests visit: serious or critical
// violations fail the test, with the rule and the offending elements in the message. A suite
// can name moderate rules that must fail too, and reads the remaining findings it is given.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** Moderate rules about a page's structure: one banner, unique landmarks, one h1, no loose content. */
export const LANDMARK_RULES = [
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'page-has-heading-one',
  'region',
] as const;

export interface AxeCheck {
  /** Rules that fail beside every serious or critical one (moderate ones, by id). */
  alsoFailOn?: readonly string[];
}

export interface AxeFindings {
  /** Serious, critical and `alsoFailOn` violations. */
  failing: AxeViolation[];
  /** Everything else axe reported (moderate and minor). */
  other: AxeViolation[];
}

/**
 * Runs axe over the whole page as it is now and sorts what it found. By default
 * @axe-core/playwright opens a blank page for every check, loads axe into it and merges each
 * frame's results there, so that cross-origin frames are checked too. Our pages have no frames:
 * axe then runs in the page itself (its "legacy mode", same-origin frames only), the same rules
 * and findings without that page, which was half of every check's time (decision 032). A page
 * with frames is checked the default way.
 */
export async function axeFindings(page: Page, check: AxeCheck = {}): Promise<AxeFindings> {
  const builder = new AxeBuilder({ page });
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const { violations } = await builder.analyze();
  const fails = (v: AxeViolation) =>
    v.impact === 'serious' || v.impact === 'critical' || !!check.alsoFailOn?.includes(v.id);
  return { failing: violations.filter(fails), other: violations.filter((v) => !fails(v)) };
}

/** One line per rule, then its offending elements, indented. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
    )
    .join('\n');
}

/** Fails on serious and critical violations (and `alsoFailOn`); answers the other findings. */
export async function expectAccessible(page: Page, check: AxeCheck = {}): Promise<AxeViolation[]> {
  const { failing, other } = await axeFindings(page, check);
  if (failing.length > 0) {
    throw new Error(`Accessibility violations on ${page.url()}:\n${describeViolations(failing)}`);
  }
  return other;
}
