import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time, each with its own server and browser: one file alone leaves half of
    // a 2-core machine idle (pages settle on network quiet, not on the CPU).
    maxWorkers: 2,
  },
});
