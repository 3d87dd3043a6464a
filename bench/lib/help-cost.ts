// One measurement for help-load.ts, in a fresh process: the CPU time and the memory kept by the
// assistant's help, loaded from the build's artifact ('load', what servers do) or built from the
// docs and labelled questions ('build', what servers did at start before issue 33). Prints JSON.
import {
  buildHelp,
  findDocsRoot,
  loadArticles,
  loadHelp,
  loadTrainingQuestions,
} from '@omega/assistant';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mode = process.argv[2];
const root = findDocsRoot();
gc();
const before = process.memoryUsage();
const cpu = process.cpuUsage();
const help =
  mode === 'build'
    ? buildHelp(loadArticles(root), loadTrainingQuestions(root))
    : loadHelp(loadArticles(root), root);
const used = process.cpuUsage(cpu);
// The file's buffer is external memory, released on a later collection than the one that finds it
// unreachable: collect until the figure settles.
for (let i = 0; i < 4; i++) {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}
const after = process.memoryUsage();
const kept = (k: 'heapUsed' | 'arrayBuffers' | 'rss') => (after[k] - before[k]) / 1e6;
process.stdout.write(
  `${JSON.stringify({
    cpuMs: (used.user + used.system) / 1000,
    keptMB: kept('heapUsed') + kept('arrayBuffers'),
    rssMB: kept('rss'),
    articles: help.articles.length,
  })}\n`,
);
