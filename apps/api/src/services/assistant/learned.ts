// A question model learned from labelled questions (docs/assistant/training-questions.json, written
// by bench/assistant-training-export.ts from the eval's training questions and the retired
// held-out sets) and the articles' own front matter. Two multinomial naive Bayes models over the
// index's own terms (the stems and synonyms of the question's meaningful words, typos corrected,
// plus pairs of neighbouring words): one scores the articles for a question, one whether a
// question is about Omega at all; and a small logistic regression (the decider) over what the
// second says of a question, trained on its cross-fitted opinions on first use. Trained when the
// index is built (the decider when first asked) — deterministic, no dependency, nothing fetched.
// relevance.ts combines them with the index (see `rerank` and `judge`); the weights were chosen
// by leave-one-set-out cross-validation (`pnpm --filter @omega/bench assistant-eval --by-set`,
// decision 006).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Article } from './articles.js';
import type { Hit, QueryWord } from './retrieval.js';

export type TrainingRole = 'user' | 'admin' | 'supergod';

/** The exported training questions; each names the set it came from (training, v1…v4). */
export interface TrainingQuestions {
  about?: string;
  onTopic: Array<{ q: string; role: TrainingRole; articles: string[]; set: string }>;
  offTopic: Array<{ q: string; role: TrainingRole; set: string }>;
}

/** The training questions under `docsRoot`, or undefined when the file is not there. */
export function loadTrainingQuestions(docsRoot: string): TrainingQuestions | undefined {
  const file = join(docsRoot, 'assistant', 'training-questions.json');
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8')) as TrainingQuestions;
  if (!Array.isArray(data.onTopic) || !Array.isArray(data.offTopic)) {
    throw new Error(`${file}: expected onTopic and offTopic arrays`);
  }
  return data;
}

/** How the model's opinion is combined with the index's; chosen by `assistant-eval --by-set`. */
export interface LearnedWeights {
  /** In ranking, the weight of the model's probability against the index's relative score. */
  rankWeight: number;
  /** The temperature of the softmax turning the model's log-likelihoods into probabilities. */
  temperature: number;
  /**
   * In deciding, how much the model's belief that the question is about Omega moves the coverage
   * bar: an answer needs coverage + omegaWeight × (p − 0.5) ≥ the minimum coverage, p being the
   * decider's probability (`QuestionModel.aboutOmega`).
   */
  omegaWeight: number;
  /** Below this probability of being about Omega a question is declined whatever the index says. */
  minOmega: number;
  /**
   * How many of the index's best passages the model re-ranks (the index offers `HITS` without the
   * model): a longer list lets it bring up an article the index ranked lower.
   */
  pool: number;
}

/** The passages a decision offers (at most two per article), as the index ranks them. */
export const HITS = 8;

// Chosen by `assistant-eval --by-set` on the left-out sets' predictions (training and v1-v4).
// With v5 among the sets it prefers rank 0.9, temperature 8, pool 16 and the decider moving the
// bar by 0.1 x (p - 0.5) (loss 0.1219 against 0.1248), but the decider is trained on first use
// (220 ms with the event loop blocked) and doubles the CPU of a question (0.5 -> 1.2 ms), and the
// blind v6 showed no gain from it (76.8 / 84.2 / 11.7% against 77.1 / 84.2 / 12.4%): not used.
export const LEARNED_WEIGHTS: LearnedWeights = {
  rankWeight: 0.7,
  temperature: 4,
  // 0: on left-out sets neither the naive Bayes probability nor the decider's gained enough from
  // moving the bar (the lists of other topics, written reading those sets, already decline their
  // off-topic questions), so the decision stays the index's thresholds and the rules.
  omegaWeight: 0,
  minOmega: 0,
  // 12 passages: the model may bring up an article the index ranked below its first eight.
  pool: 12,
};

/** Laplace smoothing of the counts. */
const SMOOTHING = 0.2;
/** How much a pair of neighbouring words counts against a single word. */
const PAIR_WEIGHT = 1;

/** The model's features of a question: its words' index terms and neighbouring pairs. */
export function featuresOf(words: readonly QueryWord[]): Map<string, number> {
  const features = new Map<string, number>();
  const add = (f: string, w: number) => features.set(f, (features.get(f) ?? 0) + w);
  for (const { terms } of words) for (const t of terms) add(t, 1);
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1]?.terms[0];
    const b = words[i]?.terms[0];
    if (a && b) add(`${a} ${b}`, PAIR_WEIGHT);
  }
  return features;
}

