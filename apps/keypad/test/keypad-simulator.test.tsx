// The keypad widget against a fake API: signing in, a purchase, and an outage during which a
// confirmed transaction is kept and later sent exactly once.
import type { TransactionBody, UssdTransaction } from '@omega/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type KeypadApi, KeypadApiError, UNREACHABLE } from '../src/api.js';
import { KeypadSimulator } from '../src/keypad-simulator.js';
import { localOutbox } from '../src/outbox.js';
import { recordedTransaction, unreachable } from '../src/testing/fake-api.js';
import { SYNC_FAILED } from '../src/use-keypad.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function fakeApi() {
  const accepted = new Map<string, TransactionBody>();
  const state = { online: true };
  const calls = { balance: 0, transactions: 0 };
  const api: KeypadApi = {
    requestOtp: async () => ({ demoOtp: '4321' }),
    login: async () => ({ balances: { USD: '500.00', USDC: '120.00', BTC: '0.0041' } }),
    balance: async () => {
      calls.balance++;
      return { balances: { USD: '500.00', USDC: '120.00', BTC: '0.0041' }, rates: {} };
    },
    transactions: async () => {
      calls.transactions++;
      return [];
    },
    submit: async (body) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      accepted.set(body.idempotencyKey, body);
      return {
        transaction: recordedTransaction(body, { status: 'success', reference: 'OPTEST42' }),
        balances: {},
      };
    },
  };
  return { api, accepted, state, calls };
}

/** The server cannot be reached. */
const offline = unreachable;

const sentTransaction = (n: number): UssdTransaction => ({
  id: `sent-${n}`,
  type: 'Send-to-Phone',
  coin: 'USDC',
  amount: `${n}.25`,
  destination: '+27831234567',
  timestamp: new Date(Date.UTC(2026, 0, n)).toISOString(),
  status: 'success',
  reference: `OPREF${n}XYZ`,
  received: null,
  message: null,
});

const screenText = () => document.querySelector('.omega-keypad__screen')?.textContent ?? '';

/**
 * Every text the page shows from now on, however briefly: errors clear after a scaled 3 s,
 * which at test speed is sooner than an assertion polls.
 */
function recordPage() {
  const shown: string[] = [];
  const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return {
    shown,
    stop: () => observer.disconnect(),
    /** Waits until the page has shown `text`. */
    showed: (text: string) =>
      waitFor(() =>
        expect(
          shown.some((t) => t.includes(text)),
          `showed '${text}'`,
        ).toBe(true),
      ),
  };
}

async function type(keys: string) {
  for (const key of keys) {
    const name =
      key === '#'
        ? 'Hash (send)'
        : key === '*'
          ? 'Star (clear)'
          : key === '+'
            ? 'Plus (back)'
            : key;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name }));
    });
  }
}

/** Phone, the fake's demo OTP, a PIN: up to the main menu. */
async function signIn(phone: string) {
  await type(`${phone}#`);
  await waitFor(() => expect(screenText()).toContain('Demo OTP'));
  await type('4321#');
  await waitFor(() => expect(screenText()).toContain('PIN'));
  await type('1111#');
  await waitFor(() => expect(screenText()).toContain('1. Buy'));
}

