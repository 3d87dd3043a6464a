import { defineConfig } from 'tsup';

export default defineConfig({
  // The library, and the build step that writes dist/help.bin with it.
  entry: ['src/index.ts', 'src/build-help.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
});
