// The build's last step (package.json `build`, after tsup): builds the assistant's help once —
// the question model trained on the labelled questions in docs/assistant — and writes the
// artifact every server loads (dist/help.bin, services/assistant/help-artifact.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildHelp } from './services/assistant/assistant-service.js';
import {
  helpArtifactPath,
  packageRoot,
  writeHelpArtifact,
} from './services/assistant/help-artifact.js';
import { loadTrainingQuestions } from './services/assistant/learned.js';
import { findDocsRoot, loadArticles } from './services/assistant/load-articles.js';

const started = process.cpuUsage();
const docsRoot = findDocsRoot();
const help = buildHelp(loadArticles(docsRoot), loadTrainingQuestions(docsRoot));
const sources = join(packageRoot(), 'src', 'services', 'assistant');
const file = helpArtifactPath();
writeHelpArtifact(file, help, docsRoot, existsSync(sources) ? sources : null);
const { user, system } = process.cpuUsage(started);
process.stdout.write(
  `build-help: ${file} (${help.articles.length} articles, ${help.model ? 'with' : 'without'} a question model) in ${Math.round((user + system) / 1000)} ms of CPU\n`,
);
