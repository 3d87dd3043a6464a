import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time, each with its own server and browser: the suite is mostly waiting
    // on pages, so two overlap their waits (decision 032).
    maxWorkers: 2,
  },
});
