// Component-test setup: a clean DOM and storage per test, and console errors fail the test
// (React reports broken markup and act() misuse through console.error).
import { clearToasts } from '@omega/ui';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetStores } from './zustand-reset.js';

// Pages are loaded on demand, and the first import of one is transformed on the spot: with the
// API suite beside it on a 2-core CI machine that took over 5 s once (a `findBy` that gave up
// while the page was still loading). Every wait is on a condition, so a long ceiling costs
// nothing when things are fast; it stays well inside the 30 s test timeout.
configure({ asyncUtilTimeout: 15_000 });

// The admin dashboard's charts draw with uPlot, which jsdom cannot run (no canvas, no
// matchMedia): every test gets the stand-in, so /admin renders as it would in a browser.
vi.mock('uplot', () => import('./fake-uplot.js'));

// Every zustand store starts each test as it was created (test/zustand-reset.ts).
vi.mock('zustand', () => import('./zustand-reset.js'));

// Pages load on demand (React.lazy). The first import of a page is transformed on the spot, and
// on a 2-core CI machine running the API suite beside this one that once took longer than any
// sensible wait inside a test (the page was still 'Loading the page' after 15 s). Importing every
// page before a file's tests moves that cost into a hook with room for it; the lazy imports in
// the tests then resolve at once. A test may replace a page with one that cannot be loaded.
const pages = import.meta.glob('../src/features/*/routes/*.tsx');
beforeAll(async () => {
  await Promise.all([
    ...Object.values(pages).map((load) => load().catch(() => undefined)),
    // The toast renderer loads with the first toast (root-layout.tsx); a test may replace it.
    import('@omega/ui/toaster').catch(() => undefined),
  ]);
}, 120_000);

// Browser APIs jsdom lacks, for every file: Radix's Select and Dialog scroll into view and
// capture the pointer, and its Checkbox inside a form measures itself with a ResizeObserver (its
// hidden input follows the button's size). Nothing here lays out, so the observer never reports.
// Set once here rather than by the files that need them: a file that forgot met them only when
// another file had set them earlier in the same worker (decision 032).
const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
proto.scrollIntoView ??= () => {};
proto.hasPointerCapture ??= () => false;
proto.releasePointerCapture ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

beforeEach(() => {
  localStorage.clear();
  resetStores();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
