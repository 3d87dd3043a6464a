// Quality of the help assistant's answers: asks every question of the training set
// (assistant-eval-questions.json, written with the articles) and of the held-out set
// (apps/api/test/assistant-eval/held-out.ts, written before reading them and never tuned on)
// through the real index and decision, with the same scope per role as the API, and prints for
// each set how often the expected article is the first answer (top-1) and among the first three
// (top-3), and how many off-topic questions got an article instead of the decline answer.
// Targets (issue 16, held-out set): top-3 >= 95%, top-1 >= 85%, off-topic answered <= 3%.
// `--training` prints the training set alone (for tuning), `--verbose` every question, and
// `--calibrate [share]` the training figures over a grid of thresholds (decision 006).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadArticles } from '../apps/api/src/services/assistant/load-articles.js';
import {
  coverageOf,
  decide,
  isAboutSomethingElse,
  isInjectionAttempt,
  MIN_COVERAGE,
  MIN_SCORE,
  UNMATCHED_KNOWN_SHARE,
} from '../apps/api/src/services/assistant/relevance.js';
import { HelpIndex } from '../apps/api/src/services/assistant/retrieval.js';
import {
  type EvalRole,
  heldOutOffTopic,
  heldOutOnTopic,
} from '../apps/api/test/assistant-eval/held-out.js';
import { topicArticles } from '../apps/api/test/assistant-eval/topic-articles.js';

interface Asked {
  q: string;
  role: EvalRole;
  /** Any of these articles is a right answer. */
  articles: readonly string[];
  /** Set on the training questions added for issue 16; the rest are the original set. */
  added?: string;
}
interface TrainingData {
  questions: Array<{ q: string; article: string; role: EvalRole; added?: string }>;
  offTopic: Array<{ q: string; role: EvalRole; added?: string }>;
}

const TARGETS = { top1: 0.85, top3: 0.95, offTopicAnswered: 0.03 };
const training = JSON.parse(
  readFileSync(new URL('./assistant-eval-questions.json', import.meta.url), 'utf8'),
) as TrainingData;

const startedAt = performance.now();
const heapBefore = process.memoryUsage().heapUsed;
const articles = loadArticles();
const index = new HelpIndex(articles);
const buildMs = performance.now() - startedAt;
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
const scope = (role: EvalRole) =>
  ({ audience: role === 'user' ? 'user' : 'admin', architecture: role !== 'user' }) as const;

/** The distinct articles answered, in order, or none when the assistant declines. */
function answeredArticles(q: string, role: EvalRole): string[] {
  const decision = decide(index, q, scope(role));
  if (decision.decline) return [];
  return [...new Set(decision.hits.map((h) => h.passage.slug))];
}

