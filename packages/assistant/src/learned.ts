// A question model learned from labelled questions (docs/assistant/training-questions.json, written
// by bench/assistant-training-export.ts from the eval's training questions and the retired
// held-out sets) and the articles' own front matter: a multinomial naive Bayes over the index's
// own terms (the stems and synonyms of the question's meaningful words, typos corrected, plus
// pairs of neighbouring words) that scores the articles for a question, and a softmax-regression
// classifier over the same terms with one label more, off-topic. Trained when the index is built
// — deterministic, no dependency, nothing fetched. relevance.ts uses both to re-rank the index's
// hits (`rerank`) and the classifier's opinion in the decision to answer (`DECISION`). The
// weights were chosen by leave-one-set-out cross-validation (`pnpm --filter @omega/bench
// assistant-eval --by-set` and `--decision`, decision 006).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Article } from './articles.js';
import { functionWords, type Hit, type QueryWord } from './retrieval.js';
import { StringTable } from './string-table.js';

export type TrainingRole = 'user' | 'admin' | 'supergod';

/** The exported training questions; each names the set it came from (training, v1…v4). */
export interface TrainingQuestions {
  about?: string;
  onTopic: Array<{ q: string; role: TrainingRole; articles: string[]; set: string }>;
  /**
   * `vocabulary: false`: the question teaches the classifier what is not about Omega, but its
   * words do not mark another topic (see QuestionModel's constructor).
   */
  offTopic: Array<{ q: string; role: TrainingRole; set: string; vocabulary?: false }>;
}

/** The training questions under `docsRoot`, or undefined when the file is not there. */
/** The labelled questions the model learns from, under a docs folder. */
export const trainingFile = (docsRoot: string) =>
  join(docsRoot, 'assistant', 'training-questions.json');

