import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // argon2id at full strength takes tens of milliseconds per hash; keep headroom on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
