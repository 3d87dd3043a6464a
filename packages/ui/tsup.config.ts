import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom'],
  // The stylesheet ships as one file the apps import: `import '@omega/ui/styles.css'`.
  onSuccess: async () => copyFileSync('src/styles.css', 'dist/styles.css'),
});