export function loadTrainingQuestions(docsRoot: string): TrainingQuestions | undefined {
  const file = trainingFile(docsRoot);
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
  /**
   * How much of the model's opinion in the re-rank is the classifier's (0: naive Bayes alone, 1:
   * the classifier alone).
   */
  classifierShare?: number;
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
  // Three quarters the classifier's: chosen by `assistant-eval --decision` among 0, 0.5, 0.75
  // and 1 (summed left-out loss 1.9197, 1.8266, 1.7992, 1.8101; decision 006, tenth round).
  classifierShare: 0.75,
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

/**
 * How much each word the index passes over ('who', 'you', 'omega': `functionWords`) and each pair
 * of neighbouring words as typed count in the classifier, against a term's 1. The index drops
 * such words and folds forms together, which is right for finding passages; but 'who is', 'are
 * you' and 'can i' say whether a question is asked of Omega at all, and pairs as typed keep the
 * asker's phrasing. Chosen by `assistant-eval --decision` (decision 006, thirteenth round):
 * summed left-out loss 3.0033 without either, 2.7281 with the words at 0.5 (2.7376 at 1), 2.5526
 * with the pairs at 0.5 too, 2.4936 at 1 and 2.4852 at 2 (the smaller kept: a plateau).
 */
const FUNCTION_WORD_WEIGHT = 0.5;
const WORDING_PAIR_WEIGHT = 1;

/** How much each four letters of a word count in the classifier, against a term's 1. */
const SUBWORD_WEIGHT = 0.5;

/**
 * The classifier's features: the naive Bayes model's, and each word's letters in fours (with its
 * start and end marked). Stems and synonyms fold words together; the letters keep what the asker
 * typed, and carry over to forms and compounds nobody labelled. Chosen by `assistant-eval
 * --decision` (decision 006, tenth round): summed left-out loss 1.7833 without them, 1.7212 at
 * half a term's weight, 1.7348 at a whole, 1.8246 for the words the help never uses alone.
 */
function classifierFeaturesOf(words: readonly QueryWord[], text: string): Map<string, number> {
  const features = featuresOf(words);
  const add = (f: string, w: number) => features.set(f, (features.get(f) ?? 0) + w);
  for (const { word } of words) {
    const w = `<${word.toLowerCase()}>`;
    if (w.length < 6) continue;
    for (let i = 0; i + 4 <= w.length; i++) add(`#${w.slice(i, i + 4)}`, SUBWORD_WEIGHT);
  }
  for (const w of functionWords(text)) add(`~${w}`, FUNCTION_WORD_WEIGHT);
  const typed = wording(text).split(' ');
  for (let i = 1; i < typed.length; i++) add(`~${typed[i - 1]} ${typed[i]}`, WORDING_PAIR_WEIGHT);
  return features;
}

/** The classifier's label of a question about something else. */
export const OFF_TOPIC = '(off-topic)';
/**
 * Passes over the shuffled examples. More bought nothing on the left-out sets for more start-up
 * time: ten in the first trial (loss over all labelled sets 0.1581 against 0.1562), nine with the
 * final features (summed 1.6980 against 1.6953; decision 006).
 */
const EPOCHS = 6;
/**
 * The least gradient (a label's probability, less its target) worth a label's update: training
 * takes 40% less time, and the summed left-out loss was 1.6953 against 1.7212 updating every
 * label (decision 006, tenth round).
 */
const MOVES = 1e-3;
/** AdaGrad's step size. */
const STEP = 0.5;
/** The seed of the examples' shuffle: the same data always trains the same weights. */
const SEED = 7;

/** A small deterministic generator (mulberry32) for the shuffle. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the classifier says of a question: how likely each label is. */
export interface Classified {
  /** The probability that the question is about something else than Omega. */
  offTopic: number;
  /** The probability of each article. */
  articles: ReadonlyMap<string, number>;
  /**
   * How alike (Jaccard of terms) the nearest on-topic and off-topic labelled questions are, and
   * for each article the nearest on-topic labelled question it answers.
   */
  nearest: { onTopic: number; offTopic: number; byArticle: ReadonlyMap<string, number> };
}

/**
 * Labelled questions by their terms, for the nearest one to a new question: how alike the
 * closest on-topic and the closest off-topic labelled question are (Jaccard of their first
 * terms) are two of the decision's features. The classifier weighs words one at a time; a
 * question whose words together are nearly those of a labelled one is evidence it cannot see.
 * Chosen by `assistant-eval --decision` (decision 006, eleventh round): summed left-out loss
 * 1.8426 without, 1.7872 with; on the blind-written v1-v9, 0.7512 and 0.7266.
 */
class Neighbours {
  // One entry per labelled question, by id: how many distinct first terms it has, whether it is
  // off-topic, and its articles (slugs[articleIds[k]] for k from articleStart[id] to
  // articleStart[id + 1]). The ids of the questions with the term terms.at(t) are
  // ids[termStart[t]] to ids[termStart[t + 1]]. The terms of each question are not kept: the
  // Jaccard index needs only how many it has.
  private readonly terms: StringTable;

  constructor(private readonly state: NeighboursState) {
    this.terms = tableOf(state.terms);
  }

  /** The neighbours of the labelled questions `add` is given, in order. */
  static learn(): {
    add(words: readonly QueryWord[], offTopic: boolean, articles?: readonly string[]): void;
    done(): Neighbours;
  } {
    const sizes: number[] = [];
    const offTopics: number[] = [];
    const articleStart = [0];
    const articleIds: number[] = [];
    const slugs: string[] = [];
    const byTerm = new Map<string, number[]>();
    return {
      add(words, offTopic, articles = []) {
        const terms = new Set(words.flatMap((w) => w.terms.slice(0, 1)));
        if (terms.size === 0) return;
        const id = sizes.length;
        sizes.push(terms.size);
        offTopics.push(offTopic ? 1 : 0);
        for (const a of articles) {
          let k = slugs.indexOf(a);
          if (k < 0) k = slugs.push(a) - 1;
          articleIds.push(k);
        }
        articleStart.push(articleIds.length);
        for (const t of terms) {
          const list = byTerm.get(t);
          if (list) list.push(id);
          else byTerm.set(t, [id]);
        }
      },
      done() {
        const terms = StringTable.of(byTerm.keys());
        const termStart = new Uint32Array(terms.size + 1);
        const lists = Array.from({ length: terms.size }, (_, t) => byTerm.get(terms.at(t)) ?? []);
        lists.forEach((l, t) => {
          termStart[t + 1] = (termStart[t] as number) + l.length;
        });
        return new Neighbours({
          terms: tableState(terms),
          termStart,
          ids: Int32Array.from(lists.flat()),
          sizes: Uint16Array.from(sizes),
          offTopic: Uint8Array.from(offTopics),
          articleStart: Int32Array.from(articleStart),
          articleIds: Uint16Array.from(articleIds),
          slugs,
        });
      },
    };
  }

  nearest(words: readonly QueryWord[]): Classified['nearest'] {
    const { termStart, ids, sizes, articleStart, articleIds, slugs } = this.state;
    const terms = new Set(words.flatMap((w) => w.terms.slice(0, 1)));
    // How many terms each labelled question shares with this one, and the questions that share
    // any in the order first met. A common word is in thousands of them: counted in an array
    // rather than a map (the same counts, met in the same order).
    const shared = this.shared(sizes.length);
    const met: number[] = [];
    for (const t of terms) {
      const i = this.terms.indexOf(t);
      if (i < 0) continue;
      for (let k = termStart[i] as number; k < (termStart[i + 1] as number); k++) {
        const id = ids[k] as number;
        const n = (shared[id] as number) + 1;
        shared[id] = n;
        if (n === 1) met.push(id);
      }
    }
    let onTopic = 0;
    let offTopic = 0;
    // Each article's best, by its number, and the articles in the order first met.
    const best = this.bestByArticle(slugs.length);
    const articles: number[] = [];
    for (const id of met) {
      const n = shared[id] as number;
      shared[id] = 0;
      const size = sizes[id];
      if (size === undefined) continue;
      const j = n / (terms.size + size - n);
      if (this.state.offTopic[id]) offTopic = Math.max(offTopic, j);
      else onTopic = Math.max(onTopic, j);
      const end = articleStart[id + 1] ?? 0;
      for (let k = articleStart[id] ?? 0; k < end; k++) {
        const a = articleIds[k] as number;
        if (slugs[a] === undefined) continue;
        if (best[a] === 0) articles.push(a);
        best[a] = Math.max(best[a] as number, j);
      }
    }
    const byArticle = new Map<string, number>();
    for (const a of articles) {
      byArticle.set(slugs[a] as string, best[a] as number);
      best[a] = 0;
    }
    return { onTopic, offTopic, byArticle };
  }

  /** One counter per labelled question, all 0 between calls (`nearest` zeroes those it used). */
  private counts: Uint16Array | undefined;

  private shared(size: number): Uint16Array {
    if (this.counts?.length !== size) this.counts = new Uint16Array(size);
    return this.counts;
  }

  /** One best per article, all 0 between calls (`nearest` zeroes those it used). */
  private bests: Float64Array | undefined;

  private bestByArticle(size: number): Float64Array {
    if (this.bests?.length !== size) this.bests = new Float64Array(size);
    return this.bests;
  }

  /** What the help artifact stores: the state itself (typed arrays and names). */
  snapshot(): NeighboursState {
    return this.state;
  }
}

/**
 * Bumped whenever training changes in a way the examples do not show (the passes, the step, the
 * seed, the update rule): a cached file of the old training is then never read.
 */
const TRAINING_VERSION = `classifier-1 epochs=${EPOCHS} step=${STEP} seed=${SEED} moves=${MOVES}`;

/** The cache key of a classifier: its labels, its examples in order, and how it trains. */
function trainingKey(
  labels: readonly string[],
  examples: ReadonlyArray<{ features: ReadonlyMap<string, number>; labels: readonly string[] }>,
): string {
  const hash = createHash('sha256')
    .update(TRAINING_VERSION)
    .update(`\n${labels.join('\n')}\n`);
  // One update per example (the same bytes as one per feature, so the same key): a hash update
  // per feature was a tenth of the help's build.
  for (const e of examples) {
    let line = e.labels.join(',');
    for (const [f, v] of e.features) line += `\t${f}=${v}`;
    hash.update(`${line}\n`);
  }
  return hash.digest('hex').slice(0, 32);
}

/** How many trained classifiers a cache folder keeps (the most recently written). */
const CACHE_KEEP = 4;

/**
 * Trained classifier weights on disk, by a hash of everything they were trained from. Training is
 * most of the help's build (about 2.5 s of CPU with the shipped questions); every process that
 * builds the help from the same articles and questions (each restart, each instance of a cluster,
 * each test file) reads the weights instead, in milliseconds. Training is deterministic, so the
 * read weights are exactly those training would give. The cache is only an optimisation: a file
 * that cannot be read, or is not the expected size, is trained again and rewritten, and a folder
 * that cannot be written is left alone.
 */
export class TrainedWeightsCache {
  constructor(private readonly dir: string) {}

  read(key: string, length: number): Float32Array | undefined {
    try {
      const bytes = readFileSync(join(this.dir, `${key}.f32`));
      if (bytes.byteLength !== length * 4) return undefined;
      const weights = new Float32Array(length);
      new Uint8Array(weights.buffer).set(bytes);
      return weights;
    } catch {
      return undefined;
    }
  }

  write(key: string, weights: Float32Array): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      const file = join(this.dir, `${key}.f32`);
      // Written aside and renamed: a process reading at the same time sees all of it or nothing.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(
        partial,
        new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength),
      );
      renameSync(partial, file);
      const kept = readdirSync(this.dir)
        .filter((f) => f.endsWith('.f32'))
        .map((f) => ({ f, at: statSync(join(this.dir, f)).mtimeMs }))
        .sort((a, b) => b.at - a.at);
      for (const { f } of kept.slice(CACHE_KEEP)) unlinkSync(join(this.dir, f));
    } catch {
      // A read-only or full disk costs the next start its training time, nothing else.
    }
  }
}

