import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file at a time, with its own server and browser. Two were faster alone, but beside the
    // API suite in CI (with issue 39's payment suites) two browsers starved past their waits
    // (decision 032).
    maxWorkers: 1,
  },
});
