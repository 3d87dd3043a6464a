// The labelled question sets the assistant's question model learns from, named once for the eval
// (assistant-eval.ts) and the export that ships them to the server (assistant-training-export.ts).
// The blind held-out set is not here: only the eval loads it, and only for its figures.
import type {
  OffTopicQuestion,
  OnTopicQuestion,
} from '../../apps/api/test/assistant-eval/held-out.js';
import { heldOutOffTopic, heldOutOnTopic } from '../../apps/api/test/assistant-eval/held-out.js';
import {
  heldOut2OffTopic,
  heldOut2OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-2.js';
import {
  heldOut3OffTopic,
  heldOut3OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-3.js';
import {
  heldOut4OffTopic,
  heldOut4OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-4.js';
import {
  heldOut5OffTopic,
  heldOut5OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-5.js';
import {
  heldOut6OffTopic,
  heldOut6OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-6.js';
import {
  heldOut7OffTopic,
  heldOut7OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-7.js';
import {
  heldOut8OffTopic,
  heldOut8OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-8.js';
import {
  heldOut9OffTopic,
  heldOut9OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-9.js';
import {
  heldOut10OffTopic,
  heldOut10OnTopic,
} from '../../apps/api/test/assistant-eval/held-out-10.js';
import {
  specWritten1OffTopic,
  specWritten1OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-1.js';
import {
  specWritten2OffTopic,
  specWritten2OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-2.js';
import {
  specWritten3OffTopic,
  specWritten3OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-3.js';
import {
  specWritten4OffTopic,
  specWritten4OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-4.js';
import {
  specWritten5OffTopic,
  specWritten5OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-5.js';
import {
  specWritten6OffTopic,
  specWritten6OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-6.js';
import {
  specWritten7OffTopic,
  specWritten7OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-7.js';
import {
  specWritten8OffTopic,
  specWritten8OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-8.js';
import {
  specWritten9OffTopic,
  specWritten9OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-9.js';
import {
  specWritten10OffTopic,
  specWritten10OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-10.js';
import {
  specWritten11OffTopic,
  specWritten11OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-11.js';
import {
  specWritten12OffTopic,
  specWritten12OnTopic,
} from '../../apps/api/test/assistant-eval/spec-written-12.js';
import { topicArticles } from '../../apps/api/test/assistant-eval/topic-articles.js';
import { topicArticles2 } from '../../apps/api/test/assistant-eval/topic-articles-2.js';
import { topicArticles3 } from '../../apps/api/test/assistant-eval/topic-articles-3.js';
import { topicArticles4 } from '../../apps/api/test/assistant-eval/topic-articles-4.js';
import { topicArticles5 } from '../../apps/api/test/assistant-eval/topic-articles-5.js';
import { topicArticles6 } from '../../apps/api/test/assistant-eval/topic-articles-6.js';
import { topicArticles7 } from '../../apps/api/test/assistant-eval/topic-articles-7.js';
import { topicArticles8 } from '../../apps/api/test/assistant-eval/topic-articles-8.js';
import { topicArticles9 } from '../../apps/api/test/assistant-eval/topic-articles-9.js';
import { topicArticles10 } from '../../apps/api/test/assistant-eval/topic-articles-10.js';

/**
 * The training sets helpers wrote (2026-11-27), each from the spec and labelled by reading the
 * articles, without sight of any held-out set (each file's `about` says who and from what). The
 * off-topic questions of the fourth to seventh teach the classifier (learned.ts) but their words
 * do not mark another topic (`offTopicVocabulary`): they were written to share Omega's everyday
 * words, and letting them veto those words cost the blind-written sets more than the rest of the
 * data gained them (decision 006, ninth round). The classifier learns from them what the words
 * around Omega's words say (tenth round).
 */
export const WRITTEN_SETS = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({
  name: `training-${n}`,
  file: `assistant-training-${n}.json`,
  offTopicVocabulary: n <= 3,
  // The eighth to tenth (tenth round: wording that never names the feature, operators, the
  // search box) are measured, never learned from: learning from them helped the helper-written
  // sets left out but cost the blind-written v1-v8, the criterion since the ninth round
  // (decision 006). They are a second opinion on unseen wording beside the blind set.
  learned: n <= 7,
}));

export interface RetiredSet {
  name: string;
  onTopic: readonly OnTopicQuestion[];
  offTopic: readonly OffTopicQuestion[];
  /** Which articles answer each topic. */
  map: Readonly<Record<string, readonly string[]>>;
  /**
   * False when its off-topic questions teach the classifier but their words do not mark another
   * topic (learned.ts `vocabulary: false`), as for the helper sets' near-misses above.
   */
  offTopicVocabulary?: boolean;
}

/** The retired held-out sets, training now (each file's header says when and why). */
export const RETIRED_SETS: readonly RetiredSet[] = [
  { name: 'v1', onTopic: heldOutOnTopic, offTopic: heldOutOffTopic, map: topicArticles },
  { name: 'v2', onTopic: heldOut2OnTopic, offTopic: heldOut2OffTopic, map: topicArticles2 },
  { name: 'v3', onTopic: heldOut3OnTopic, offTopic: heldOut3OffTopic, map: topicArticles3 },
  { name: 'v4', onTopic: heldOut4OnTopic, offTopic: heldOut4OffTopic, map: topicArticles4 },
  { name: 'v5', onTopic: heldOut5OnTopic, offTopic: heldOut5OffTopic, map: topicArticles5 },
  { name: 'v6', onTopic: heldOut6OnTopic, offTopic: heldOut6OffTopic, map: topicArticles6 },
  { name: 'v7', onTopic: heldOut7OnTopic, offTopic: heldOut7OffTopic, map: topicArticles7 },
  { name: 'v8', onTopic: heldOut8OnTopic, offTopic: heldOut8OffTopic, map: topicArticles8 },
  { name: 'v9', onTopic: heldOut9OnTopic, offTopic: heldOut9OffTopic, map: topicArticles9 },
  { name: 'v10', onTopic: heldOut10OnTopic, offTopic: heldOut10OffTopic, map: topicArticles10 },
];

/**
 * Training sets written blind from the specification (2026-11-27, twelfth round), the way the
 * held-out sets are written: by helpers who never saw the articles, the assistant, the other
 * training questions or any held-out set's questions, each with an emphasis of its own (s1-s4:
 * short queries typed on a phone, situations told without naming the feature, operators, indirect
 * askers; s5-s8: limits and pasted messages, newcomers describing screens, how things work
 * underneath, casual wording with misspellings and other products in passing; s9-s12:
 * comparisons and follow-ups, problems relayed for someone else, search-box keywords, money and
 * time with figures). Topics are reused by name and mapped with v7's map, as the blind sets' are. Every
 * retired blind set lifted the next blind set's figures when it joined the training data
 * (decision 006); these are more of that wording, written on purpose.
 */
export const SPEC_WRITTEN_SETS: readonly RetiredSet[] = (
  [
    [specWritten1OnTopic, specWritten1OffTopic],
    [specWritten2OnTopic, specWritten2OffTopic],
    [specWritten3OnTopic, specWritten3OffTopic],
    [specWritten4OnTopic, specWritten4OffTopic],
    [specWritten5OnTopic, specWritten5OffTopic],
    [specWritten6OnTopic, specWritten6OffTopic],
    [specWritten7OnTopic, specWritten7OffTopic],
    [specWritten8OnTopic, specWritten8OffTopic],
    [specWritten9OnTopic, specWritten9OffTopic],
    [specWritten10OnTopic, specWritten10OffTopic],
    [specWritten11OnTopic, specWritten11OffTopic],
    [specWritten12OnTopic, specWritten12OffTopic],
  ] as const
).map(([onTopic, offTopic], i) => ({
  name: `s${i + 1}`,
  onTopic,
  offTopic,
  map: topicArticles7,
  // Their near-misses were written to share Omega's words, like the helper sets' (blind-written
  // v1-v10 left out: 0.6882 with their words marking no other topic, 0.6945 marking them).
  offTopicVocabulary: false,
}));