/**
 * Softmax regression over the same features as the naive Bayes, with one label more: off-topic.
 * Discriminative where naive Bayes counts, it learns which words tell Omega's questions from
 * the others' (the off-topic labelled questions share Omega's everyday words on purpose), and
 * how sure it is feeds the decision to answer (relevance.ts `answerProbability`). Trained by
 * AdaGrad over the examples in a seeded order, so the same data gives the same weights.
 */
class Classifier {
  private readonly names: StringTable;
  private readonly words: number;

  constructor(
    private readonly state: ClassifierState,
    /** Whether the weights were trained here, read from the cache or from the help artifact. */
    readonly source: 'trained' | 'cache' | 'artifact',
  ) {
    this.names = tableOf(state.names);
    this.words = maskWords(state.labels.length);
  }

  /**
   * Trains the classifier (or reads its weights from `cache`) and keeps its weights quantised
   * (`quantise`): the classifier every help answers with, built or loaded, is that one.
   */
  static learn(
    labels: readonly string[],
    examples: ReadonlyArray<{ features: ReadonlyMap<string, number>; labels: readonly string[] }>,
    cache?: TrainedWeightsCache,
  ): Classifier {
    const features = new Map<string, number>([['', 0]]); // the bias: every question has it
    for (const e of examples)
      for (const f of e.features.keys()) if (!features.has(f)) features.set(f, features.size);
    const key = cache ? trainingKey(labels, examples) : '';
    const cached = cache?.read(key, features.size * labels.length);
    const weights = cached ?? train(features, labels, examples);
    if (!cached) cache?.write(key, weights);
    return new Classifier(quantise(features, labels, weights), cached ? 'cache' : 'trained');
  }

