import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Typing with user-event in jsdom is slow while other suites share the 2 cores.
    testTimeout: 30_000,
  },
});
