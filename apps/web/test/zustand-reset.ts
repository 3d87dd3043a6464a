// zustand, with every store it creates put back to its initial state by `resetStores` (the
// pattern of zustand's testing guide). Files share their modules (vitest.config.ts), so without
// it a store's state outlives the file that set it: a theme switched to light in one file met
// the next file's first render.
import { vi } from 'vitest';
import type * as Zustand from 'zustand';

const actual = await vi.importActual<typeof Zustand>('zustand');
const resets = new Set<() => void>();

/** Every store created so far, back to the state it was created with. */
export function resetStores() {
  for (const reset of resets) reset();
}

const createUncurried = <T>(initializer: Zustand.StateCreator<T>) => {
  const store = actual.create(initializer);
  resets.add(() => store.setState(store.getInitialState(), true));
  return store;
};

export const create = (<T>(initializer?: Zustand.StateCreator<T>) =>
  initializer ? createUncurried(initializer) : createUncurried) as typeof actual.create;

export const { createStore, useStore } = actual;