  /** The known features of a question, scaled to unit length, and the bias. */
  private vector(features: ReadonlyMap<string, number>): Array<[number, number]> {
    const x: Array<[number, number]> = [];
    let norm = 0;
    for (const [f, v] of features) {
      if (f === '') continue;
      const i = this.names.indexOf(f);
      if (i < 0) continue;
      x.push([i, v]);
      norm += v * v;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const pair of x) pair[1] *= scale;
    x.push([this.names.indexOf(''), 1]);
    return x;
  }

  classify(features: ReadonlyMap<string, number>): Map<string, number> {
    const { labels, mask, start, scale, values } = this.state;
    const out = new Float64Array(labels.length);
    for (const [f, v] of this.vector(features)) {
      let k = start[f] as number;
      const s = scale[f] as number;
      for (let w = 0; w < this.words; w++) {
        let bits = mask[f * this.words + w] as number;
        while (bits !== 0) {
          const low = bits & -bits;
          const c = w * 32 + 31 - Math.clz32(low);
          out[c] = (out[c] as number) + v * ((values[k++] as number) * s);
          bits ^= low;
        }
      }
    }
    softmaxInPlace(out);
    return new Map(labels.map((l, i) => [l, out[i] as number]));
  }

  snapshot(): ClassifierState {
    return this.state;
  }
}

