// Toasts (spec section 9): one at a time, shown 5 s by default, swiped right to dismiss,
// F8 jumps to them; a dismissed toast leaves the store after 1,000,000 ms (Radix keeps it
// mounted for its exit animation until then).
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { cn } from './cn.js';

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

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn('omega-toast', t.variant === 'destructive' && 'omega-toast--destructive')}
        >
          <ToastPrimitive.Title className="omega-toast__title">{t.title}</ToastPrimitive.Title>
          {t.description && (
            <ToastPrimitive.Description className="omega-toast__description">
              {t.description}
            </ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close className="omega-toast__close" aria-label="Close">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport hotkey={['F8']} className="omega-toast-viewport" />
    </ToastPrimitive.Provider>
  );
}
