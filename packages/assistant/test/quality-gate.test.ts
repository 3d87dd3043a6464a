// A quality gate on the assistant's answers: asks every question of the blind held-out set
// (packages/assistant/data/v11.json) as the server answers it, with its decision (relevance.ts
// `decide`) over the shipped help, and fails when top-1, top-3 or the share of off-topic questions
// answered with an article falls past a floor a little below today's figures. The figures are
// counted as bench/assistant-eval.ts counts them; only they are printed, never a question.
import { readFileSync } from 'node:fs';
import { atLeast, type Role } from '@omega/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { decide, findDocsRoot, type Help, loadArticles, loadHelp } from '../src/index.js';

/**
 * The held-out set the gate measures. When a new one is written and this one retires to training,
 * the gate moves to the new set, with floors from its first measured figures.
 */
const HELD_OUT = 'v11';
/** Its figures on 2026-11-28 (`pnpm --filter @omega/bench assistant-eval`). */
const TODAY = { top1: 1007 / 1098, top3: 1056 / 1098, offTopicAnswered: 6 / 400 };
/** How far a figure may move the wrong way before the gate fails: room for a small change's noise. */
const MARGIN = { top1: 0.015, top3: 0.015, offTopicAnswered: 0.01 };

interface HeldOutSet {
  name: string;
  heldOut: boolean;
  learned: boolean;
  onTopic: ReadonlyArray<{ role: Role; q: string; articles: readonly string[] }>;
  offTopic: ReadonlyArray<{ role: Role; q: string }>;
}

const set = JSON.parse(
  readFileSync(new URL(`../data/${HELD_OUT}.json`, import.meta.url), 'utf8'),
) as HeldOutSet;

/** The distinct articles the server answers `q` with, in order, or none when it declines. */
function answered({ index, model }: Help, q: string, role: Role): string[] {
  const admin = atLeast(role, 'admin');
  const decision = decide(
    index,
    q,
    { audience: admin ? 'admin' : 'user', architecture: admin },
    undefined,
    model,
  );
  if (decision.decline) return [];
  return [...new Set(decision.hits.map((h) => h.passage.slug))];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const points = (x: number) => `${(100 * x).toFixed(1)} points`;

describe(`the assistant on the held-out set ${HELD_OUT}`, () => {
  const figures = { top1: 0, top3: 0, offTopicAnswered: 0 };

  beforeAll(() => {
    // The help as servers load it: the build's artifact (dist/help.bin).
    const root = findDocsRoot();
    const help = loadHelp(loadArticles(root), root);
    let top1 = 0;
    let top3 = 0;
    for (const { q, role, articles: right } of set.onTopic) {
      const found = answered(help, q, role);
      if (found[0] !== undefined && right.includes(found[0])) top1 += 1;
      if (found.slice(0, 3).some((a) => right.includes(a))) top3 += 1;
    }
    let offTopic = 0;
    for (const { q, role } of set.offTopic) if (answered(help, q, role).length > 0) offTopic += 1;
    figures.top1 = top1 / set.onTopic.length;
    figures.top3 = top3 / set.onTopic.length;
    figures.offTopicAnswered = offTopic / set.offTopic.length;
    console.info(
      `held-out ${HELD_OUT}: top-1 ${pct(figures.top1)} (${top1}/${set.onTopic.length}), ` +
        `top-3 ${pct(figures.top3)} (${top3}/${set.onTopic.length}), off-topic answered with an ` +
        `article ${pct(figures.offTopicAnswered)} (${offTopic}/${set.offTopic.length})`,
    );
  });

  it('is still held out: never learned from', () => {
    expect(set.heldOut && !set.learned, `${HELD_OUT} is not marked held out`).toBe(true);
  });

  for (const [figure, label] of [
    ['top1', 'top-1'],
    ['top3', 'top-3'],
  ] as const) {
    it(`keeps ${label} within ${points(MARGIN[figure])} of ${pct(TODAY[figure])}`, () => {
      const floor = TODAY[figure] - MARGIN[figure];
      expect(
        figures[figure],
        `${label} fell to ${pct(figures[figure])}, ${points(TODAY[figure] - figures[figure])} ` +
          `below ${pct(TODAY[figure])}: ${points(floor - figures[figure])} past the floor of ${pct(floor)}`,
      ).toBeGreaterThanOrEqual(floor);
    });
  }

  it(`answers at most ${pct(TODAY.offTopicAnswered + MARGIN.offTopicAnswered)} of off-topic questions with an article`, () => {
    const ceiling = TODAY.offTopicAnswered + MARGIN.offTopicAnswered;
    const now = figures.offTopicAnswered;
    expect(
      now,
      `off-topic answered with an article rose to ${pct(now)}, ` +
        `${points(now - TODAY.offTopicAnswered)} above ${pct(TODAY.offTopicAnswered)}: ` +
        `${points(now - ceiling)} past the ceiling of ${pct(ceiling)}`,
    ).toBeLessThanOrEqual(ceiling);
  });
});