/** How many 32-bit words mark which of `width` labels a feature has a weight for. */
const maskWords = (width: number) => Math.ceil(width / 32);

/**
 * The largest quantised weight: each feature's weights are kept as 16-bit integers times a
 * per-feature scale (its largest weight over 32,767), an error under 1/65,534 of its largest.
 * A weight training never moved (46% of them) is not kept at all. 9.6 MB instead of 29.6 MB
 * (float32 weights and a Map of the names). Chosen by `assistant-eval --decision` against the
 * float32 weights (decision 031): every left-out set's top-1, top-3 and off-topic answered the
 * same, summed loss of the decision in use 2.5081 with either.
 */
const WEIGHT_LEVELS = 32767;

/**
 * The trained weights (`weights[id * width + label]`, ids those of `features`) as the classifier
 * keeps them: by feature in the name table's order, a bit per label with a weight, and the
 * nonzero weights quantised against the feature's scale.
 */
function quantise(
  features: ReadonlyMap<string, number>,
  labels: readonly string[],
  weights: Float32Array,
): ClassifierState {
  const width = labels.length;
  const words = maskWords(width);
  const names = StringTable.of(features.keys());
  const mask = new Uint32Array(names.size * words);
  const start = new Uint32Array(names.size + 1);
  const scale = new Float32Array(names.size);
  const values: number[] = [];
  for (let i = 0; i < names.size; i++) {
    const base = (features.get(names.at(i)) as number) * width;
    let largest = 0;
    for (let c = 0; c < width; c++)
      largest = Math.max(largest, Math.abs(weights[base + c] as number));
    scale[i] = largest / WEIGHT_LEVELS;
    const s = scale[i] as number;
    for (let c = 0; c < width && s > 0; c++) {
      const q = Math.round((weights[base + c] as number) / s);
      if (q === 0) continue;
      values.push(Math.max(-WEIGHT_LEVELS, Math.min(WEIGHT_LEVELS, q)));
      mask[i * words + (c >>> 5)] =
        ((mask[i * words + (c >>> 5)] as number) | (1 << (c & 31))) >>> 0;
    }
    start[i + 1] = values.length;
  }
  return {
    names: tableState(names),
    labels: [...labels],
    mask,
    start,
    scale,
    values: Int16Array.from(values),
  };
}

/** Probabilities from scores, in place: a softmax. */
function softmaxInPlace(out: Float64Array): void {
  let top = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < out.length; c++) top = Math.max(top, out[c] as number);
  let sum = 0;
  for (let c = 0; c < out.length; c++) {
    out[c] = Math.exp((out[c] as number) - top);
    sum += out[c] as number;
  }
  for (let c = 0; c < out.length; c++) out[c] = (out[c] as number) / sum;
}

/**
 * AdaGrad over the examples in a seeded order: the same examples give the same weights, one row
 * of `labels.length` per feature of `features` (by its id there).
 */
