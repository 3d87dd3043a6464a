// The labelled question sets the assistant's question model learns from and is measured on,
// named once for the eval (assistant-eval.ts) and the export that ships them to the server
// (assistant-training-export.ts). Each set is one JSON file, packages/assistant/data/<name>.json,
// in the format of `LabelledSet`; its `about` says who wrote it, from what, and what they did not
// see. The blind held-out set is not among `LABELLED_SET_NAMES`: only the eval loads it, and only
// for its figures.
import { readFileSync } from 'node:fs';

export type EvalRole = 'user' | 'admin' | 'supergod';

export type SetKind =
  /** Written with the articles (issue 16). */
  | 'eval-training'
  /** Written by helpers from the spec and labelled by reading the articles. */
  | 'helper-written'
  /** A held-out set written blind, retired to training when the next one was written. */
  | 'retired-held-out'
  /** Written blind from the specification for training, the way held-out sets are written. */
  | 'spec-written'
  /** The blind held-out set: figures only, never learned from, its questions never printed. */
  | 'held-out';

export interface OnTopicQuestion {
  role: EvalRole;
  q: string;
  /** Any of these articles is a right answer. */
  articles: readonly string[];
  /** What the question is about in its author's words (blind-written sets), mapped to `articles`. */
  topic?: string;
  /** Set on the training questions added for issue 16; the rest are the original set. */
  added?: string;
}

export interface OffTopicQuestion {
  role: EvalRole;
  q: string;
  /** What kind of off-topic question it is (blind-written sets). */
  kind?: string;
  added?: string;
}

export interface LabelledSet {
  name: string;
  kind: SetKind;
  /** True for the blind held-out set only. */
  heldOut: boolean;
  /** Whether the model learns from it (the export ships it); otherwise it is measured only. */
  learned: boolean;
  /**
   * False when its off-topic questions teach the classifier but their words do not mark another
   * topic (learned.ts `vocabulary: false`).
   */
  offTopicVocabulary: boolean;
  /** Its provenance: the header its author wrote. */
  about: string;
  /** The provenance of the map from its topics to articles, for the sets written by topic. */
  topicMap?: string;
  onTopic: readonly OnTopicQuestion[];
  offTopic: readonly OffTopicQuestion[];
}

const DATA = new URL('../../packages/assistant/data/', import.meta.url);

/**
 * The labelled sets, in the order the export writes them and the eval measures them:
 *
 * - `training`: written with the articles (issue 16).
 * - `training-2` to `-10`: written by helpers (2026-11-27), each from the spec and labelled by
 *   reading the articles, without sight of any held-out set. The off-topic questions of the fourth
 *   to seventh teach the classifier (learned.ts) but their words do not mark another topic
 *   (`offTopicVocabulary`): they were written to share Omega's everyday words, and letting them
 *   veto those words cost the blind-written sets more than the rest of the data gained them
 *   (decision 006, ninth round). The classifier learns from them what the words around Omega's
 *   words say (tenth round). The eighth to tenth (tenth round: wording that never names the
 *   feature, operators, the search box) are measured, never learned from (`learned`): learning
 *   from them helped the helper-written sets left out but cost the blind-written v1-v8, the
 *   criterion since the ninth round (decision 006). They are a second opinion on unseen wording
 *   beside the blind set.
 * - `v1` to `v10`: the retired held-out sets, training now (each one's `about` says when and why).
 * - `s1` to `s12`: written blind from the specification (2026-11-27, twelfth round), the way the
 *   held-out sets are written: by helpers who never saw the articles, the assistant, the other
 *   training questions or any held-out set's questions, each with an emphasis of its own (s1-s4:
 *   short queries typed on a phone, situations told without naming the feature, operators,
 *   indirect askers; s5-s8: limits and pasted messages, newcomers describing screens, how things
 *   work underneath, casual wording with misspellings and other products in passing; s9-s12:
 *   comparisons and follow-ups, problems relayed for someone else, search-box keywords, money and
 *   time with figures). Topics are reused by name and mapped with v7's map, as the blind sets'
 *   are. Every retired blind set lifted the next blind set's figures when it joined the training
 *   data (decision 006); these are more of that wording, written on purpose. Their near-misses
 *   were written to share Omega's words, like the helper sets' (blind-written v1-v10 left out:
 *   0.6882 with their words marking no other topic, 0.6945 marking them).
 */
export const LABELLED_SET_NAMES: readonly string[] = [
  'training',
  ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `training-${n}`),
  ...Array.from({ length: 10 }, (_, i) => `v${i + 1}`),
  ...Array.from({ length: 12 }, (_, i) => `s${i + 1}`),
];

/** The blind held-out set: its figures only, never its questions. */
export const BLIND_SET = 'v11';

/** A set that is not as `LabelledSet` says; its message names no question. */
export class LabelledSetError extends Error {
  override name = 'LabelledSetError';
}

const ROLES: ReadonlySet<string> = new Set<EvalRole>(['user', 'admin', 'supergod']);

/**
 * Reads the set `name`. Its errors count what is wrong and never quote a question: the blind
 * set's questions are not to be printed.
 */
export function readLabelledSet(name: string): LabelledSet {
  const set = JSON.parse(readFileSync(new URL(`${name}.json`, DATA), 'utf8')) as LabelledSet;
  if (set.name !== name) throw new LabelledSetError(`${name}.json names another set`);
  if (!Array.isArray(set.onTopic) || !Array.isArray(set.offTopic))
    throw new LabelledSetError(`${name}: onTopic and offTopic must be arrays`);
  const unlabelled = set.onTopic.filter(
    (x) => !Array.isArray(x.articles) || x.articles.length === 0,
  ).length;
  if (unlabelled > 0)
    throw new LabelledSetError(`${name}: ${unlabelled} on-topic questions have no article`);
  const roleless = [...set.onTopic, ...set.offTopic].filter((x) => !ROLES.has(x.role)).length;
  if (roleless > 0) throw new LabelledSetError(`${name}: ${roleless} questions have no known role`);
  return set;
}

/** Every labelled set but the blind one, in order. */
export function readLabelledSets(): LabelledSet[] {
  return LABELLED_SET_NAMES.map(readLabelledSet);
}
