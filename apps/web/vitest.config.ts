import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module with `vi.mock`. A mock takes effect only where the module has not
 * been loaded yet, so these keep a fresh module cache per file; every other file shares its
 * worker's modules with the files before it (decision 032).
 */
const MOCKING = [
  'test/page-boundary.test.tsx',
  'test/passkeys.test.tsx',
  'test/payments-stripe.test.tsx',
  'test/second-factor-on-demand.test.tsx',
  'test/shell-pieces.test.tsx',
  'test/toaster-on-demand.test.tsx',
];

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    // Typing with user-event in jsdom is slow while other suites share the 2 cores.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: MOCKING,
          // Importing React, the router and every page again for each file was over half the
          // suite's CPU (152 against 63 CPU-seconds). What a file leaves behind in a module (the
          // UI stores, the toasts) is reset before each test in test/setup.ts.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