function train(
  features: ReadonlyMap<string, number>,
  labels: readonly string[],
  examples: ReadonlyArray<{ features: ReadonlyMap<string, number>; labels: readonly string[] }>,
): Float32Array {
  const width = labels.length;
  const label = new Map(labels.map((l, i) => [l, i]));
  const weights = new Float32Array(features.size * width);
  const squares = new Float32Array(features.size * width).fill(1e-6);
  const vector = (of: ReadonlyMap<string, number>): Array<[number, number]> => {
    const x: Array<[number, number]> = [];
    let norm = 0;
    for (const [f, v] of of) {
      const i = features.get(f);
      if (i === undefined || f === '') continue;
      x.push([i, v]);
      norm += v * v;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const pair of x) pair[1] *= scale;
    x.push([0, 1]);
    return x;
  };
  const rows = examples
    .map((e) => ({
      x: vector(e.features),
      y: e.labels.flatMap((l) => (label.has(l) ? [label.get(l) as number] : [])),
    }))
    .filter((r) => r.y.length > 0);
  const random = seeded(SEED);
  const p = new Float64Array(width);
  const moved = new Int32Array(width);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rows[i], rows[j]] = [rows[j] as (typeof rows)[number], rows[i] as (typeof rows)[number]];
    }
    for (const { x, y } of rows) {
      p.fill(0);
      for (const [f, v] of x) {
        const base = f * width;
        for (let c = 0; c < width; c++) p[c] = (p[c] as number) + v * (weights[base + c] as number);
      }
      softmaxInPlace(p);
      for (const c of y) p[c] = (p[c] as number) - 1 / y.length;
      // Only the labels the question moves: one whose probability is already near zero
      // would change its weights by next to nothing, and most of them are, after a pass.
      let n = 0;
      for (let c = 0; c < width; c++) if (Math.abs(p[c] as number) >= MOVES) moved[n++] = c;
      for (const [f, v] of x) {
        const base = f * width;
        for (let i = 0; i < n; i++) {
          const k = base + (moved[i] as number);
          const g = (p[moved[i] as number] as number) * v;
          squares[k] = (squares[k] as number) + g * g;
          weights[k] = (weights[k] as number) - (STEP * g) / Math.sqrt(squares[k]);
        }
      }
    }
  }
  return weights;
}

/** A question's words, lower case, without punctuation: how labelled wordings are matched. */
function wording(text: string): string {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

/** Counts of features per article while the model learns (`done` keeps them compact). */
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

  /** The counts as the model answers from them: by feature, in typed arrays. */
  done(): ArticleCounts {
    const labels = [...this.counts.keys()];
    const vocabulary = StringTable.of(this.vocabulary);
    const start = new Uint32Array(vocabulary.size + 1);
    const label: number[] = [];
    const count: number[] = [];
    for (let f = 0; f < vocabulary.size; f++) {
      const name = vocabulary.at(f);
      labels.forEach((l, i) => {
        const n = this.counts.get(l)?.get(name);
        if (n === undefined) return;
        label.push(i);
        count.push(n);
      });
      start[f + 1] = label.length;
    }
    return new ArticleCounts({
      labels,
      totals: Float64Array.from(labels, (l) => this.totals.get(l) ?? 0),
      vocabulary: tableState(vocabulary),
      start,
      label: Uint16Array.from(label),
      count: Float64Array.from(count),
    });
  }
}

/**
 * The naive Bayes counts: for the feature vocabulary.at(f), the count of each article
 * labels[label[k]] is count[k], for k from start[f] to start[f + 1]. Turned into smoothed
 * log-likelihoods on demand.
 */
class ArticleCounts {
  private readonly vocabulary: StringTable;
  private readonly labelIndex: Map<string, number>;

  constructor(private readonly state: ArticleCountsState) {
    this.vocabulary = tableOf(state.vocabulary);
    this.labelIndex = new Map(state.labels.map((l, i) => [l, i]));
  }

  /** For each of `labels`, Σ count(f) · log P(f | label) over the features any article has. */
  logLikelihoods(labels: Iterable<string>, features: ReadonlyMap<string, number>) {
    const { totals, start, label, count } = this.state;
    const known = [...features].flatMap(([f, n]) => {
      const id = this.vocabulary.indexOf(f);
      return id < 0 ? [] : [[id, n] as const];
    });
    const logs = new Map<string, number>();
    for (const l of labels) {
      const li = this.labelIndex.get(l) ?? -1;
      const denominator = (totals[li] ?? 0) + SMOOTHING * this.vocabulary.size;
      let sum = 0;
      for (const [id, n] of known) {
        let c = 0;
        for (let k = start[id] as number; k < (start[id + 1] as number); k++) {
          if (label[k] === li) {
            c = count[k] as number;
            break;
          }
        }
        sum += n * Math.log((c + SMOOTHING) / denominator);
      }
      logs.set(l, sum);
    }
    return logs;
  }

  snapshot(): ArticleCountsState {
    return this.state;
  }
}

/** A typed array the help artifact stores as it is in memory. */
export type Packed =
  | Uint8Array
  | Uint16Array
  | Int16Array
  | Uint32Array
  | Int32Array
  | Float32Array
  | Float64Array;