const verbose = process.argv.includes('--verbose');
const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(1)}%`;

interface Figures {
  top1: number;
  top3: number;
  n: number;
  answered: number;
  m: number;
}

function measure(onTopic: readonly Asked[], offTopic: readonly Omit<Asked, 'articles'>[]) {
  const figures: Figures = { top1: 0, top3: 0, n: onTopic.length, answered: 0, m: offTopic.length };
  const misses: string[] = [];
  for (const { q, role, articles: right } of onTopic) {
    const found = answeredArticles(q, role);
    const first = found[0] !== undefined && right.includes(found[0]);
    if (first) figures.top1 += 1;
    if (found.slice(0, 3).some((a) => right.includes(a))) figures.top3 += 1;
    else
      misses.push(
        `  "${q}" (${role}) wants ${right.join('|')}: ${found.slice(0, 3).join(', ') || 'declined'}`,
      );
    if (verbose)
      console.log(`${first ? 'ok  ' : 'MISS'} ${q} (${role}) -> ${found[0] ?? 'declined'}`);
  }
  for (const { q, role } of offTopic) {
    const found = answeredArticles(q, role);
    if (found.length === 0) continue;
    figures.answered += 1;
    misses.push(`  off-topic "${q}" (${role}) answered from ${found[0]}`);
  }
  return { figures, misses };
}

function print(name: string, f: Figures) {
  console.log(`\n${name}: ${f.n} on-topic, ${f.m} off-topic questions`);
  console.log(`  top-1: ${pct(f.top1, f.n)} (${f.top1}/${f.n})`);
  console.log(`  top-3: ${pct(f.top3, f.n)} (${f.top3}/${f.n})`);
  console.log(
    `  off-topic answered with an article: ${pct(f.answered, f.m)} (${f.answered}/${f.m})`,
  );
}

console.log(
  `Assistant answers over ${index.passageCount} passages from ${articles.length} articles ` +
    `(index built in ${buildMs.toFixed(0)} ms, heap +${heapMb.toFixed(1)} MB; ` +
    `thresholds: score >= ${MIN_SCORE}, coverage >= ${MIN_COVERAGE})`,
);
const trainingOnTopic: Asked[] = training.questions.map(({ q, role, article, added }) => ({
  q,
  role,
  articles: [article],
  ...(added ? { added } : {}),
}));

if (process.argv.includes('--calibrate')) calibrate();
else {
  const all = measure(trainingOnTopic, training.offTopic);
  print('training (written with the articles; tuned on)', all.figures);
  const original = measure(
    trainingOnTopic.filter((a) => !a.added),
    training.offTopic.filter((a) => !a.added),
  ).figures;
  console.log(
    `  of which the original ${original.n} + ${original.m} (before issue 16): ` +
      `top-1 ${pct(original.top1, original.n)}, top-3 ${pct(original.top3, original.n)}, ` +
      `off-topic answered ${original.answered}/${original.m}`,
  );
  if (all.misses.length > 0) console.log(all.misses.join('\n'));

  if (!process.argv.includes('--training')) {
    const heldOut = measure(
      heldOutOnTopic.map(({ q, role, topic }) => {
        const right = topicArticles[topic];
        if (!right)
          throw new Error(`held-out topic "${topic}" has no articles in topic-articles.ts`);
        return { q, role, articles: right };
      }),
      heldOutOffTopic,
    );
    const f = heldOut.figures;
    print('held-out (written before reading the articles; never tuned on)', f);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `  targets: top-1 >= ${TARGETS.top1 * 100}% ${met(f.top1 / f.n >= TARGETS.top1)}, ` +
        `top-3 >= ${TARGETS.top3 * 100}% ${met(f.top3 / f.n >= TARGETS.top3)}, ` +
        `off-topic answered <= ${TARGETS.offTopicAnswered * 100}% ` +
        met(f.answered / f.m <= TARGETS.offTopicAnswered),
    );
    if (verbose && heldOut.misses.length > 0) console.log(heldOut.misses.join('\n'));
  }
}

/**
 * The threshold grid on the TRAINING set only: for each minimum score and coverage, top-1, top-3
 * and off-topic questions answered, with the rule-based judges (injection, other topics) on, and
 * with them off too, to show what the thresholds catch by themselves.
 */
function calibrate() {
  const share =
    Number(process.argv[process.argv.indexOf('--calibrate') + 1]) || UNMATCHED_KNOWN_SHARE;
  const features = (q: string, role: EvalRole) => {
    const { words, hits } = index.retrieve(q, scope(role));
    return {
      ruled: isInjectionAttempt(q) || isAboutSomethingElse(q) || words.length === 0,
      score: hits[0]?.score ?? 0,
      coverage: coverageOf(words, hits, share),
      found: [...new Set(hits.map((h) => h.passage.slug))],
    };
  };
  const on = trainingOnTopic.map((a) => ({ right: a.articles, ...features(a.q, a.role) }));
  const off = training.offTopic.map((a) => features(a.q, a.role));
  const n = on.length;
  console.log(
    `\ntraining set (${n} on-topic, ${off.length} off-topic) by minimum score and coverage ` +
      `(unmatched known words count ${share}):\n` +
      '  score coverage   top-1   top-3   off-topic answered (rules on / off)',
  );
  for (const minScore of [0, 5, 10, 15, 20, 25, 30, 40]) {
    for (const minCoverage of [0, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7]) {
      const passes = (f: { score: number; coverage: number }) =>
        f.score >= minScore && f.coverage >= minCoverage;
      let top1 = 0;
      let top3 = 0;
      for (const f of on) {
        if (f.ruled || !passes(f)) continue;
        if (f.found[0] !== undefined && f.right.includes(f.found[0])) top1 += 1;
        if (f.found.slice(0, 3).some((a) => f.right.includes(a))) top3 += 1;
      }
      const withRules = off.filter((f) => !f.ruled && passes(f)).length;
      const withoutRules = off.filter((f) => passes(f)).length;
      console.log(
        `  ${String(minScore).padStart(5)} ${minCoverage.toFixed(2).padStart(8)} ` +
          `${pct(top1, n).padStart(7)} ${pct(top3, n).padStart(7)}   ${withRules} / ${withoutRules}`,
      );
    }
  }
}
