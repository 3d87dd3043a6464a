// Confirmed transactions waiting for the server, kept in local storage so a reload or an
// outage loses nothing. The server stores each idempotency key once, so resending is safe.
import type { TransactionBody } from '@omega/contracts';

const KEY = 'omega.keypad.outbox';

export interface Outbox {
  all(): TransactionBody[];
  add(body: TransactionBody): void;
  remove(idempotencyKey: string): void;
}

export function localOutbox(storage: Storage | undefined = globalThis.localStorage): Outbox {
  const read = (): TransactionBody[] => {
    try {
      const raw = storage?.getItem(KEY);
      return raw ? (JSON.parse(raw) as TransactionBody[]) : [];
    } catch {
      return [];
    }
  };
  const write = (items: TransactionBody[]) => {
    try {
      storage?.setItem(KEY, JSON.stringify(items));
    } catch {
      // Full or blocked storage: the transaction still goes out while the page is open.
    }
  };
  return {
    all: read,
    add(body) {
      write([...read().filter((b) => b.idempotencyKey !== body.idempotencyKey), body]);
    },
    remove(key) {
      write(read().filter((b) => b.idempotencyKey !== key));
    },
  };
}
