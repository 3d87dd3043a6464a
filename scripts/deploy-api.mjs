// Makes the API's self-contained production folder (default deploy/api): `pnpm deploy` copies the
// built server with its production dependencies only, then the built web app, the keypad and the
// assistant's articles and labelled questions are copied next to it, so `node server.js` there
// needs nothing else from the repository and its assistant answers as the repository's build does
// (cluster/tests/deploy-folder.test.ts). The Dockerfile's runtime stage copies exactly this folder.

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = resolve(root, process.argv[2] ?? 'deploy/api');

const needed = {
  'apps/api/dist/server.js': 'the API',
  'apps/web/dist/index.html': 'the web app',
  'apps/keypad/dist/standalone/omega-keypad.js': 'the keypad',
};
for (const [file, what] of Object.entries(needed)) {
  if (!existsSync(resolve(root, file))) {
    process.stderr.write(`deploy: ${what} is not built (${file} is missing): run pnpm build\n`);
    process.exit(1);
  }
}

rmSync(target, { recursive: true, force: true });
// --legacy: the workspace does not inject its packages (pnpm 10 needs one or the other);
// --prod: no devDependencies. better-sqlite3's native build comes along from the store.
execFileSync('pnpm', ['--filter', '@omega/api', '--prod', 'deploy', '--legacy', target], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});

// apps/api/src/server.ts looks for public/ next to dist, and the assistant walks up to docs/.
cpSync(resolve(root, 'apps/web/dist'), resolve(target, 'public/web'), { recursive: true });
cpSync(resolve(root, 'apps/keypad/dist/standalone'), resolve(target, 'public/keypad'), {
  recursive: true,
});
// The question model learns from docs/assistant at start: without it the deploy folder's assistant
// decided by thresholds alone (285 of 1,147 sampled questions answered differently, issue 33).
for (const folder of ['help', 'architecture', 'assistant']) {
  cpSync(resolve(root, 'docs', folder), resolve(target, 'docs', folder), { recursive: true });
}
writeFileSync(
  resolve(target, 'server.js'),
  "// The deploy folder's entry point (scripts/deploy-api.mjs): run `node server.js` here.\nimport './dist/server.js';\n",
);
process.stdout.write(`deploy: ${target} is ready; run \`node server.js\` there\n`);
