// Runs the keypad machine in the browser: keys go in, and the effects it asks for (OTP,
// sign-in, timers, transactions) are carried out against the API. Confirmed transactions go
// through the outbox, so an outage never loses one and a retry never doubles it.
import type { TransactionBody, UssdTransaction } from '@omega/contracts';
import {
  initialState,
  type KeypadEffect,
  type KeypadInput,
  type KeypadKey,
  type KeypadState,
  type KeypadTransaction,
  transition,
} from '@omega/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type KeypadApi, KeypadApiError } from './api.js';
import { localOutbox, type Outbox } from './outbox.js';

export const SYNC_FAILED = 'Sync failed. Transaction saved locally, backend unavailable';
export const RETRY_EVERY_MS = 5000;

export interface KeypadOptions {
  /** Multiplies every delay (0 in tests that should not wait). */
  speed?: number;
  outbox?: Outbox;
}

const newId = () =>
  globalThis.crypto?.randomUUID?.().replaceAll('-', '') ??
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toKeypadTransaction(t: UssdTransaction): KeypadTransaction {
  return {
    id: t.id,
    type: t.type as KeypadTransaction['type'],
    coin: t.coin === 'BTC' ? 'BTC' : 'USDC',
    amount: t.amount,
    destination: t.destination,
    timestamp: Date.parse(t.timestamp),
    status: t.status,
    reference: t.reference,
  };
}

function toBody(t: KeypadTransaction): TransactionBody {
  return {
    type: t.type,
    coin: t.coin,
    amount: t.amount,
    to: t.destination,
    idempotencyKey: t.id,
    success: true,
    timestamp: t.timestamp,
  };
}

export function useKeypad(api: KeypadApi, options: KeypadOptions = {}) {
  const speed = options.speed ?? 1;
  const outbox = useRef(options.outbox ?? localOutbox()).current;
  const [state, setState] = useState<KeypadState>(() => initialState());
  const [notice, setNotice] = useState<string | null>(null);
  const ref = useRef(state);
  const live = useRef(true);
  // The effect runner changes with its closures; dispatch reads the current one.
  const runEffect = useRef<(effect: KeypadEffect) => Promise<void>>(async () => {});

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const dispatch = useCallback((input: KeypadInput) => {
    if (!live.current) return;
    const step = transition(ref.current, input, { now: Date.now(), newId });
    ref.current = step.state;
    setState(step.state);
    for (const effect of step.effects) void runEffect.current(effect);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const [balance, history] = await Promise.all([api.balance(), api.transactions()]);
      dispatch({ type: 'balances-loaded', balances: balance.balances });
      dispatch({ type: 'history-loaded', transactions: history.map(toKeypadTransaction) });
    } catch {
      // Shown on the next try; the keypad keeps working with what it has.
    }
  }, [api, dispatch]);

  /** Sends the signed-in wallet's queued transactions; answers whether they all went. */
  const flush = useCallback(async () => {
    for (const body of outbox.all(ref.current.phoneNumber)) {
      try {
        await api.submit(body);
        outbox.remove(body.idempotencyKey);
      } catch (err) {
        // The server refused the transaction itself (for example 422): resending would not
        // help. A 401 (the sign-in expired) is not about the transaction: keep it for the
        // next sign-in, like an outage.
        const refused =
          err instanceof KeypadApiError &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 401;
        if (!refused) return false;
        outbox.remove(body.idempotencyKey);
      }
    }
    setNotice(null);
    await refresh();
    return true;
  }, [api, outbox, refresh]);

  async function run(effect: KeypadEffect) {
    switch (effect.type) {
      case 'schedule':
        await wait(effect.afterMs * speed);
        dispatch(effect.input);
        return;
      case 'request-otp': {
        const [res] = await Promise.allSettled([
          api.requestOtp(effect.phone),
          wait(effect.minDelayMs * speed),
        ]);
        if (res.status === 'fulfilled') dispatch({ type: 'otp-issued', code: res.value.demoOtp });
        else dispatch({ type: 'otp-failed', message: (res.reason as Error).message });
        return;
      }
      case 'login':
        try {
          const res = await api.login(effect.phone, effect.otp, effect.pin);
          dispatch({ type: 'login-succeeded', balances: res.balances, locked: res.locked });
          void flush();
        } catch (err) {
          dispatch({ type: 'login-failed', message: (err as Error).message });
        }
        return;
      case 'load-balances':
      case 'load-history':
        await refresh();
        return;
      case 'submit-transaction': {
        const t = effect.transaction;
        outbox.add(ref.current.phoneNumber, toBody(t));
        const delay = effect.minDelayMs + Math.random() * (effect.maxDelayMs - effect.minDelayMs);
        const [res] = await Promise.allSettled([api.submit(toBody(t)), wait(delay * speed)]);
        if (res.status === 'fulfilled') {
          outbox.remove(t.id);
          const tx = res.value.transaction;
          if (tx.status === 'success') {
            dispatch({ type: 'transaction-completed', id: t.id, reference: tx.reference });
          } else {
            dispatch({
              type: 'transaction-failed',
              id: t.id,
              message: tx.message ?? 'Transaction failed',
            });
          }
          return;
        }
        const err = res.reason;
        if (err instanceof KeypadApiError && err.status < 500) {
          outbox.remove(t.id);
          dispatch({ type: 'transaction-failed', id: t.id, message: err.message });
          return;
        }
        // Offline: the transaction is kept and sent when the server is back.
        setNotice(SYNC_FAILED);
        dispatch({ type: 'transaction-completed', id: t.id, reference: null });
        return;
      }
    }
  }

  runEffect.current = run;

  // Retry queued transactions until the server takes them.
  useEffect(() => {
    const timer = setInterval(() => {
      const signedIn = !['phone', 'otp', 'pin'].includes(ref.current.screen);
      if (signedIn && outbox.all(ref.current.phoneNumber).length > 0) void flush();
    }, RETRY_EVERY_MS * Math.max(speed, 0.01));
    return () => clearInterval(timer);
  }, [flush, outbox, speed]);

  const press = useCallback((key: KeypadKey) => dispatch({ type: 'key', key }), [dispatch]);
  return { state, press, notice };
}
