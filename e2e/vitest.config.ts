import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time, each with its own server and browser: a browser test mostly waits
    // (pages settling, retries backing off), so a second file uses what the first leaves idle.
    // Four at a time were faster alone (198 s against about 300) but, beside the other suites
    // in CI, starved the browsers past their 10 s waits (decision 032).
    maxWorkers: 2,
  },
});
