import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that walk every route of a role, the suite's longest by far (two to five times any
 * other), go first. Without timings of its own (a fresh clone, as in CI) vitest starts the
 * largest files first, and these are small: started last, failures.e2e.ts ran alone for the
 * last 75 s of a CI run while the other worker had nothing left to do.
 */
const WALKS = ['/tests/screens.e2e.ts', '/tests/failures.e2e.ts'];

class WalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const walk = (file: TestSpecification) => WALKS.some((end) => file.moduleId.endsWith(end));
    const sorted = await super.sort(files);
    return [...sorted.filter(walk), ...sorted.filter((file) => !walk(file))];
  }
}

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    // One Chromium per worker, launched in its process and kept from file to file
    // (tests/browser-server.ts).
    globalSetup: ['tests/browser-server.ts'],
    // A ceiling for a test that hangs outside the browser, not a measure: every wait and action
    // in a page already gives up after 20 s (harness.ts), so a hung page fails there. A test's
    // total time says how busy the machine is: on a 99%-busy CI machine the admin console's
    // test, 12 s alone, took 67 s and was failed by the 60 s once allowed.
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // Two files at a time, each with its own server (and contexts in the shared browser): the
    // suite is mostly waiting on pages, so two overlap their waits (decision 032).
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next, as the API and web suites do
    // (decision 032): each file imported the API's build, Playwright's client and the rest again,
    // and every server a file started parsed the assistant's help again. No file mocks a module,
    // and each starts its own server and browser contexts. Alone: 241 -> 200 CPU-seconds.
    isolate: false,
    sequence: { sequencer: WalksFirst },
  },
});
