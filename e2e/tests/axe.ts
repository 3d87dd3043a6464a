// Accessibility check run on every page the browser tests visit: serious or critical
// violations fail the test, with the rule and the offending elements in the message. A suite
// can name moderate rules that must fail too, or ask for no finding of any impact.
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
  /**
   * Everything else axe reported (moderate and minor): all of it only with `everyRule`, since
   * otherwise the rules that could report it did not run.
   */
  other: AxeViolation[];
}

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

interface AxeInPage {
  run(context: unknown, options: unknown): Promise<AxeResults>;
  _audit: {
    rules: {
      id: string;
      impact?: Impact;
      any: unknown[];
      all: unknown[];
      none: unknown[];
    }[];
    checks: Record<string, { metadata?: { impact?: Impact } }>;
  };
}

/**
 * Runs axe-core over the whole page as it is now, in the page itself, and sorts the violations.
 * axe goes into a page once and answers only its violations: @axe-core/playwright, used before,
 * sent axe's 550 KB source twice per check and brought every passing rule's nodes back through
 * the protocol, which cost 2.3 s of CPU a check against 1.1 s (decision 032). Our pages have no
 * frames, and a page with one is refused rather than half checked: axe in the page misses a
 * srcdoc frame's faults.
 *
 * Unless `everyRule` asks for the moderate and minor findings too, only the rules that can find
 * a serious or critical fault run (and `alsoFailOn`): on six of our pages, 0.20–0.21 s of the
 * renderer's CPU a check against 0.29–0.36 s with every rule (2026-12-02). Which rules those
 * are is axe's own metadata: a rule with an impact gives every violation that impact, and one
 * without gives the highest of its failing checks' impacts. The rules that can only say
 * moderate or minor could not fail the check, so leaving them out changes nothing it reports
 * (accessibility.e2e.ts compares the two on a page with faults).
 */
export async function axeFindings(
  page: Page,
  check: AxeCheck = {},
  everyRule = false,
): Promise<AxeFindings> {
  if (page.frames().length > 1) {
    throw new Error(`axeFindings checks pages without frames; ${page.url()} has a frame`);
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ alsoFailOn, everyRule }) => {
      const { axe } = window as unknown as { axe: AxeInPage };
      if (everyRule) return (await axe.run(document, { resultTypes: ['violations'] })).violations;
      const failsOn = (impact: Impact | undefined) =>
        impact === undefined || impact === 'serious' || impact === 'critical';
      const cannotFail = axe._audit.rules.filter((rule) => {
        if (alsoFailOn.includes(rule.id)) return false;
        if (rule.impact) return !failsOn(rule.impact);
        return ![...rule.any, ...rule.all, ...rule.none].some((c) => {
          const id = typeof c === 'string' ? c : (c as { id: string }).id;
          return failsOn(axe._audit.checks[id]?.metadata?.impact);
        });
      });
      if (cannotFail.length === axe._audit.rules.length) {
        throw new Error('axe: no rule can find a serious fault');
      }
      // Axe's own choice of rules (no experimental or deprecated ones), less these.
      const rules = Object.fromEntries(cannotFail.map((rule) => [rule.id, { enabled: false }]));
      return (await axe.run(document, { resultTypes: ['violations'], rules })).violations;
    },
    { alsoFailOn: [...(check.alsoFailOn ?? [])], everyRule },
  );
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

/** Fails on serious and critical violations (and `alsoFailOn`). */
export async function expectAccessible(page: Page, check: AxeCheck = {}): Promise<void> {
  const { failing } = await axeFindings(page, check);
  if (failing.length > 0) {
    throw new Error(`Accessibility violations on ${page.url()}:\n${describeViolations(failing)}`);
  }
}

/** Fails on any violation at all, minor ones included: every rule axe runs by default. */
export async function expectNoAxeFindings(page: Page): Promise<void> {
  const { failing, other } = await axeFindings(page, {}, true);
  const all = [...failing, ...other];
  if (all.length > 0) {
    throw new Error(`Accessibility findings on ${page.url()}:\n${describeViolations(all)}`);
  }
}
