// The help the assistant answers from: the articles, their index and the question model, built
// at start (a malformed article stops the server here). The build is a second or two of CPU that
// blocks the event loop, so it is loaded before load shedding: @fastify/under-pressure starts
// measuring the loop when it registers, and a build inside its first sample read as a stalled
// loop, so the first calls after start were refused with 503 (decision 016).
//
// The built help is immutable and depends only on the articles and the training questions, so a
// process keeps the last one and a second server in it (the test suites start hundreds) reuses
// it while neither changed.
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

export default fp(
  async (app) => {
    app.decorate('help', helpFor());
  },
  { name: 'help' },
);
