import { defineConfig } from 'tsup';

export default defineConfig({
  // One output file per module and `sideEffects: false`: a browser bundle that needs only the
  // plain constants does not pull in (and run) the schema builders.
  entry: ['src/**/*.ts'],
  bundle: false,
  format: ['esm'],
  clean: true,
  target: 'es2022',
});
