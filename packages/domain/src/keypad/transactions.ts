// One keypad transaction in the shapes it takes between the machine and the server: the
// request that records it (its id is the idempotency key), the server's record of it in the
// history, and the server's answer as the machine's next input. The browser keypad and the
// USSD gateway both map with these, so the two cannot drift.
import type { KeypadInput, KeypadTransaction, TransactionType } from './machine.js';

/** A transaction as the server lists it (the contract's `UssdTransaction`). */
export interface RecordedTransaction {
  id: string;
  type: string;
  coin: string;
  amount: string;
  destination: string;
  /** ISO 8601. */
  timestamp: string;
  status: 'success' | 'failure';
  reference: string;
  /** Why it failed, for a failure. */
  message: string | null;
}

/** The request that records the machine's confirmed transaction (the contract's body). */
export function toTransactionRequest(t: KeypadTransaction) {
  return {
    type: t.type,
    coin: t.coin,
    amount: t.amount,
    to: t.destination,
    idempotencyKey: t.id,
    // The spec's client sends these too; the server decides status and time itself.
    success: true,
    timestamp: t.timestamp,
  };
}

/** The server's record as the machine's history holds it. */
export function toKeypadTransaction(t: RecordedTransaction): KeypadTransaction {
  return {
    id: t.id,
    // The server records only the machine's own types.
    type: t.type as TransactionType,
    coin: t.coin === 'BTC' ? 'BTC' : 'USDC',
    amount: t.amount,
    destination: t.destination,
    timestamp: Date.parse(t.timestamp),
    status: t.status,
    reference: t.reference,
  };
}

/** The server's answer to the transaction `id` as the machine's next input. */
export function settledInput(
  id: string,
  recorded: Pick<RecordedTransaction, 'status' | 'reference' | 'message'>,
): KeypadInput {
  return recorded.status === 'success'
    ? { type: 'transaction-completed', id, reference: recorded.reference }
    : { type: 'transaction-failed', id, message: recorded.message ?? 'Transaction failed' };
}
