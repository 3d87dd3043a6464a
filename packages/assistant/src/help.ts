// What the assistant answers from — the articles, their index and the question model — and how
// it is built from the docs. Built once at build time (build-help.ts writes the artifact every
// server loads, help-artifact.ts); the eval bench and tests build models of their own.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Article } from './articles.js';
import {
  loadTrainingQuestions,
  QuestionModel,
  TrainedWeightsCache,
  type TrainingQuestions,
} from './learned.js';
import { findDocsRoot } from './load-articles.js';
import { HelpIndex } from './retrieval.js';

/** What the assistant answers from: the articles, their index and the question model. */
export interface Help {
  readonly articles: readonly Article[];
  readonly index: HelpIndex;
  /** Re-ranks the index's hits (relevance.ts `judge`); none without training questions. */
  readonly model: QuestionModel | undefined;
}

/**
 * Trained classifier weights kept between processes, in the machine's temporary folder: the next
 * build, the bench or a test reads them instead of training (learned.ts).
 */
export const DEFAULT_WEIGHTS_CACHE = new TrainedWeightsCache(join(tmpdir(), 'omega-assistant'));

/**
 * Builds the index of `articles` and the question model: about 2 s of CPU when the classifier's
 * weights are read from `cache`, more when it trains. `training`: the labelled questions the
 * model learns from (learned.ts); by default docs/assistant/training-questions.json, and without
 * them (null, or no file) no model.
 */
export function buildHelp(
  articles: readonly Article[],
  training: TrainingQuestions | null | undefined = loadTrainingQuestions(findDocsRoot()),
  cache: TrainedWeightsCache | undefined = DEFAULT_WEIGHTS_CACHE,
): Help {
  const index = new HelpIndex(articles);
  const model = training
    ? new QuestionModel((text) => index.analyse(text), articles, training, cache)
    : undefined;
  return { articles, index, model };
}
