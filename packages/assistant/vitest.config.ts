import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Building a model from the labelled questions takes seconds of CPU on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
