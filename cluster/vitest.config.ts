import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Makes the deploy folder once (scripts/deploy-api.mjs), as `pnpm deploy:api` does.
    globalSetup: ['tests/deploy-folder.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The servers take both cores: one file at a time.
    fileParallelism: false,
  },
});
