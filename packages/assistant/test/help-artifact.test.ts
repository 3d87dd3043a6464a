// The help artifact (issue 33): what the build writes is what servers answer from. A help loaded
// from dist/help.bin decides every sampled labelled question exactly as a help built from the
// docs does, and a missing, foreign or stale artifact stops the start with the command that
// rebuilds it instead of a weaker assistant.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildHelp,
  decide,
  findDocsRoot,
  type Help,
  helpArtifactPath,
  loadArticles,
  loadHelp,
  loadTrainingQuestions,
  type TrainingQuestions,
  trainingFile,
} from '../src/index.js';

const docsRoot = findDocsRoot();

/** What a help shows for a question in a scope: the decline, or the passages in order. */
function shown(help: Help, query: string, admin: boolean): string {
  const scope = { audience: admin ? 'admin' : 'user', architecture: admin } as const;
  const d = decide(help.index, query, scope, undefined, help.model);
  return d.decline ?? d.hits.map((h) => h.passage.id).join(' ');
}

/** Folders this file makes, removed after it. */
const made: string[] = [];
const tempFolder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the help artifact', () => {
  let training: TrainingQuestions;
  let loaded: Help;
  beforeAll(() => {
    training = loadTrainingQuestions(docsRoot) as TrainingQuestions;
    loaded = loadHelp(loadArticles(docsRoot), docsRoot);
  });

  it('answers every sampled labelled question as the help built from the docs does', () => {
    const built = buildHelp(loadArticles(docsRoot), training);
    expect(loaded.model?.classifierSource).toBe('artifact');
    const questions = [
      ...training.onTopic.filter((_, i) => i % 60 === 0),
      ...training.offTopic.filter((_, i) => i % 30 === 0),
    ].map((x) => x.q);
    expect(questions.length).toBeGreaterThan(750);
    const differ: string[] = [];
    let declined = 0;
    for (const q of questions) {
      for (const admin of [false, true]) {
        const mine = shown(loaded, q, admin);
        if (mine !== shown(built, q, admin)) differ.push(`${admin ? 'admin' : 'user'}: ${q}`);
        if (!mine.includes('#')) declined += 1;
      }
    }
    expect(differ).toEqual([]);
    expect(declined).toBeGreaterThan(250);
  });

  it('refuses a missing artifact, naming the command that builds it', () => {
    const missing = join(tempFolder('omega-help-'), 'help.bin');
    expect(() => loadHelp(loadArticles(docsRoot), docsRoot, missing)).toThrow(
      `The assistant's help artifact ${missing} is missing: run \`pnpm build\` to build it.`,
    );
  });

  it('refuses an artifact built from other articles or labelled questions', () => {
    const root = tempFolder('omega-docs-');
    cpSync(docsRoot, root, { recursive: true });
    const file = trainingFile(root);
    const data = JSON.parse(readFileSync(file, 'utf8')) as TrainingQuestions;
    data.offTopic.push({ q: 'what is the capital of peru', role: 'user', set: 'test' });
    writeFileSync(file, JSON.stringify(data));
    expect(() => loadHelp(loadArticles(root), root)).toThrow(
      /was built from other articles or labelled questions than those in .*: run `pnpm build`/,
    );
  });

  it('refuses an artifact of another format', () => {
    const bytes = readFileSync(helpArtifactPath());
    const older = join(tempFolder('omega-help-'), 'help.bin');
    bytes.writeUInt32LE(1, 4);
    writeFileSync(older, bytes);
    expect(() => loadHelp(loadArticles(docsRoot), docsRoot, older)).toThrow(
      /was written by another build \(format 1, not 2\): run `pnpm build`/,
    );
    const foreign = join(tempFolder('omega-help-'), 'help.bin');
    writeFileSync(foreign, v8.serialize({ format: 2 }));
    expect(() => loadHelp(loadArticles(docsRoot), docsRoot, foreign)).toThrow(
      /was written by another build \(format unknown, not 2\)/,
    );
  });
});
