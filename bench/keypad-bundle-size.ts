// Budgets of the keypad's two builds (gzip -9): the custom element with its renderer inside
// (Preact's React-compatible layer; target <= 70 KB) and the React component library with
// everything but React (target <= 15 KB).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const element = fileURLToPath(
  new URL('../apps/keypad/dist/standalone/omega-keypad.js', import.meta.url),
);
const library = fileURLToPath(new URL('../apps/keypad/dist/index.js', import.meta.url));
const kb = (n: number) => (n / 1024).toFixed(1);

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
  const verdict = (size: number, target: number) =>
    size <= target * 1024 ? 'within budget' : 'OVER BUDGET';
  console.log(
    `custom element (renderer included):${kb(elementGzip)} KB gzip — target <= 70 KB: ${verdict(elementGzip, 70)}`,
  );
  console.log(
    `library entry (without React):   ${kb(libraryGzip)} KB gzip — target <= 15 KB: ${verdict(libraryGzip, 15)}`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
