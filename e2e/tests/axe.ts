// Accessibility check run on every page the browser tests visit: serious or critical
// violations fail the test, with the rule and the offending elements in the message. A suite
// can name moderate rules that must fail too, and reads the remaining findings it is given.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

export type AxeViolation = Result;

/** axe-core's browser build, put into a page once (it stays until the page navigates). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

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
 * Runs axe-core over the whole page as it is now, in the page itself, and sorts the violations.
 * axe goes into a page once and answers only its violations: @axe-core/playwright, used before,
 * sent axe's 550 KB source twice per check and brought every passing rule's nodes back through
 * the protocol, which cost 2.3 s of CPU a check against 1.1 s (decision 032). Our pages have no
 * frames, and a page with one is refused rather than half checked: axe in the page misses a
 * srcdoc frame's faults.
 */
export async function axeFindings(page: Page, check: AxeCheck = {}): Promise<AxeFindings> {
  if (page.frames().length > 1) {
    throw new Error(`axeFindings checks pages without frames; ${page.url()} has a frame`);
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(...args: unknown[]): Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
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
