// The package build's last step (package.json `build`, after tsup): builds the assistant's help
// once — the question model trained on the labelled questions in docs/assistant — and writes the
// artifact every server loads (dist/help.bin, help-artifact.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildHelp } from './help.js';
import { helpArtifactPath, packageRoot, writeHelpArtifact } from './help-artifact.js';
import { loadTrainingQuestions } from './learned.js';
import { findDocsRoot, loadArticles } from './load-articles.js';

const started = process.cpuUsage();
const docsRoot = findDocsRoot();
const help = buildHelp(loadArticles(docsRoot), loadTrainingQuestions(docsRoot));
const sources = join(packageRoot(), 'src');
const file = helpArtifactPath();
writeHelpArtifact(file, help, docsRoot, existsSync(sources) ? sources : null);
const { user, system } = process.cpuUsage(started);
process.stdout.write(
  `build-help: ${file} (${help.articles.length} articles, ${help.model ? 'with' : 'without'} a question model) in ${Math.round((user + system) / 1000)} ms of CPU\n`,
);
