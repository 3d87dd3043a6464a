// Confirmed transactions waiting for the server, kept in local storage so a reload or an
// outage loses nothing. The server stores each idempotency key once, so resending is safe.
// Each entry belongs to the wallet (phone) that made it: several wallets may sign in on one
// browser, and a transaction must only ever be sent with its own wallet's sign-in.
import type { TransactionBody } from '@omega/contracts';

const KEY = 'omega.keypad.outbox';

interface Entry {
  phone: string;
  body: TransactionBody;
}

export interface Outbox {
  /** The transactions this wallet still has to send, oldest first. */
  all(phone: string): TransactionBody[];
  add(phone: string, body: TransactionBody): void;
  remove(idempotencyKey: string): void;
}

export function localOutbox(storage: Storage | undefined = globalThis.localStorage): Outbox {
  const read = (): Entry[] => {
    try {
      const raw = storage?.getItem(KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      // Entries without a wallet (from before wallets were recorded) cannot be sent safely.
      return Array.isArray(parsed)
        ? parsed.filter((e): e is Entry => typeof e?.phone === 'string' && e.body)
        : [];
    } catch {
      return [];
    }
  };
  const write = (entries: Entry[]) => {
    try {
      storage?.setItem(KEY, JSON.stringify(entries));
    } catch {
      // Full or blocked storage: the transaction still goes out while the page is open.
    }
  };
  return {
    all: (phone) =>
      read()
        .filter((e) => e.phone === phone)
        .map((e) => e.body),
    add(phone, body) {
      write([
        ...read().filter((e) => e.body.idempotencyKey !== body.idempotencyKey),
        { phone, body },
      ]);
    },
    remove(key) {
      write(read().filter((e) => e.body.idempotencyKey !== key));
    },
  };
}
