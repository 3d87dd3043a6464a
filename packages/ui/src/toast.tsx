// Toasts (spec section 9): one at a time, shown 5 s by default, swiped right to dismiss,
// F8 jumps to them; a dismissed toast leaves the store after 1,000,000 ms (Radix keeps it
// mounted for its exit animation until then). This file is the store every screen uses; the
// renderer (Radix Toast, about 8 KB gzip) is ./toaster.tsx, which an app may load with its
// first toast rather than with its first page.
import { useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const l of listeners) l();
}

export function toast(options: ToastOptions): string {
  counter += 1;
  const id = `toast-${counter}`;
  emit([{ ...options, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: string): void {
  emit(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removalTimers.has(id)) {
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        emit(items.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  }
}

/** Removes every toast at once (a fresh screen, or between tests). */
export function clearToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  emit([]);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
