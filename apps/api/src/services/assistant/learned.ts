// A question model learned from labelled questions (docs/assistant/training-questions.json, written
// by bench/assistant-training-export.ts from the eval's training questions and the retired
// held-out sets) and the articles' own front matter: a multinomial naive Bayes over the index's
// own terms (the stems and synonyms of the question's meaningful words, typos corrected, plus
// pairs of neighbouring words) that scores the articles for a question. Trained when the index is
// built — deterministic, no dependency, nothing fetched. relevance.ts uses it to re-rank the
// index's hits (`rerank`); whether to answer at all stays the rules' and the thresholds'. The
// weights were chosen by leave-one-set-out cross-validation (`pnpm --filter @omega/bench
// assistant-eval --by-set`, decision 006).
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
   * How many of the index's best passages the model re-ranks (the index offers `HITS` without the
   * model): a longer list lets it bring up an article the index ranked lower.
   */
  pool: number;
}

/** The passages a decision offers (at most two per article), as the index ranks them. */
export const HITS = 8;

// Chosen by `assistant-eval --by-set` on the left-out sets' predictions (2026-11-27, ninth
// round: training, the helper-written sets and the retired v1-v8; loss 0.1817 against 0.1885
// for the weights before, rank 0.7, temperature 4, pool 12), and then judged once on the blind
// v9 (decision 006). Every left-out run since the sixth round had preferred a stronger model
// over a longer list; these were left until a fresh blind set could judge the change.
export const LEARNED_WEIGHTS: LearnedWeights = {
  rankWeight: 0.9,
  temperature: 4,
  // 32 passages: the model may bring up an article the index ranked well below its first eight.
  pool: 32,
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

/** How many off-topic labelled questions must use a word before it marks another topic. */
const FOREIGN_MIN_USES = 2;

/** Counts, per stem of a word the help never uses, the analysed questions it appears in. */
function countUnknownTerms(counts: Map<string, number>, words: readonly QueryWord[]): void {
  for (const t of new Set(words.flatMap((w) => (w.known ? [] : w.terms.slice(0, 1))))) {
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
}

/** The words (as typed) the help never uses whose stem is in `terms`. */
function wordsWithTerm(words: readonly QueryWord[], terms: ReadonlySet<string>): Set<string> {
  return new Set(words.filter((w) => !w.known && terms.has(w.terms[0] ?? '')).map((w) => w.word));
}

export class QuestionModel {
  private readonly articles = new NaiveBayes();
  /** Stems of words the help never uses that count like known words (see the constructor). */
  private readonly familiarTerms = new Set<string>();
  /** Stems of words the help never uses that mark another topic (see the constructor). */
  private readonly foreignTerms = new Set<string>();

  /**
   * Trains on the labelled on-topic questions (a question answered by several articles counts
   * towards each, split evenly) and on each article's own title, aliases and question phrasings.
   */
  constructor(
    analyse: Analyse,
    articles: readonly Article[],
    data: Pick<TrainingQuestions, 'onTopic'> & Partial<Pick<TrainingQuestions, 'offTopic'>>,
  ) {
    const known = new Set(articles.map((a) => a.slug));
    for (const article of articles) {
      for (const text of [article.title, ...article.aliases, ...article.questions]) {
        this.articles.add(article.slug, featuresOf(analyse(text)));
      }
    }
    const on = new Map<string, number>();
    for (const { q, articles: right } of data.onTopic) {
      const words = analyse(q);
      const features = featuresOf(words);
      const slugs = right.filter((s) => known.has(s));
      for (const slug of slugs) this.articles.add(slug, features, 1 / slugs.length);
      countUnknownTerms(on, words);
    }
    // A word no article uses counts in full against an answer's coverage (relevance.ts
    // coverageOf): right for 'jupiter', wrong for 'everybody' or 'sub'. One that on-topic labelled
    // questions use and off-topic ones never do counts like a word the help knows; one that two
    // or more off-topic questions use and no on-topic one does counts FOREIGN_WEIGHT times over.
    // Chosen by `assistant-eval --by-set` (decision 006, eighth round).
    const off = new Map<string, number>();
    for (const { q } of data.offTopic ?? []) countUnknownTerms(off, analyse(q));
    for (const term of on.keys()) if (!off.has(term)) this.familiarTerms.add(term);
    for (const [term, n] of off) {
      if (n >= FOREIGN_MIN_USES && !on.has(term)) this.foreignTerms.add(term);
    }
  }

  /** The question's words the help never uses that on-topic labelled questions do. */
  familiar(words: readonly QueryWord[]): Set<string> {
    return wordsWithTerm(words, this.familiarTerms);
  }

  /** The question's words the help never uses that only off-topic labelled questions do. */
  foreign(words: readonly QueryWord[]): Set<string> {
    return wordsWithTerm(words, this.foreignTerms);
  }

  /** The model's log-likelihood of the question for each of `slugs`. */
  articleLogLikelihoods(words: readonly QueryWord[], slugs: Iterable<string>): Map<string, number> {
    const features = featuresOf(words);
    return new Map([...slugs].map((s) => [s, this.articles.logLikelihood(s, features)]));
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
