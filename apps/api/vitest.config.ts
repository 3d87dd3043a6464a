import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Ceilings for a hung test, not measures: on a starved CI machine (2 cores at a seventh of
    // the usual speed, every suite at once) tests of a few seconds ran past 20 s. What a test
    // says about time it asserts itself.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time (vitest's default on 2 cores is one): beside the other suites in CI the
    // two share the machine with them, and once the others finish the API suite, the longest,
    // has both cores to itself instead of one (decision 032).
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next: importing the app again for each
    // of the 61 files cost 100 s of CPU. No file mocks a module; spies are restored after each
    // test, and what a module keeps (compiled schemas, the shared password hash) is the same
    // for every file.
    isolate: false,
    restoreMocks: true,
  },
});
