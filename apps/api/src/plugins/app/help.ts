// The help the assistant answers from: the articles, their index and the question model, loaded
// at start from the artifact the build wrote (services/assistant/help-artifact.ts; a malformed
// article, or a missing or stale artifact, stops the server here with the command that fixes it).
// Loading is a few tenths of a second of CPU that blocks the event loop, so it happens before
// load shedding: @fastify/under-pressure starts measuring the loop when it registers (decision
// 016).
//
// The loaded help is immutable and depends only on the articles, the labelled questions and the
// artifact, so a process keeps the last one and a second server in it (the test suites start
// hundreds) reuses it while none changed. Test apps load it when first asked (`atStart: false`).
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import type { Help } from '@omega/assistant';
import {
  findDocsRoot,
  helpArtifactPath,
  loadArticles,
  loadHelp,
  trainingFile,
} from '@omega/assistant';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    help: Help;
  }
}

let last: { key: string; help: Help } | undefined;

/**
 * The help of the docs under `docsRoot`, loaded again only when its articles, its labelled
 * questions or the artifact changed.
 */
export function helpFor(docsRoot: string = findDocsRoot()): Help {
  const articles = loadArticles(docsRoot);
  const stamp = (file: string) => {
    const s = existsSync(file) ? statSync(file) : undefined;
    return `${file} ${s?.size ?? '-'} ${s?.mtimeMs ?? '-'}`;
  };
  const key = createHash('sha256')
    .update(JSON.stringify(articles))
    .update(`\n${stamp(trainingFile(docsRoot))}\n${stamp(helpArtifactPath())}`)
    .digest('hex');
  if (last?.key !== key) last = { key, help: loadHelp(articles, docsRoot) };
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
