// A button's call, one at a time: a double click's second click can come before React has
// re-rendered the button as busy, so the guard is a ref; `busy` is for the button to show it.
import { useRef, useState } from 'react';

export function useOneAtATime() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  /** Runs `work` unless a call is already on its way (then does nothing). */
  async function run(work: () => Promise<void>): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { busy, run };
}
