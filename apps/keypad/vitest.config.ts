import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Many simulated key presses; the CI machine runs other suites beside this one.
    testTimeout: 30_000,
  },
});
