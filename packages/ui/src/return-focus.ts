// Focus goes back to what opened a dialog. Radix gives it back to the dialog's own Trigger, and a
// page opens most dialogs from its own button (state, or the confirm helper) without one: focus
// then fell to <body>, and a keyboard user started again at the top of the page (WAI-ARIA dialog
// pattern: on close, focus returns to the element that invoked the dialog).
import { useRef } from 'react';

type FocusEventHandler = (event: Event) => void;

/**
 * `onOpenAutoFocus` and `onCloseAutoFocus` for a Radix dialog's Content, composed with the
 * caller's own: what had focus as the dialog opened gets it back when it closes, if it is still
 * on the page; otherwise Radix does as it would (its Trigger, if any).
 */
export function useReturnFocus(own: {
  onOpenAutoFocus?: FocusEventHandler;
  onCloseAutoFocus?: FocusEventHandler;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix calls this before it moves focus into the dialog: focus is still on the opener.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      own.onCloseAutoFocus?.(event);
      const back = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !back?.isConnected) return;
      event.preventDefault();
      back.focus();
    },
  };
}
