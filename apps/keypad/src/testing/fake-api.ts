// Pieces of a scripted keypad API shared by the stories and the component tests: what the
// server answers when it records a transaction, and what a browser's fetch throws when the
// server cannot be reached. Nothing in the widget imports this.
import type { TransactionBody, UssdTransaction } from '@omega/contracts';

/** The record the server keeps of a submitted transaction, with the outcome it decided. */
export function recordedTransaction(
  body: TransactionBody,
  outcome: Pick<UssdTransaction, 'status' | 'reference'> & { message?: string | null },
): UssdTransaction {
  return {
    id: body.idempotencyKey,
    type: body.type,
    coin: body.coin,
    amount: body.amount,
    destination: body.to ?? '',
    timestamp: new Date().toISOString(),
    received: null,
    message: null,
    ...outcome,
  };
}

/** What a browser's fetch throws when the server cannot be reached. */
export const unreachable = async (): Promise<never> => {
  throw new TypeError('Failed to fetch');
};
