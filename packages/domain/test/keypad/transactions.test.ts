import { describe, expect, it } from 'vitest';
import {
  type KeypadTransaction,
  lockedMessage,
  PIN_LOCK_MS,
  settledInput,
  toKeypadTransaction,
  toTransactionRequest,
  wrongPinMessage,
} from '../../src/keypad/index.js';

const confirmed: KeypadTransaction = {
  id: 'abc12345',
  type: 'Send-to-Phone',
  coin: 'BTC',
  amount: '0.001',
  destination: '+27831234567',
  timestamp: Date.UTC(2026, 0, 2),
  status: 'success',
  reference: null,
};

describe('keypad transactions between the machine and the server', () => {
  it('sends a confirmed transaction with its id as the idempotency key', () => {
    expect(toTransactionRequest(confirmed)).toEqual({
      type: 'Send-to-Phone',
      coin: 'BTC',
      amount: '0.001',
      to: '+27831234567',
      idempotencyKey: 'abc12345',
      success: true,
      timestamp: confirmed.timestamp,
    });
  });

  it("reads the server's record back as the machine's history entry", () => {
    expect(
      toKeypadTransaction({
        id: 'abc12345',
        type: 'Send-to-Phone',
        coin: 'BTC',
        amount: '0.001',
        destination: '+27831234567',
        timestamp: new Date(confirmed.timestamp).toISOString(),
        status: 'failure',
        reference: 'OPABCDEF',
        message: 'Insufficient balance',
      }),
    ).toEqual({ ...confirmed, status: 'failure', reference: 'OPABCDEF' });
  });

  it("turns the server's answer into the machine's next input", () => {
    expect(
      settledInput('abc12345', { status: 'success', reference: 'OPABCDEF', message: null }),
    ).toEqual({ type: 'transaction-completed', id: 'abc12345', reference: 'OPABCDEF' });
    expect(
      settledInput('abc12345', {
        status: 'failure',
        reference: 'OPABCDEF',
        message: 'Insufficient balance',
      }),
    ).toEqual({ type: 'transaction-failed', id: 'abc12345', message: 'Insufficient balance' });
  });
});

describe('wallet sign-in limits', () => {
  it('counts down the PIN tries and says how long a lock has left, in whole minutes', () => {
    expect(wrongPinMessage(1)).toBe('Wrong PIN. 2 tries left.');
    expect(wrongPinMessage(2)).toBe('Wrong PIN. 1 try left.');
    expect(lockedMessage(PIN_LOCK_MS, 0)).toBe(
      'This wallet is locked after 3 wrong PINs. Try again in 15 minutes.',
    );
    expect(lockedMessage(61_000, 1_000)).toBe(
      'This wallet is locked after 3 wrong PINs. Try again in 1 minute.',
    );
    expect(lockedMessage(10, 5)).toBe(
      'This wallet is locked after 3 wrong PINs. Try again in 1 minute.',
    );
  });
});