describe('KeypadSimulator', () => {
  it('signs in with the demo OTP and completes a purchase', async () => {
    const { api, accepted } = fakeApi();
    render(<KeypadSimulator api={api} speed={0} />);
    expect(screen.getByText('OmegaPay', { selector: '.omega-keypad__brand' })).toBeDefined();
    await type('0821234567#');
    await waitFor(() => expect(screenText()).toContain('Demo OTP: 4321'));
    await type('4321#');
    await waitFor(() => expect(screenText()).toContain('Enter your 4-digit PIN'));
    await type('1111#');
    await waitFor(() => expect(screenText()).toContain('1. Buy'));
    await type('1110#');
    await waitFor(() => expect(screenText()).toContain('Get: 10.00 USDC'));
    await type('#');
    await waitFor(() => expect(screenText()).toContain('Transaction Complete'));
    expect(screenText()).toContain('Ref: OPTEST42');
    expect([...accepted.values()].map((b) => [b.type, b.coin, b.amount])).toEqual([
      ['Purchase', 'USDC', '10'],
    ]);
  });

  it('takes the physical keyboard: digits, Backspace to correct, Enter for # and Escape for *', async () => {
    const { api } = fakeApi();
    render(<KeypadSimulator api={api} speed={0} />);
    const keypad = screen.getByRole('region', { name: 'OmegaPay keypad' });
    const press = async (key: string) => {
      await act(async () => {
        fireEvent.keyDown(keypad, { key });
      });
    };
    for (const key of '08212345678') await press(key);
    expect(screenText()).toContain('08212345678');
    await press('Backspace');
    expect(screenText()).toContain('0821234567');
    expect(screenText()).not.toContain('08212345678');
    await press('Escape');
    expect(screenText()).not.toContain('0821234567');
    for (const key of '0821234567') await press(key);
    await press('Enter');
    await waitFor(() => expect(screenText()).toContain('Demo OTP: 4321'));
  });

  it('keeps a transaction made offline and sends it once when the server is back', async () => {
    const { api, accepted, state } = fakeApi();
    render(<KeypadSimulator api={api} speed={0.001} />);
    await signIn('0821234567');
    state.online = false;
    await type('4');
    await type('0831234567#5#');
    await waitFor(() => expect(screenText()).toContain('Confirm send'));
    await type('#');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SYNC_FAILED));
    expect(localOutbox().all('+27821234567')).toHaveLength(1);
    expect(accepted.size).toBe(0);
    state.online = true;
    await waitFor(() => expect(localOutbox().all('+27821234567')).toHaveLength(0), {
      timeout: 3000,
    });
    expect(accepted.size).toBe(1);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("never sends one wallet's queued transaction with another wallet's sign-in", async () => {
    const queued: TransactionBody = {
      type: 'Send-to-Phone',
      coin: 'USDC',
      amount: '7',
      to: '+27831234567',
      idempotencyKey: 'queued-by-a',
      success: true,
      timestamp: Date.now(),
    };
    localOutbox().add('+27821234567', queued);
    const { api, accepted } = fakeApi();
    render(<KeypadSimulator api={api} speed={0.001} />);
    await signIn('0841234567');
    // Well past a retry: the other wallet's transaction stays queued, unsent.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(accepted.size).toBe(0);
    expect(localOutbox().all('+27821234567')).toEqual([queued]);
  });

  it('keeps a queued transaction when the sign-in has expired, for the next sign-in', async () => {
    const { api, accepted } = fakeApi();
    let expired = true;
    const submit = api.submit;
    api.submit = async (body) => {
      if (expired) throw new KeypadApiError('Wallet sign-in required', 401);
      return submit(body);
    };
    localOutbox().add('+27821234567', {
      type: 'Purchase',
      coin: 'BTC',
      amount: '20',
      idempotencyKey: 'queued-before-expiry',
      success: true,
      timestamp: Date.now(),
    });
    render(<KeypadSimulator api={api} speed={0.001} />);
    await signIn('0821234567');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(localOutbox().all('+27821234567')).toHaveLength(1);
    expired = false;
    await waitFor(() => expect(localOutbox().all('+27821234567')).toHaveLength(0), {
      timeout: 3000,
    });
    expect([...accepted.keys()]).toEqual(['queued-before-expiry']);
  });

  it('asks for the balance and the history once each after signing in', async () => {
    const { api, calls } = fakeApi();
    render(<KeypadSimulator api={api} speed={0} />);
    await signIn('0821234567');
    await waitFor(() => expect(calls).toEqual({ balance: 1, transactions: 1 }));
    // Later answers would have come by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls).toEqual({ balance: 1, transactions: 1 });
  });

  it("shows the server's count of wrong PINs as n/3 on the PIN screen", async () => {
    const { api } = fakeApi();
    const login = api.login;
    const refusals = [
      new KeypadApiError('Wrong PIN. 2 tries left.', 401, { failedPins: 1, maxPins: 3 }),
      new KeypadApiError('Wrong PIN. 1 try left.', 401, { failedPins: 2, maxPins: 3 }),
    ];
    api.login = async (...args) => {
      const refusal = refusals.shift();
      if (refusal) throw refusal;
      return login(...args);
    };
    const page = recordPage();
    render(<KeypadSimulator api={api} speed={0} />);
    await type('0821234567#');
    await waitFor(() => expect(screenText()).toContain('Demo OTP'));
    await type('4321#');
    await waitFor(() => expect(screenText()).toContain('Attempts: 0/3'));
    await type('1111#');
    await page.showed('Wrong PIN. 2 tries left.');
    await waitFor(() => expect(screenText()).toContain('Attempts: 1/3'));
    await type('2222#');
    await page.showed('Wrong PIN. 1 try left.');
    await waitFor(() => expect(screenText()).toContain('Attempts: 2/3'));
    await type('3333#');
    await waitFor(() => expect(screenText()).toContain('1. Buy'));
    page.stop();
  });

  it("keeps an error on screen its full 3 s when an earlier error's timer ends meanwhile", async () => {
    // The keypad's real pauses, on a clock the test moves: a wrong PIN (its error shown until
    // 3 s later), the right PIN a moment after, and a choice the menu refuses.
    vi.useFakeTimers();
    try {
      const { api } = fakeApi();
      const login = api.login;
      let refused = false;
      api.login = async (...args) => {
        if (refused) return login(...args);
        refused = true;
        throw new KeypadApiError('Wrong PIN. 2 tries left.', 401, { failedPins: 1, maxPins: 3 });
      };
      render(<KeypadSimulator api={api} />);
      const after = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
      await type('0821234567#');
      await after(1500);
      await type('4321#');
      await after(1000);
      await type('0000#');
      await after(1000);
      expect(screenText()).toContain('Wrong PIN. 2 tries left.');
      await type('1111#');
      await after(1000);
      expect(screenText()).toContain('1. Buy');
      await type('9');
      expect(screenText()).toContain('Invalid input. Try again.');
      // 3 s after the wrong PIN: its timer ends, and the newer error is 2 s old.
      await after(2000);
      expect(screenText()).toContain('Invalid input. Try again.');
      await after(1000);
      expect(screenText()).not.toContain('Invalid input. Try again.');
      expect(screenText()).toContain('1. Buy');
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the newest answer, and only the screen's own failure, when answers arrive out of order", async () => {
    const { api } = fakeApi();
    // Each call's answer is settled by the test, in the order it chooses.
    const pending: { kind: string; settle: (ok: boolean) => void }[] = [];
    const answer = <T,>(kind: string, value: T) =>
      new Promise<T>((resolve, reject) =>
        pending.push({ kind, settle: (ok) => (ok ? resolve(value) : reject(unreachableError)) }),
      );
    const unreachableError = await offline().catch((err: unknown) => err);
    let usdc = 120;
    api.balance = () =>
      answer('balance', { balances: { USD: '500.00', USDC: `${usdc}.00`, BTC: '0' }, rates: {} });
    api.transactions = () => answer('transactions', []);
    const settle = async (kind: string, ok: boolean, which: 'oldest' | 'newest' = 'oldest') => {
      const calls = pending.filter((p) => p.kind === kind);
      const call = which === 'oldest' ? calls[0] : calls.at(-1);
      if (!call) throw new Error(`no ${kind} call is waiting`);
      pending.splice(pending.indexOf(call), 1);
      await act(async () => call.settle(ok));
    };
    const page = recordPage();
    render(<KeypadSimulator api={api} speed={0} />);
    await signIn('0821234567');
    // The sign-in's balance load is slow; the balance screen asks again and hears first.
    usdc = 130;
    await type('2');
    await settle('balance', true, 'newest');
    await waitFor(() => expect(screenText()).toContain('USDC: 130.00'));
    // The sign-in's answer, older than what the screen shows, changes nothing.
    await settle('balance', true);
    expect(screenText()).toContain('USDC: 130.00');
    // The history the sign-in asked for fails while the balance screen is open: not its news.
    await settle('transactions', false);
    expect(page.shown.some((t) => t.includes(UNREACHABLE))).toBe(false);
    // The history screen's own failure is.
    await type('05');
    await settle('transactions', false);
    await page.showed(UNREACHABLE);
    page.stop();
  });

  it("shows sentences of ours, never an exception's text, when the server cannot be reached", async () => {
    const { api } = fakeApi();
    const working = { ...api };
    const page = recordPage();
    render(<KeypadSimulator api={api} speed={0.001} />);

    api.requestOtp = offline;
    await type('0821234567#');
    await page.showed(UNREACHABLE);
    api.requestOtp = working.requestOtp;
    await type('*0821234567#');
    await waitFor(() => expect(screenText()).toContain('Demo OTP'));
    await type('4321#');
    await waitFor(() => expect(screenText()).toContain('PIN'));

    api.login = offline;
    page.shown.length = 0;
    await type('1111#');
    await page.showed(UNREACHABLE);
    expect(screenText()).toContain('Enter your 4-digit PIN');
    api.login = working.login;
    api.transactions = async () => [1, 2, 3].map(sentTransaction);
    await type('1111#');
    await waitFor(() => expect(screenText()).toContain('1. Buy'));

    api.balance = offline;
    api.transactions = offline;
    page.shown.length = 0;
    await type('2');
    await page.showed(UNREACHABLE);
    await page.showed('USDC: 120.00');
    await type('0');
    page.shown.length = 0;
    await type('5');
    // Three long history lines and the sentence: the whole screen shows, not a first page.
    await page.showed(`3. Send-to-Phone 3.25 USDC OPREF3XYZ\n+ Back\n${UNREACHABLE}`);
    await type('+');

    api.submit = async () => {
      throw new KeypadApiError('This idempotency key was already used', 422);
    };
    await type('11');
    await type('5#');
    await type('#');
    await page.showed('Transaction Failed. Try again later. If problem persists, contact support.');
    page.stop();
    for (const text of page.shown) {
      expect(text).not.toMatch(/fetch|Error:|undefined|NaN|idempotency/);
    }
  });
});
