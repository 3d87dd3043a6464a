// Keyboard focus when a list loses the row whose button had it (Revoke, Remove, End session), or
// all its rows at once (Sign out other sessions, Clear):
// the confirmation gives the focus back to that button, then the row goes once the call
// returns, and the focus with it, to the page's body. A keyboard user would have to start again
// from the top. Instead the focus goes to the same place in the list: the next row's button,
// or the last row's, or, when no row is left, to the list's empty state.
import { useCallback, useEffect, useRef } from 'react';

/** The attribute that marks a row's button the focus may go to, valued with the row's key. */
export const REMOVAL_TARGET = 'data-removal-target';

/** Spread onto the button of the row keyed `key`. */
export const removalTarget = (key: string | number) => ({ [REMOVAL_TARGET]: String(key) });

export function useFocusAfterRemoval(keys: readonly (string | number)[] | undefined) {
  const list = useRef<HTMLElement | null>(null);
  const empty = useRef<HTMLElement | null>(null);
  const pending = useRef<{ key: string; index: number } | null>(null);

  useEffect(() => {
    const removed = pending.current;
    if (!removed || keys?.some((k) => String(k) === removed.key)) return;
    pending.current = null;
    // Only focus that was lost is put back (to the body, or held by a button now disabled,
    // which browsers do not let keep it): someone who moved on keeps where they are.
    const active = document.activeElement;
    if (active && active !== document.body && !(active as HTMLButtonElement).disabled) return;
    const targets = [...(list.current?.querySelectorAll<HTMLElement>(`[${REMOVAL_TARGET}]`) ?? [])];
    const target = targets[Math.min(removed.index, targets.length - 1)] ?? empty.current;
    target?.focus();
  });

  const listRef = useCallback((element: HTMLElement | null) => {
    list.current = element;
  }, []);
  const emptyRef = useCallback((element: HTMLElement | null) => {
    empty.current = element;
  }, []);

  return {
    /** A ref for the list (any element holding the rows' buttons). */
    list: listRef,
    /** A ref for where the focus goes when no row is left: the empty state, tabIndex -1. */
    empty: emptyRef,
    /** Call once the removal of row `key` is confirmed, before the call that removes it. */
    removing(key: string | number) {
      const targets = [
        ...(list.current?.querySelectorAll<HTMLElement>(`[${REMOVAL_TARGET}]`) ?? []),
      ];
      const index = targets.findIndex((t) => t.getAttribute(REMOVAL_TARGET) === String(key));
      pending.current = { key: String(key), index: Math.max(index, 0) };
    },
  };
}