/** Counts of features per class, turned into smoothed log-likelihoods on demand. */
class NaiveBayes {
  private readonly counts = new Map<string, Map<string, number>>();
  private readonly totals = new Map<string, number>();
  private readonly vocabulary = new Set<string>();

  add(label: string, features: ReadonlyMap<string, number>, weight = 1): void {
    let counts = this.counts.get(label);
    if (!counts) {
      counts = new Map();
      this.counts.set(label, counts);
    }
    for (const [f, n] of features) {
      counts.set(f, (counts.get(f) ?? 0) + n * weight);
      this.totals.set(label, (this.totals.get(label) ?? 0) + n * weight);
      this.vocabulary.add(f);
    }
  }

  get labels(): string[] {
    return [...this.counts.keys()];
  }

  /** How often the class has seen the feature (0 when never). */
  count(label: string, feature: string): number {
    return this.counts.get(label)?.get(feature) ?? 0;
  }

  /** Σ count(f) · log P(f | label) over the features any class has seen. */
  logLikelihood(label: string, features: ReadonlyMap<string, number>): number {
    const counts = this.counts.get(label);
    const denominator = (this.totals.get(label) ?? 0) + SMOOTHING * this.vocabulary.size;
    let sum = 0;
    for (const [f, n] of features) {
      if (!this.vocabulary.has(f)) continue;
      sum += n * Math.log(((counts?.get(f) ?? 0) + SMOOTHING) / denominator);
    }
    return sum;
  }
}

/** What the index understands of a text: the same analysis a question gets. */
export type Analyse = (text: string) => QueryWord[];

/** A labelled question's features, and the set it came from (for cross-fitting). */
interface Example {
  words: QueryWord[];
  /** The articles that answer it, each with its share. */
  slugs: Array<[string, number]>;
  features: Map<string, number>;
  on: boolean;
  set: string;
}

/** The "about Omega" naive Bayes trained on some examples (and the articles' phrasings). */
class OmegaModel {
  private readonly nb = new NaiveBayes();
  private readonly prior: number;

  constructor(
    phrasings: readonly Map<string, number>[],
    examples: readonly Example[],
    private readonly articles?: NaiveBayes,
  ) {
    let on = phrasings.length;
    let off = 0;
    for (const f of phrasings) this.nb.add('on', f);
    for (const e of examples) {
      this.nb.add(e.on ? 'on' : 'off', e.features);
      if (e.on) on += 1;
      else off += 1;
    }
    this.prior = Math.log((on + 1) / (off + 1));
  }

  logOdds(features: ReadonlyMap<string, number>): number {
    const logit =
      this.prior + this.nb.logLikelihood('on', features) - this.nb.logLikelihood('off', features);
    return Math.max(-30, Math.min(30, logit));
  }

  /** What the decider reads of a question: see `DECIDER_FEATURES`. */
  describe(words: readonly QueryWord[], features: ReadonlyMap<string, number>): number[] {
    const n = Math.max(1, words.length);
    const totalWeight = words.reduce((a, w) => a + w.weight, 0) || 1;
    let offOnly = 0;
    let unseen = 0;
    for (const f of features.keys()) {
      const on = this.nb.count('on', f);
      const off = this.nb.count('off', f);
      if (on === 0 && off > 0) offOnly += 1;
      if (on === 0 && off === 0) unseen += 1;
    }
    const unknown = words.filter((w) => !w.known);
    const logs = this.articles
      ? this.articles.labels.map((l) => this.articles?.logLikelihood(l, features) ?? 0)
      : [0];
    logs.sort((a, b) => b - a);
    const size = Math.max(1, features.size);
    const offLog = this.nb.logLikelihood('off', features);
    return [
      ((logs[0] ?? 0) - offLog) / size,
      ((logs[0] ?? 0) - (logs[1] ?? 0)) / size,
      this.logOdds(features) / 10,
      unknown.length / n,
      unknown.reduce((a, w) => a + w.weight, 0) / totalWeight,
      offOnly / Math.max(1, features.size),
      unseen / Math.max(1, features.size),
      Math.log(n),
      words.some((w) => w.corrected) ? 1 : 0,
    ];
  }
}

