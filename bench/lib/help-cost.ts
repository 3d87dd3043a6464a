// One measurement for help-load.ts, in a fresh process: the CPU time and the memory kept by the
// assistant's help, loaded from the build's artifact ('load', what servers do) or built from the
// docs and labelled questions ('build', what servers did at start before issue 33). Prints JSON.
// 'parts' prints where a load's time and memory go instead: the articles, the inputs' hash, the
// index and the model restored from their state, and the bytes each part of the model keeps.
import {
  buildHelp,
  findDocsRoot,
  HelpIndex,
  helpInputsHash,
  loadArticles,
  loadHelp,
  loadTrainingQuestions,
  QuestionModel,
} from '@omega/assistant';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const collect = gc;
const mode = process.argv[2];
const root = findDocsRoot();

// The file's buffer is external memory, released on a later collection than the one that finds it
// unreachable: collect until the figure settles.
async function settle(): Promise<NodeJS.MemoryUsage> {
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    collect();
  }
  return process.memoryUsage();
}

/** The CPU time of `f` and the memory (heap and array buffers) what it returns keeps. */
async function cost<T>(f: () => T): Promise<{ value: T; cpuMs: number; keptMB: number }> {
  const before = await settle();
  const cpu = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(cpu);
  const after = await settle();
  const kept = (k: 'heapUsed' | 'arrayBuffers') => (after[k] - before[k]) / 1e6;
  return {
    value,
    cpuMs: (used.user + used.system) / 1000,
    keptMB: kept('heapUsed') + kept('arrayBuffers'),
  };
}

/** The bytes of the typed arrays in `value`. */
function arrayBytes(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value && typeof value === 'object') {
    return Object.values(value).reduce((sum: number, v) => sum + arrayBytes(v), 0);
  }
  return 0;
}

if (mode === 'parts') {
  const row = (what: string, c: { cpuMs: number; keptMB: number }) =>
    console.log(`| ${what} | ${c.cpuMs.toFixed(1)} ms | ${c.keptMB.toFixed(1)} MB |`);
  console.log('| part | CPU | memory kept |');
  console.log('| --- | --- | --- |');
  const articles = await cost(() => loadArticles(root));
  row('articles (docs/help, docs/architecture)', articles);
  row(
    "inputs' hash (articles, labelled questions)",
    await cost(() => helpInputsHash(articles.value, root)),
  );
  const whole = await cost(() => loadHelp(articles.value, root));
  row('loadHelp: the file, the index and the model', whole);
  const index = whole.value.index.snapshot();
  row('of which the index, from its state', await cost(() => new HelpIndex(articles.value, index)));
  const state = whole.value.model?.snapshot();
  if (state) {
    const copy = structuredClone(state);
    row('of which the model, from its state', await cost(() => QuestionModel.restore(copy)));
    for (const [part, value] of Object.entries(state)) {
      console.log(`|   model: ${part} | | ${(arrayBytes(value) / 1e6).toFixed(2)} MB in arrays |`);
    }
  }
} else {
  const before = await settle();
  const cpu = process.cpuUsage();
  const help =
    mode === 'build'
      ? buildHelp(loadArticles(root), loadTrainingQuestions(root))
      : loadHelp(loadArticles(root), root);
  const used = process.cpuUsage(cpu);
  const after = await settle();
  const kept = (k: 'heapUsed' | 'arrayBuffers' | 'rss') => (after[k] - before[k]) / 1e6;
  process.stdout.write(
    `${JSON.stringify({
      cpuMs: (used.user + used.system) / 1000,
      keptMB: kept('heapUsed') + kept('arrayBuffers'),
      rssMB: kept('rss'),
      articles: help.articles.length,
    })}\n`,
  );
}
