import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
  },
});