/**
 * The decider's inputs: the omega model's log-odds, the share of the question's words the help
 * never uses (by count and by weight), the share of its features only off-topic questions had,
 * and never seen at all, its length and whether a typo was corrected.
 */
export const DECIDER_FEATURES = 9;

/**
 * Logistic regression by full-batch gradient descent (fixed steps, from zero: deterministic), on
 * standardised inputs, each class weighted by the inverse of its size.
 */
export class Logistic {
  private readonly mean: number[];
  private readonly scale: number[];
  private readonly w: number[];
  private b = 0;

  constructor(x: readonly number[][], y: readonly boolean[], iterations = 300, rate = 0.5) {
    const d = x[0]?.length ?? 0;
    const n = x.length;
    this.mean = Array.from({ length: d }, (_, j) => x.reduce((a, r) => a + (r[j] ?? 0), 0) / n);
    this.scale = Array.from({ length: d }, (_, j) => {
      const v = x.reduce((a, r) => a + ((r[j] ?? 0) - (this.mean[j] ?? 0)) ** 2, 0) / n;
      return v > 1e-12 ? Math.sqrt(v) : 1;
    });
    this.w = new Array(d).fill(0);
    const z = x.map((r) => this.standardise(r));
    const positives = y.filter(Boolean).length;
    const weight = y.map((p) => (p ? 0.5 / positives : 0.5 / (n - positives)));
    for (let it = 0; it < iterations; it++) {
      const gw = new Array(d).fill(0);
      let gb = 0;
      z.forEach((r, i) => {
        const err = (this.sigmoid(r) - (y[i] ? 1 : 0)) * (weight[i] ?? 0);
        for (let j = 0; j < d; j++) gw[j] += err * (r[j] ?? 0);
        gb += err;
      });
      for (let j = 0; j < d; j++)
        this.w[j] = (this.w[j] ?? 0) - rate * (gw[j] + 1e-3 * (this.w[j] ?? 0));
      this.b -= rate * gb;
    }
  }

  private standardise(r: readonly number[]): number[] {
    return r.map((v, j) => (v - (this.mean[j] ?? 0)) / (this.scale[j] ?? 1));
  }

  private sigmoid(z: readonly number[]): number {
    let s = this.b;
    for (let j = 0; j < z.length; j++) s += (this.w[j] ?? 0) * (z[j] ?? 0);
    return 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, s))));
  }

  probability(x: readonly number[]): number {
    return this.sigmoid(this.standardise(x));
  }
}

/**
 * The decider: a logistic regression over what the omega model says of each labelled question
 * (`OmegaModel.describe`) when trained without that question's set (cross-fitting, so it trusts
 * the model as much as it deserves on wording it has not seen); undefined with fewer than two
 * sets, where nothing can be held out.
 */
function trainDecider(
  phrasings: readonly Map<string, number>[],
  own: ReadonlyArray<[string, Map<string, number>]>,
  examples: readonly Example[],
): Logistic | undefined {
  const sets = [...new Set(examples.map((e) => e.set))];
  if (sets.length < 2) return undefined;
  const x: number[][] = [];
  const y: boolean[] = [];
  for (const set of sets) {
    const others = examples.filter((e) => e.set !== set);
    const articles = new NaiveBayes();
    for (const [slug, f] of own) articles.add(slug, f);
    for (const e of others) for (const [slug, w] of e.slugs) articles.add(slug, e.features, w);
    const without = new OmegaModel(phrasings, others, articles);
    for (const e of examples) {
      if (e.set !== set) continue;
      x.push(without.describe(e.words, e.features));
      y.push(e.on);
    }
  }
  return new Logistic(x, y);
}

export class QuestionModel {
  private readonly articles = new NaiveBayes();
  private readonly omega: OmegaModel;
  /** Trains the decider: on first use, since the weights in use may not call for it. */
  private readonly trainDecider: () => Logistic | undefined;
  private decider: Logistic | null | undefined;

