// Component-test setup: a clean DOM and storage per test, and console errors fail the test
// (React reports broken markup and act() misuse through console.error).
import { clearToasts } from '@omega/ui';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Pages are loaded on demand; the first import of one can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
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
