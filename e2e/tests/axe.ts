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
 * Runs axe over the whole page as it is now and sorts what it found. axe runs in the page itself
 * (@axe-core/playwright's "legacy mode"): same rules and findings as the library's default way,
 * without the blank page that way opens for every check, which was half of every check's time
 * (decision 032). Our pages have no frames, and a page with one is refused rather than half
 * checked: legacy mode misses a srcdoc frame's faults, and the default way gives a frame one
 * second to load axe, then leaves it out without a word (on a busy CI machine a frame with
 * faults came back with none).
 */
export async function axeFindings(page: Page, check: AxeCheck = {}): Promise<AxeFindings> {
  if (page.frames().length > 1) {
    throw new Error(`axeFindings checks pages without frames; ${page.url()} has a frame`);
  }
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
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
