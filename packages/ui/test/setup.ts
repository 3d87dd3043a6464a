// Stories and components render with the project's annotations (providers, theme); a
// console error during a test fails it.
import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import preview from '../.storybook/preview.js';
import { clearToasts } from '../src/toast.js';

setProjectAnnotations(preview);

// Waits are on conditions; the ceiling is sized for a 2-core CI machine running the API suite
// beside this one (see apps/web/test/setup.ts).
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs that Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.restoreAllMocks();
});