/** A StringTable as data. */
interface StringTableState {
  bytes: Uint8Array;
  starts: Uint32Array;
}

const tableState = (t: StringTable): StringTableState => ({ bytes: t.bytes, starts: t.starts });
const tableOf = (s: StringTableState) => new StringTable(s.bytes, s.starts);

interface ArticleCountsState {
  labels: string[];
  totals: Float64Array;
  vocabulary: StringTableState;
  start: Uint32Array;
  label: Uint16Array;
  count: Float64Array;
}

interface ClassifierState {
  /** The features' names; a feature's id is its place in the table. */
  names: StringTableState;
  labels: string[];
  /** Per feature, a bit per label that has a weight (`maskWords(labels.length)` words). */
  mask: Uint32Array;
  /** Where each feature's weights start in `values`, one per bit of its mask. */
  start: Uint32Array;
  scale: Float32Array;
  /** The weights, each times its feature's scale. */
  values: Int16Array;
}

interface NeighboursState {
  terms: StringTableState;
  termStart: Uint32Array;
  ids: Int32Array;
  sizes: Uint16Array;
  offTopic: Uint8Array;
  articleStart: Int32Array;
  articleIds: Uint16Array;
  slugs: string[];
}

/**
 * A trained model as data (`QuestionModel.snapshot`): names, numbers and typed arrays, what the
 * help artifact stores and the model answers from.
 */
export interface QuestionModelState {
  articles: ArticleCountsState;
  familiarTerms: string[];
  foreignTerms: string[];
  classifier: ClassifierState | undefined;
  neighbours: NeighboursState;
  offTopicWordings: StringTableState;
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
  private readonly articles: ArticleCounts;
  /** Stems of words the help never uses that count like known words (see the constructor). */
  private readonly familiarTerms: ReadonlySet<string>;
  /** Stems of words the help never uses that mark another topic (see the constructor). */
  private readonly foreignTerms: ReadonlySet<string>;
  /**
   * Tells Omega's questions from the others' and which article each asks about; none without
   * off-topic labelled questions, when it could only ever say "Omega" (the thresholds decide).
   */
  private readonly classifier: Classifier | undefined;
  private readonly neighbours: Neighbours;
  /** The off-topic labelled questions, as `wording` writes them: always declined. */
  private readonly offTopicWordings: StringTable;

  /**
   * Trains on the labelled on-topic questions (a question answered by several articles counts
   * towards each, split evenly) and on each article's own title, aliases and question phrasings;
   * the classifier on the off-topic labelled questions too. What it keeps is what answering
   * reads, in typed arrays (`snapshot`): a model built here and one the help artifact restores
   * are the same.
   */
  constructor(
    analyse: Analyse,
    articles: readonly Article[],
    data: Pick<TrainingQuestions, 'onTopic'> & Partial<Pick<TrainingQuestions, 'offTopic'>>,
    /** Where trained classifier weights are kept between processes; none: always train. */
    cache?: TrainedWeightsCache,
  ) {
    const counts = new NaiveBayes();
    const neighbours = Neighbours.learn();
    const offTopicWordings = new Set<string>();
    const known = new Set(articles.map((a) => a.slug));
    const examples: Array<{ features: Map<string, number>; labels: readonly string[] }> = [];
    for (const article of articles) {
      for (const text of [article.title, ...article.aliases, ...article.questions]) {
        const words = analyse(text);
        counts.add(article.slug, featuresOf(words));
        examples.push({ features: classifierFeaturesOf(words, text), labels: [article.slug] });
      }
    }
    const on = new Map<string, number>();
    for (const { q, articles: right } of data.onTopic) {
      const words = analyse(q);
      const features = featuresOf(words);
      const slugs = right.filter((s) => known.has(s));
      for (const slug of slugs) counts.add(slug, features, 1 / slugs.length);
      examples.push({ features: classifierFeaturesOf(words, q), labels: slugs });
      neighbours.add(words, false, slugs);
      countUnknownTerms(on, words);
    }
    const off = new Map<string, number>();
    for (const { q, vocabulary } of data.offTopic ?? []) {
      const words = analyse(q);
      examples.push({ features: classifierFeaturesOf(words, q), labels: [OFF_TOPIC] });
      neighbours.add(words, true);
      offTopicWordings.add(wording(q));
      if (vocabulary !== false) countUnknownTerms(off, words);
    }
    this.articles = counts.done();
    this.neighbours = neighbours.done();
    this.offTopicWordings = StringTable.of(offTopicWordings);
    this.classifier = data.offTopic?.length
      ? Classifier.learn([...known, OFF_TOPIC], examples, cache)
      : undefined;
    // A word no article uses counts in full against an answer's coverage (relevance.ts
    // coverageOf): right for 'jupiter', wrong for 'everybody' or 'sub'. One that on-topic labelled
    // questions use and off-topic ones never do counts like a word the help knows; one that two
    // or more off-topic questions use and no on-topic one does counts FOREIGN_WEIGHT times over.
    // Chosen by `assistant-eval --by-set` (decision 006, eighth round).
    this.familiarTerms = new Set([...on.keys()].filter((term) => !off.has(term)));
    this.foreignTerms = new Set(
      [...off].flatMap(([term, n]) => (n >= FOREIGN_MIN_USES && !on.has(term) ? [term] : [])),
    );
  }