  /**
   * Trains on the labelled questions (a question answered by several articles counts towards
   * each, split evenly) and on each article's own title, aliases and question phrasings.
   */
  constructor(
    analyse: Analyse,
    articles: readonly Article[],
    data: Pick<TrainingQuestions, 'onTopic' | 'offTopic'>,
  ) {
    const known = new Set(articles.map((a) => a.slug));
    const phrasings: Map<string, number>[] = [];
    const own: Array<[string, Map<string, number>]> = [];
    for (const article of articles) {
      for (const text of [article.title, ...article.aliases, ...article.questions]) {
        const features = featuresOf(analyse(text));
        this.articles.add(article.slug, features);
        own.push([article.slug, features]);
        if (text !== article.title) phrasings.push(features);
      }
    }
    const examples: Example[] = [];
    for (const { q, articles: right, set } of data.onTopic) {
      const words = analyse(q);
      const features = featuresOf(words);
      const slugs = right.filter((s) => known.has(s));
      for (const slug of slugs) this.articles.add(slug, features, 1 / slugs.length);
      const shares = slugs.map((s): [string, number] => [s, 1 / slugs.length]);
      examples.push({ words, slugs: shares, features, on: true, set });
    }
    for (const { q, set } of data.offTopic) {
      const words = analyse(q);
      examples.push({ words, slugs: [], features: featuresOf(words), on: false, set });
    }
    this.omega = new OmegaModel(phrasings, examples, this.articles);
    this.trainDecider = () => trainDecider(phrasings, own, examples);
  }

  /** The model's log-likelihood of the question for each of `slugs`. */
  articleLogLikelihoods(words: readonly QueryWord[], slugs: Iterable<string>): Map<string, number> {
    const features = featuresOf(words);
    return new Map([...slugs].map((s) => [s, this.articles.logLikelihood(s, features)]));
  }

  /** The naive Bayes probability that the question is about Omega rather than something else. */
  omegaProbability(words: readonly QueryWord[]): number {
    return 1 / (1 + Math.exp(-this.omega.logOdds(featuresOf(words))));
  }

  /**
   * The decider's probability that the question is about Omega (the naive Bayes one when the
   * training questions come from a single set: nothing to cross-fit on).
   */
  aboutOmega(words: readonly QueryWord[]): number {
    if (this.decider === undefined) this.decider = this.trainDecider() ?? null;
    if (!this.decider) return this.omegaProbability(words);
    return this.decider.probability(this.omega.describe(words, featuresOf(words)));
  }
}

/** Log-likelihoods turned into probabilities (softmax at `temperature`). */
export function softmax(
  logs: ReadonlyMap<string, number>,
  temperature: number,
): Map<string, number> {
  const top = Math.max(...logs.values());
  const exps = [...logs].map(([s, l]) => [s, Math.exp((l - top) / temperature)] as const);
  const sum = exps.reduce((a, [, e]) => a + e, 0);
  return new Map(exps.map(([s, e]) => [s, e / sum]));
}

/**
 * The hits re-ordered by article: each article's relative index score (its best passage over the
 * best passage's) weighed against the model's probability for it among the articles hit (from
 * `logs`, the model's log-likelihoods of the question for them). An article whose own phrasing
 * the question is (`phrased`, first already) stays first.
 */
export function rerank(
  hits: readonly Hit[],
  logs: ReadonlyMap<string, number>,
  weights: Pick<LearnedWeights, 'rankWeight' | 'temperature'>,
  phrased?: string,
): Hit[] {
  if (hits.length < 2 || weights.rankWeight === 0) return [...hits];
  const best = new Map<string, number>();
  for (const h of hits) best.set(h.passage.slug, Math.max(best.get(h.passage.slug) ?? 0, h.score));
  const top = Math.max(...best.values());
  const p = softmax(
    new Map([...best.keys()].map((s) => [s, logs.get(s) ?? 0])),
    weights.temperature,
  );
  const combined = (s: string) =>
    s === phrased
      ? Number.POSITIVE_INFINITY
      : (1 - weights.rankWeight) * ((best.get(s) ?? 0) / top) +
        weights.rankWeight * (p.get(s) ?? 0);
  const order = new Map(
    [...best.keys()]
      .map((s, i) => ({ s, i, c: combined(s) }))
      .sort((a, b) => b.c - a.c || a.i - b.i)
      .map(({ s }, rank) => [s, rank]),
  );
  return [...hits].sort(
    (a, b) => (order.get(a.passage.slug) ?? 0) - (order.get(b.passage.slug) ?? 0),
  );
}
