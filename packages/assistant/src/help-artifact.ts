// The assistant's help as one build artifact (issue 33): `pnpm build` trains the question model
// once (dist/build-help.js) and writes what answering needs to dist/help.bin; every server, test
// and deploy folder loads that file instead of analysing ~35,000 labelled questions and training
// at start. The file records the hash of its inputs (the articles as loaded, the labelled
// questions' bytes) and of the assistant's code; a server that finds the inputs or the code
// changed since refuses to start with the command that rebuilds it, rather than answering from a
// stale or missing model. The file holds the index and the model as they are in memory: a JSON
// header (hashes, names, the search index) and the typed arrays' bytes, read into one buffer of
// their own at load (decision 031).
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Article } from './articles.js';
import type { Help } from './help.js';

import { type Packed, QuestionModel, type QuestionModelState, trainingFile } from './learned.js';
import { HelpIndex, type HelpIndexState } from './retrieval.js';

/** Bumped when the file's layout changes: an older file is then refused as stale. */
const FORMAT = 2;
/** The file's first four bytes; then its format and the header's length (uint32, little end). */
const MAGIC = 'OHLP';
const PREAMBLE = 12;
export const HELP_ARTIFACT_NAME = 'help.bin';
export const BUILD_HELP_COMMAND = 'pnpm build';

/** The file's header (JSON); the typed arrays of `model` are sections of the file after it. */
interface HelpArtifactHeader {
  inputs: string;
  /** The assistant's code it was built with; null when built from a bundle with no sources. */
  code: string | null;
  index: HelpIndexState;
  /** The model's state, each typed array replaced by `{ section: n }`. */
  model: unknown;
  sections: Array<{ type: PackedType; offset: number; bytes: number }>;
}

const PACKED = {
  Uint8Array,
  Uint16Array,
  Int16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
};
type PackedType = keyof typeof PACKED;

/** `value` with each typed array replaced by `{ section: n }`, n its place in `sections`. */
function pack(value: unknown, sections: Packed[]): unknown {
  if (ArrayBuffer.isView(value)) return { section: sections.push(value as Packed) - 1 };
  if (Array.isArray(value)) return value.map((v) => pack(v, sections));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pack(v, sections)]));
  }
  return value;
}

/** What `pack` packed, with `sections` back in place. */
function unpack(value: unknown, sections: readonly Packed[]): unknown {
  if (Array.isArray(value)) return value.map((v) => unpack(v, sections));
  if (value && typeof value === 'object') {
    const { section } = value as { section?: unknown };
    if (typeof section === 'number') return sections[section];
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpack(v, sections)]));
  }
  return value;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

export class HelpArtifactError extends Error {
  override name = 'HelpArtifactError';
}

/** The hash of what the help is built from: the articles as loaded and the labelled questions. */
export function helpInputsHash(articles: readonly Article[], docsRoot: string): string {
  const hash = createHash('sha256').update(JSON.stringify(articles));
  const training = trainingFile(docsRoot);
  if (!existsSync(training)) return hash.update('-').digest('hex');
  // Read in pieces into one small buffer: the file is 5 MB, and a buffer of all of it was a few
  // milliseconds of page faults and garbage at every start.
  const fd = openSync(training, 'r');
  try {
    const piece = Buffer.allocUnsafe(1 << 16);
    for (let n = readSync(fd, piece); n > 0; n = readSync(fd, piece)) {
      hash.update(piece.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
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
  'string-table.ts',
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
  const arrays: Packed[] = [];
  const model = pack(help.model?.snapshot() ?? null, arrays);
  const sections: HelpArtifactHeader['sections'] = [];
  let end = 0;
  const header = (start: number): Buffer => {
    end = start;
    sections.length = 0;
    for (const a of arrays) {
      sections.push({ type: a.constructor.name as PackedType, offset: end, bytes: a.byteLength });
      end = align8(end + a.byteLength);
    }
    const json: HelpArtifactHeader = {
      inputs: helpInputsHash(help.articles, docsRoot),
      code: codeFolder ? assistantCodeHash(codeFolder) : null,
      index: help.index.snapshot(),
      model,
      sections,
    };
    return Buffer.from(JSON.stringify(json));
  };
  // The sections' offsets are in the header, whose length depends on them: grow until it holds.
  let start = 0;
  let json = header(start);
  while (align8(PREAMBLE + json.length) !== start) {
    start = align8(PREAMBLE + json.length);
    json = header(start);
  }
  const out = Buffer.alloc(end);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(FORMAT, 4);
  out.writeUInt32LE(json.length, 8);
  json.copy(out, PREAMBLE);
  arrays.forEach((a, i) => {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), sections[i]?.offset);
  });
  writeFileSync(file, out);
}

/**
 * The help of `articles` (loaded from `docsRoot`) from the artifact: the index and the model as
 * the build left them. Throws a HelpArtifactError naming the command that rebuilds it when the
 * file is missing, of another format, or built for other articles, labelled questions or code.
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
  const fd = openSync(file, 'r');
  try {
    const read = (at: number, length: number): Uint8Array<ArrayBuffer> => {
      const into = new Uint8Array(new ArrayBuffer(length));
      for (let n = 0; n < length; ) {
        const got = readSync(fd, into, n, length - n, at + n);
        if (got === 0) throw stale('is cut short');
        n += got;
      }
      return into;
    };
    const preamble = Buffer.from(read(0, Math.min(PREAMBLE, fstatSync(fd).size)));
    const ours = preamble.length === PREAMBLE && preamble.toString('latin1', 0, 4) === MAGIC;
    const format = ours ? preamble.readUInt32LE(4) : undefined;
    if (format !== FORMAT) {
      throw stale(`was written by another build (format ${format ?? 'unknown'}, not ${FORMAT})`);
    }
    const header = JSON.parse(
      Buffer.from(read(PREAMBLE, preamble.readUInt32LE(8))).toString('utf8'),
    ) as HelpArtifactHeader;
    if (header.inputs !== helpInputsHash(articles, docsRoot)) {
      throw stale(`was built from other articles or labelled questions than those in ${docsRoot}`);
    }
    const code = sourceFolder();
    if (code && header.code !== null && header.code !== assistantCodeHash(code)) {
      throw stale("was built by other code than the assistant's model sources");
    }
    // The arrays are read into one buffer of their own, each a view of it: nothing else of the
    // file stays in memory, and nothing is copied twice.
    const first = header.sections[0]?.offset ?? 0;
    const last = header.sections.at(-1);
    const data = read(first, last ? last.offset + last.bytes - first : 0);
    const sections = header.sections.map(
      ({ type, offset, bytes }) =>
        new PACKED[type](data.buffer, offset - first, bytes / PACKED[type].BYTES_PER_ELEMENT),
    );
    const model = unpack(header.model, sections) as QuestionModelState | null;
    return {
      articles,
      index: new HelpIndex(articles, header.index),
      model: model ? QuestionModel.restore(model) : undefined,
    };
  } finally {
    closeSync(fd);
  }
}
