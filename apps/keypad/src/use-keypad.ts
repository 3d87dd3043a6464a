// Runs the keypad machine in the browser: keys go in, and the effects it asks for (OTP,
// sign-in, timers, transactions) are carried out against the API. Confirmed transactions go
// through the outbox, so an outage never loses one and a retry never doubles it.
import {
  initialState,
  type KeypadEffect,
  type KeypadInput,
  type KeypadKey,
  type KeypadState,
  settledInput,
  toKeypadTransaction,
  toTransactionRequest,
  transition,
} from '@omega/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type KeypadApi, KeypadApiError, UNREACHABLE } from './api.js';
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
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the screen says about a failed call: the client's errors carry a sentence for people;
 * anything else (a custom transport's raw exception) is read as the server not being reached.
 */
function messageOf(err: unknown): string {
  return err instanceof KeypadApiError ? err.message : UNREACHABLE;
}

/** The server refused the request itself (4xx): sending it again would not help. */
const refused = (err: unknown): err is KeypadApiError =>
  err instanceof KeypadApiError && err.status >= 400 && err.status < 500;

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

  // Each load asks for one thing, the balances or the history: the machine asks for each when
  // its screen needs it. Only the newest load of each kind is heard: an older answer (the
  // sign-in's, arriving after the balance screen's) would show what is no longer so.
  const newest = useRef<Partial<Record<'balance' | 'history', object>>>({});
  const load = useCallback(
    async (history?: boolean) => {
      const kind = history ? 'history' : 'balance';
      const call = {};
      newest.current[kind] = call;
      let input: KeypadInput;
      try {
        input = history
          ? {
              type: 'history-loaded',
              transactions: (await api.transactions()).map(toKeypadTransaction),
            }
          : { ...(await api.balance()), type: 'balances-loaded' };
      } catch (err) {
        input = { type: 'load-failed', message: messageOf(err), screen: kind };
      }
      if (newest.current[kind] === call) dispatch(input);
    },
    [api, dispatch],
  );

  /** Sends the signed-in wallet's queued transactions; answers whether they all went. */
  const flush = useCallback(async () => {
    const queued = outbox.all(ref.current.phoneNumber);
    for (const body of queued) {
      try {
        await api.submit(body);
        outbox.remove(body.idempotencyKey);
      } catch (err) {
        // The server refused the transaction itself (for example 422): resending would not
        // help. A 401 (the sign-in expired) is not about the transaction: keep it for the
        // next sign-in, like an outage.
        if (!refused(err) || err.status === 401) return false;
        outbox.remove(body.idempotencyKey);
      }
    }
    setNotice(null);
    // Only what was sent changes the balance and the history; an empty outbox asks nothing.
    if (queued.length > 0) await Promise.all([load(), load(true)]);
    return true;
  }, [api, outbox, load]);

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
        else dispatch({ type: 'otp-failed', message: messageOf(res.reason) });
        return;
      }
      case 'login':
        try {
          const res = await api.login(effect.phone, effect.otp, effect.pin);
          dispatch({ type: 'login-succeeded', balances: res.balances, locked: res.locked });
          void flush();
        } catch (err) {
          // What the server counted (KeypadApiError's; nothing for other errors, whose counts
          // are undefined: the machine keeps its own then).
          const counted = err as Partial<KeypadApiError> | undefined;
          dispatch({
            type: 'login-failed',
            message: messageOf(err),
            failedPins: counted?.failedPins,
            maxPins: counted?.maxPins,
          });
        }
        return;
      case 'load-balances':
      case 'load-history':
        await load(effect.type === 'load-history');
        return;
      case 'submit-transaction': {
        const t = effect.transaction;
        const body = toTransactionRequest(t);
        outbox.add(ref.current.phoneNumber, body);
        const delay = effect.minDelayMs + Math.random() * (effect.maxDelayMs - effect.minDelayMs);
        const [res] = await Promise.allSettled([api.submit(body), wait(delay * speed)]);
        if (res.status === 'fulfilled') {
          outbox.remove(t.id);
          dispatch(settledInput(t.id, res.value.transaction));
          return;
        }
        const err = res.reason;
        if (refused(err)) {
          outbox.remove(t.id);
          dispatch({ type: 'transaction-failed', id: t.id, message: messageOf(err) });
          return;
        }
        // Offline, or no answer we could read: the transaction is kept and sent when the
        // server is back (its idempotency key makes a repeat harmless).
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
