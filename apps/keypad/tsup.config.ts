import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2022',
  // React is the host app's: the library entry stays small.
  external: ['react', 'react-dom'],
  onSuccess: async () => copyFileSync('src/keypad.css', 'dist/keypad.css'),
});