  /**
   * Everything the model answers from, as data (names, numbers, typed arrays): what the help
   * artifact stores (help-artifact.ts), so a server restores the model instead of analysing the
   * labelled questions and training. Nothing of the labelled questions is kept but what answering
   * reads: their terms (the neighbours) and the off-topic ones' wording.
   */
  snapshot(): QuestionModelState {
    return {
      articles: this.articles.snapshot(),
      familiarTerms: [...this.familiarTerms],
      foreignTerms: [...this.foreignTerms],
      classifier: this.classifier?.snapshot(),
      neighbours: this.neighbours.snapshot(),
      offTopicWordings: tableState(this.offTopicWordings),
    };
  }

  /**
   * The model a snapshot was taken of: the same data, so the same answers to every question. Its
   * typed arrays are used as they are (the help artifact reads them into a buffer of their own).
   */
  static restore(state: QuestionModelState): QuestionModel {
    const model = Object.create(QuestionModel.prototype) as QuestionModel;
    Object.assign(model, {
      articles: new ArticleCounts(state.articles),
      familiarTerms: new Set(state.familiarTerms),
      foreignTerms: new Set(state.foreignTerms),
      classifier: state.classifier && new Classifier(state.classifier, 'artifact'),
      neighbours: new Neighbours(state.neighbours),
      offTopicWordings: tableOf(state.offTopicWordings),
    });
    return model;
  }

  /** Whether the classifier was trained at start or read from the cache; none without one. */
  get classifierSource(): 'trained' | 'cache' | 'artifact' | undefined {
    return this.classifier?.source;
  }

  /** The question's words the help never uses that on-topic labelled questions do. */
  familiar(words: readonly QueryWord[]): Set<string> {
    return wordsWithTerm(words, this.familiarTerms);
  }

  /** The question's words the help never uses that only off-topic labelled questions do. */
  foreign(words: readonly QueryWord[]): Set<string> {
    return wordsWithTerm(words, this.foreignTerms);
  }

  /**
   * Whether the question is, word for word, one labelled off-topic: the classifier is a
   * generalisation and may still answer a few of the questions it learned from (decision 006,
   * tenth round); a question someone said is not about Omega is never answered.
   */
  labelledOffTopic(query: string): boolean {
    return this.offTopicWordings.has(wording(query));
  }

  /** The classifier's probabilities for the question: off-topic, and each article. */
  /** `text` is the question as asked, `words` what the index made of it (`analyse(text)`). */
  classify(words: readonly QueryWord[], text: string): Classified | undefined {
    if (!this.classifier) return undefined;
    const p = this.classifier.classify(classifierFeaturesOf(words, text));
    const offTopic = p.get(OFF_TOPIC) ?? 0;
    p.delete(OFF_TOPIC);
    return { offTopic, articles: p, nearest: this.neighbours.nearest(words) };
  }

  /** The model's log-likelihood of the question for each of `slugs`. */
  articleLogLikelihoods(words: readonly QueryWord[], slugs: Iterable<string>): Map<string, number> {
    return this.articles.logLikelihoods(slugs, featuresOf(words));
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
