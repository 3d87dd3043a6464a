// Accessibility check run on every page the browser tests visit: serious or critical
// violations fail the test, with the rule and the offending elements in the message.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const report = bad
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
      )
      .join('\n');
    throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
  }
}
