import { defineConfig } from 'tsup';

export default defineConfig({
  // The checkpoint worker is a file of its own: a worker thread runs a file (db/checkpointer.ts).
  entry: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    app: 'src/app.ts',
    'checkpoint-worker': 'src/db/checkpoint-worker.js',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
});
