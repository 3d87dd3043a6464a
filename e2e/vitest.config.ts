import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Four files at a time, each with its own server and browser: a browser test mostly waits
    // (pages settling, retries backing off), so four keep 2 cores busy without starving them.
    // The browser waits and the server answers in every file's own process (harness.ts).
    maxWorkers: 4,
  },
});
