// Admin actions on rows (a switch, a plan select): which rows have a call in flight, and one
// place that runs a call with the spec's success and failure toasts.
import { toast } from '@omega/ui';
import { useState } from 'react';
import { failureToast } from './failure-toast.js';

export interface ActionToasts {
  success: string;
  failure: string;
}

export function usePendingActions<K>() {
  const [pending, setPending] = useState<ReadonlySet<K>>(new Set());
  async function run(key: K, action: () => Promise<unknown>, toasts: ActionToasts) {
    setPending((s) => new Set(s).add(key));
    try {
      await action();
      toast({ title: toasts.success });
    } catch (err) {
      failureToast(toasts.failure, err);
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  }
  return { pending, run };
}
