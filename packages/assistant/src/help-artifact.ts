// The assistant's help as one build artifact (issue 33): `pnpm build` trains the question model
// once (dist/build-help.js) and writes what answering needs to dist/help.bin; every server, test
// and deploy folder loads that file instead of analysing ~35,000 labelled questions and training
// at start. The file records the hash of its inputs (the articles as loaded, the labelled
// questions' bytes) and of the assistant's code; a server that finds the inputs or the code
// changed since refuses to start with the command that rebuilds it, rather than answering from a
// stale or missing model. The model is stored with V8's serializer (Maps, Sets and typed arrays
// as they are in memory); the file is read by the Node.js that built it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { Article } from './articles.js';
import type { Help } from './help.js';

import { QuestionModel, type QuestionModelState, trainingFile } from './learned.js';
import { HelpIndex } from './retrieval.js';

/** Bumped when the file's layout changes: an older file is then refused as stale. */
const FORMAT = 1;
export const HELP_ARTIFACT_NAME = 'help.bin';
export const BUILD_HELP_COMMAND = 'pnpm build';

interface HelpArtifact {
  format: number;
  /** The V8 that wrote it: its serializer's format is that engine's. */
  v8: string;
  inputs: string;
  /** The assistant's code it was built with; null when built from a bundle with no sources. */
  code: string | null;
  model: QuestionModelState | undefined;
}

export class HelpArtifactError extends Error {
  override name = 'HelpArtifactError';
}

/** The hash of what the help is built from: the articles as loaded and the labelled questions. */
export function helpInputsHash(articles: readonly Article[], docsRoot: string): string {
  const hash = createHash('sha256').update(JSON.stringify(articles));
  const training = trainingFile(docsRoot);
  hash.update(existsSync(training) ? readFileSync(training) : '-');
  return hash.digest('hex');
}

/** This module's folder in the sources (src/services/assistant), or null in a bundle. */
function sourceFolder(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  return existsSync(join(here, 'learned.ts')) ? here : null;
}

/**
 * The sources the stored model depends on: how articles are read and questions analysed
 * (retrieval.ts), how the model learns (learned.ts), and this file's layout. The rest of the
 * assistant (the decision, composing answers, the API's side) reads the model as it runs.
 */
const MODEL_SOURCES = [
  'articles.ts',
  'help.ts',
  'help-artifact.ts',
  'learned.ts',
  'load-articles.ts',
  'retrieval.ts',
];

/** The hash of the sources the stored model depends on, in `folder`. */
export function assistantCodeHash(folder: string): string {
  const hash = createHash('sha256');
  for (const name of MODEL_SOURCES) {
    hash.update(`${name}\n`).update(readFileSync(join(folder, name)));
  }
  return hash.digest('hex');
}

/** The API package's root: the nearest folder above this module holding a package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = resolve(dir, '..');
    if (up === dir) throw new HelpArtifactError('The API package root was not found');
    dir = up;
  }
  return dir;
}

/** Where the build writes the artifact and servers read it: the package's dist/. */
export const helpArtifactPath = () => join(packageRoot(), 'dist', HELP_ARTIFACT_NAME);

/** Writes the artifact of a built help (dist/build-help.js, at build time). */
export function writeHelpArtifact(
  file: string,
  help: Help,
  docsRoot: string,
  codeFolder: string | null,
): void {
  const artifact: HelpArtifact = {
    format: FORMAT,
    v8: process.versions.v8,
    inputs: helpInputsHash(help.articles, docsRoot),
    code: codeFolder ? assistantCodeHash(codeFolder) : null,
    model: help.model?.snapshot(),
  };
  writeFileSync(file, v8.serialize(artifact));
}

/**
 * The help of `articles` (loaded from `docsRoot`) from the artifact: the index is built from the
 * articles (a tenth of a second), the model restored. Throws a HelpArtifactError naming the
 * command that rebuilds it when the file is missing, was written by another Node.js or for
 * other articles, labelled questions or code.
 */
export function loadHelp(
  articles: readonly Article[],
  docsRoot: string,
  file = helpArtifactPath(),
): Help {
  const stale = (why: string) =>
    new HelpArtifactError(
      `The assistant's help artifact ${file} ${why}: run \`${BUILD_HELP_COMMAND}\` to build it.`,
    );
  if (!existsSync(file)) throw stale('is missing');
  const artifact = v8.deserialize(readFileSync(file)) as HelpArtifact;
  if (artifact.format !== FORMAT || artifact.v8 !== process.versions.v8) {
    throw stale(`was written by another build (format ${artifact.format}, V8 ${artifact.v8})`);
  }
  if (artifact.inputs !== helpInputsHash(articles, docsRoot)) {
    throw stale(`was built from other articles or labelled questions than those in ${docsRoot}`);
  }
  const code = sourceFolder();
  if (code && artifact.code !== null && artifact.code !== assistantCodeHash(code)) {
    throw stale("was built by other code than the assistant's model sources");
  }
  return {
    articles,
    index: new HelpIndex(articles),
    model: artifact.model && QuestionModel.restore(artifact.model),
  };
}
