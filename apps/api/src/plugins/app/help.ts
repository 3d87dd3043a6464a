// The help the assistant answers from: the articles, their index and the question model, built
// at start (a malformed article stops the server here). The build is seconds of CPU that blocks
// the event loop (about 3 s with the classifier's weights cached, on the CI host in November
// 2026), so it is loaded before load shedding: @fastify/under-pressure starts measuring the loop
// when it registers, and a build inside its first sample read as a stalled loop, so the first
// calls after start were refused with 503 (decision 016).
//
// The built help is immutable and depends only on the articles and the training questions, so a
// process keeps the last one and a second server in it (the test suites start hundreds) reuses
// it while neither changed. Test apps build it when first asked for (`atStart: false`).
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { buildHelp, type Help } from '../../services/assistant/assistant-service.js';
import { loadTrainingQuestions } from '../../services/assistant/learned.js';
import { findDocsRoot, loadArticles } from '../../services/assistant/load-articles.js';

declare module 'fastify' {
  interface FastifyInstance {
    help: Help;
  }
}

let last: { key: string; help: Help } | undefined;

/** The help of the docs under `docsRoot`, built again only when its articles or training changed. */
export function helpFor(docsRoot: string = findDocsRoot()): Help {
  const articles = loadArticles(docsRoot);
  const training = join(docsRoot, 'assistant', 'training-questions.json');
  const stamp = existsSync(training) ? statSync(training) : undefined;
  const key = createHash('sha256')
    .update(JSON.stringify(articles))
    .update(`\n${training} ${stamp?.size ?? '-'} ${stamp?.mtimeMs ?? '-'}`)
    .digest('hex');
  if (last?.key !== key) last = { key, help: buildHelp(articles, loadTrainingQuestions(docsRoot)) };
  return last.help;
}

export interface HelpOptions {
  /**
   * `false`: built when first asked for, not at start. Test apps do this: most never ask the
   * assistant, and each test file is a new process whose first build costs seconds of CPU.
   */
  atStart?: boolean;
  /** How the help is built: `helpFor` (a test counts the builds). */
  build?: () => Help;
}

export default fp<HelpOptions>(
  async (app, { atStart = true, build = () => helpFor() }) => {
    let built = atStart ? build() : undefined;
    app.decorate('help', {
      getter: () => {
        built ??= build();
        return built;
      },
    });
  },
  { name: 'help' },
);
