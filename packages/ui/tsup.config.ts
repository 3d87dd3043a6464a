import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  // One output file per component (no bundling), so an app's bundler can put each
  // component in the chunk of the page that uses it instead of loading all of them up front.
  entry: ['src/*.ts', 'src/*.tsx', '!src/*.stories.tsx'],
  bundle: false,
  format: ['esm'],
  clean: true,
  target: 'es2022',
  // The stylesheet ships as one file the apps import: `import '@omega/ui/styles.css'`.
  onSuccess: async () => copyFileSync('src/styles.css', 'dist/styles.css'),
});
