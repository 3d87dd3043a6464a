// Budgets of the keypad's two builds (gzip -9): the custom element with its renderer inside
// (Preact; target <= 14 KB) and the React component library with everything but React (target
// <= 6 KB). Over either, the run fails.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { checkBudget } from './lib/budget.js';

const element = fileURLToPath(
  new URL('../apps/keypad/dist/standalone/omega-keypad.js', import.meta.url),
);
const library = fileURLToPath(new URL('../apps/keypad/dist/index.js', import.meta.url));

async function main() {
  if (!existsSync(element) || !existsSync(library))
    throw new Error('Build the keypad first: pnpm build');
  const elementGzip = gzipSync(readFileSync(element), { level: 9 }).length;
  // What an app downloads for the library: its code and the domain modules it uses, minified,
  // with React left to the app.
  const bundled = await build({
    entryPoints: [library],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  });
  const libraryGzip = gzipSync(bundled.outputFiles[0]?.contents ?? new Uint8Array(), {
    level: 9,
  }).length;
  checkBudget('custom element (renderer included)', elementGzip, 14);
  checkBudget('library entry (without React)', libraryGzip, 6);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
