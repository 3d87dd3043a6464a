// The OmegaPay keypad as one pure state machine: (state, input, context) -> (state, effects).
// Inputs are key presses and the answers of effects the host ran (OTP issued, login result,
// transaction stored, a timer firing). The browser widget and the USSD gateway run this same
// machine, so they cannot drift. No clock, timers, randomness or I/O in here.
import {
  COIN_DECIMALS,
  COINS,
  type Coin,
  coinsForUsd,
  formatAmount,
  parseAmount,
  USD_DECIMALS,
} from './amounts.js';
import { type LockedFlow, lockedFlowMessage } from './flows.js';
import { isWalletAddress, WALLET_ADDRESS_MAX } from './ledger.js';
import { normalizePhone, PHONE_ERROR, PHONE_MAX } from './phone.js';
import { OTP_TRIES, OTP_WRONG, PIN_TRIES } from './sign-in-limits.js';

/** The phone's keys, plus '.' and 'backspace' from a physical keyboard. */
export type KeypadKey =
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '*'
  | '#'
  | '+'
  | '.'
  | 'backspace';

export type Screen =
  | 'phone'
  | 'otp'
  | 'pin'
  | 'menu'
  | 'buy-coin'
  | 'buy-amount'
  | 'buy-confirm'
  | 'balance'
  | 'transfer-coin'
  | 'transfer-address'
  | 'transfer-amount'
  | 'transfer-confirm'
  | 'send-phone'
  | 'send-amount'
  | 'send-confirm'
  | 'history'
  | 'processing'
  | 'done'
  | 'failed';

export type TransactionType = 'Purchase' | 'Transfer' | 'Send-to-Phone';

export interface KeypadTransaction {
  /** The client's id, sent as the idempotency key. */
  id: string;
  type: TransactionType;
  coin: Coin;
  /** Decimal string: USD for a purchase, the coin otherwise. */
  amount: string;
  destination: string;
  timestamp: number;
  status: 'success' | 'failure';
  reference: string | null;
}

interface Draft {
  type: TransactionType;
  coin: Coin;
  amount?: string;
  destination?: string;
}

export interface KeypadState {
  screen: Screen;
  phoneNumber: string;
  entry: string;
  /** The OTP the server issued, when it shows it (demo mode). */
  issuedOtp: string | null;
  enteredOtp: string;
  /** Wrong OTPs so far, shown as n/OTP_TRIES. */
  attempts: number;
  /** The wallet's wrong PINs as the server counts them, shown as n/3 on the PIN screen. */
  failedPins: number;
  /** How many wrong PINs lock the wallet, as the server says. */
  maxPins: number;
  processing: boolean;
  error: string | null;
  /** Counts the errors shown, so each one's timer clears that error and no later one. */
  errorSeq: number;
  draft: Draft | null;
  /** Balances as decimal strings by asset, from the server. */
  balances: Record<string, string> | null;
  /** USD per coin, decimal strings, from the server's quote. */
  rates: Record<Coin, string>;
  /** Newest first, at most 10 (spec section 9). */
  transactions: KeypadTransaction[];
  result: { ok: boolean; reference: string | null; message: string | null } | null;
  /** Flows the wallet's plan does not include, from the server at sign-in. */
  locked: LockedFlow[];
}

export type KeypadInput =
  | { type: 'key'; key: KeypadKey }
  | { type: 'otp-issued'; code: string | null }
  | { type: 'otp-failed'; message: string }
  | { type: 'otp-check' }
  | { type: 'pin-check' }
  | { type: 'login-succeeded'; balances?: Record<string, string>; locked?: LockedFlow[] }
  /** A refusal; when the PIN was checked, the server's count of wrong ones. */
  | { type: 'login-failed'; message: string; failedPins?: number; maxPins?: number }
  | {
      type: 'balances-loaded';
      balances: Record<string, string>;
      rates?: Partial<Record<string, string>>;
    }
  | { type: 'history-loaded'; transactions: KeypadTransaction[] }
  /** A balance or history load the host could not carry out (for `screen`), saying why. */
  | { type: 'load-failed'; message: string; screen: 'balance' | 'history' }
  | { type: 'transaction-completed'; id: string; reference: string | null }
  | { type: 'transaction-failed'; id: string; message: string }
  /** Ends the 3 s of the error numbered `seq`, if it is still the one shown. */
  | { type: 'clear-error'; seq: number };

export type KeypadEffect =
  | { type: 'request-otp'; phone: string; minDelayMs: number }
  | { type: 'login'; phone: string; otp: string; pin: string }
  | {
      type: 'submit-transaction';
      transaction: KeypadTransaction;
      minDelayMs: number;
      maxDelayMs: number;
    }
  | { type: 'load-balances' }
  | { type: 'load-history' }
  | { type: 'schedule'; afterMs: number; input: KeypadInput };

export interface KeypadContext {
  now: number;
  newId(): string;
}

/** Spec section 9: delays and limits. */
export const OTP_DELAY_MS = 1500;
export const VERIFY_DELAY_MS = 1000;
export const PROCESSING_MIN_MS = 1000;
export const PROCESSING_MAX_MS = 2000;
export const ERROR_MS = 3000;
export const LOCAL_HISTORY_MAX = 10;
export const HISTORY_SHOWN = 3;

// The screens' sentences, each its own constant so a bundle carries only those it uses.
export const OTP_DIGITS = 'Please enter 4-digit OTP';
export const OTP_TOO_MANY = 'Too many wrong OTPs. Enter your number again.';
export const PIN_DIGITS = 'Please enter 4-digit PIN';
export const INVALID_INPUT = 'Invalid input. Try again.';
export const TRANSACTION_FAILED =
  'Transaction Failed. Try again later. If problem persists, contact support.';
export const TRANSACTION_COMPLETE = 'Transaction Complete';

export const MESSAGES = {
  otpDigits: OTP_DIGITS,
  otpWrong: OTP_WRONG,
  otpTooMany: OTP_TOO_MANY,
  pinDigits: PIN_DIGITS,
  invalidInput: INVALID_INPUT,
  failure: TRANSACTION_FAILED,
  complete: TRANSACTION_COMPLETE,
  phone: PHONE_ERROR,
} as const;

export const DEMO_RATES: Record<Coin, string> = { USDC: '1.00', BTC: '65000.00' };

export function initialState(rates: Record<Coin, string> = DEMO_RATES): KeypadState {
  return {
    screen: 'phone',
    phoneNumber: '',
    entry: '',
    issuedOtp: null,
    enteredOtp: '',
    attempts: 0,
    failedPins: 0,
    maxPins: PIN_TRIES,
    processing: false,
    error: null,
    errorSeq: 0,
    draft: null,
    balances: null,
    rates,
    transactions: [],
    result: null,
    locked: [],
  };
}

export interface Step {
  state: KeypadState;
  effects: KeypadEffect[];
}

const same = (state: KeypadState): Step => ({ state, effects: [] });

/** Shows `message` for 3 s; an error ends any wait, so the keys work again. */
function fail(state: KeypadState, message: string, patch: Partial<KeypadState> = {}): Step {
  const seq = state.errorSeq + 1;
  return {
    state: { ...state, ...patch, processing: false, error: message, errorSeq: seq },
    // An earlier error's timer may still be pending (a wrong PIN, then the right one and a
    // refused choice within 3 s): it names its own error, so this one keeps its full 3 s.
    effects: [{ type: 'schedule', afterMs: ERROR_MS, input: { type: 'clear-error', seq } }],
  };
}

const MAX_ENTRY: Partial<Record<Screen, number>> = {
  phone: PHONE_MAX,
  otp: 4,
  pin: 4,
  'buy-amount': 16,
  'transfer-amount': 20,
  'send-amount': 20,
  'transfer-address': WALLET_ADDRESS_MAX,
  'send-phone': PHONE_MAX,
};

/** How many characters a screen's entry takes (the keypad stops accepting keys there). */
export function entryLimit(screen: Screen): number | undefined {
  return MAX_ENTRY[screen];
}

/** Where '+' (or '0' on screens without text entry) goes from each screen. */
const BACK: Partial<Record<Screen, Screen>> = {
  otp: 'phone',
  pin: 'otp',
  'buy-coin': 'menu',
  'buy-amount': 'buy-coin',
  'buy-confirm': 'buy-amount',
  balance: 'menu',
  'transfer-coin': 'menu',
  'transfer-address': 'transfer-coin',
  'transfer-amount': 'transfer-address',
  'transfer-confirm': 'transfer-amount',
  'send-phone': 'menu',
  'send-amount': 'send-phone',
  'send-confirm': 'send-amount',
  history: 'menu',
  done: 'menu',
  failed: 'menu',
};

export function transition(state: KeypadState, input: KeypadInput, ctx: KeypadContext): Step {
  switch (input.type) {
    case 'clear-error':
      return same(input.seq === state.errorSeq ? { ...state, error: null } : state);
    case 'otp-issued':
      return same({
        ...state,
        screen: 'otp',
        processing: false,
        issuedOtp: input.code,
        enteredOtp: '',
        entry: '',
        attempts: 0,
      });
    case 'otp-failed':
      return fail(state, input.message, { screen: 'phone' });
    case 'otp-check':
      return checkOtp(state);
    case 'pin-check':
      return {
        state,
        effects: [
          { type: 'login', phone: state.phoneNumber, otp: state.enteredOtp, pin: state.entry },
        ],
      };
    case 'login-succeeded':
      return {
        state: {
          ...state,
          screen: 'menu',
          processing: false,
          entry: '',
          error: null,
          balances: input.balances ?? state.balances,
          locked: input.locked ?? [],
          // The right PIN clears the server's count.
          failedPins: 0,
        },
        effects: [{ type: 'load-balances' }, { type: 'load-history' }],
      };
    case 'login-failed':
      return fail(state, input.message, {
        entry: '',
        failedPins: input.failedPins ?? state.failedPins,
        maxPins: input.maxPins ?? state.maxPins,
      });
    case 'balances-loaded':
      return same({
        ...state,
        balances: input.balances,
        rates: { ...state.rates, ...knownRates(input.rates ?? {}) },
      });
    case 'load-failed':
      // Only the screen showing what failed to load says so: the loads after sign-in are quiet,
      // and the history's failure is not news on the balance screen.
      return input.screen === state.screen ? fail(state, input.message) : same(state);
    case 'history-loaded':
      return same({ ...state, transactions: input.transactions.slice(0, LOCAL_HISTORY_MAX) });
    case 'transaction-completed':
      return settle(state, input.id, true, input.reference, null);
    case 'transaction-failed':
      return settle(state, input.id, false, null, input.message);
    case 'key':
      return pressKey(state, input.key, ctx);
  }
}

/** The server's rates for the coins the keypad knows, each a usable positive decimal. */
function knownRates(rates: Partial<Record<string, string>>): Partial<Record<Coin, string>> {
  const out: Partial<Record<Coin, string>> = {};
  for (const coin of COINS) {
    const rate = rates[coin];
    if (rate !== undefined && parseAmount(rate, COIN_DECIMALS) !== null) out[coin] = rate;
  }
  return out;
}

function checkOtp(state: KeypadState): Step {
  // Without a shown code (a real SMS), the server checks the OTP together with the PIN.
  if (state.issuedOtp === null || state.enteredOtp === state.issuedOtp) {
    return same({ ...state, screen: 'pin', processing: false, entry: '', error: null });
  }
  const attempts = state.attempts + 1;
  if (attempts >= OTP_TRIES) {
    return fail(state, OTP_TOO_MANY, {
      screen: 'phone',
      attempts,
      entry: '',
      enteredOtp: '',
      issuedOtp: null,
    });
  }
  return fail(state, OTP_WRONG, { attempts, entry: '', enteredOtp: '' });
}

function settle(
  state: KeypadState,
  id: string,
  ok: boolean,
  reference: string | null,
  message: string | null,
): Step {
  const transactions = state.transactions.map((t) =>
    t.id === id ? { ...t, status: ok ? ('success' as const) : ('failure' as const), reference } : t,
  );
  return {
    state: {
      ...state,
      screen: ok ? 'done' : 'failed',
      processing: false,
      transactions,
      result: { ok, reference, message },
    },
    effects: ok ? [{ type: 'load-balances' }] : [],
  };
}

function pressKey(state: KeypadState, key: KeypadKey, ctx: KeypadContext): Step {
  // While waiting for the server, keys do nothing: a double '#' must not send twice.
  if (state.processing) return same(state);
  const s = { ...state, error: null };
  const entryScreen = s.screen in MAX_ENTRY;

  if (key === '*') return same({ ...s, entry: '' });
  if (key === 'backspace') return same({ ...s, entry: s.entry.slice(0, -1) });
  // '+' starts an international number.
  if (key === '+' && s.screen === 'phone') return same({ ...s, entry: s.entry || '+' });
  // '0' is a digit wherever something is typed (PINs, numbers and amounts start with 0);
  // elsewhere it goes back, like '+'.
  if (key === '+' || (key === '0' && !entryScreen && BACK[s.screen])) return back(s);
  if (key === '#') return submit(s, ctx);
  if (key === '.') {
    // The amount screens: buy-amount, transfer-amount and send-amount.
    if (!s.screen.endsWith('-amount') || s.entry.includes('.')) return same(s);
    return same({ ...s, entry: `${s.entry || '0'}.` });
  }
  if (entryScreen) {
    const max = MAX_ENTRY[s.screen] as number;
    return same(s.entry.length < max ? { ...s, entry: s.entry + key } : s);
  }
  return choose(s, key);
}

function back(s: KeypadState): Step {
  const target = BACK[s.screen];
  if (!target) return same(s);
  const patch: Partial<KeypadState> = { screen: target, entry: '' };
  if (target === 'phone') Object.assign(patch, { issuedOtp: null, enteredOtp: '', attempts: 0 });
  if (target === 'menu') Object.assign(patch, { draft: null, result: null });
  return same({ ...s, ...patch });
}

const MENU_FLOWS: Partial<Record<KeypadKey, TransactionType>> = {
  '1': 'Purchase',
  '3': 'Transfer',
  '4': 'Send-to-Phone',
};

/** Single-key choices on screens without text entry. */
function choose(s: KeypadState, key: KeypadKey): Step {
  if (s.screen === 'menu') {
    // A flow the wallet's plan lacks says so here, before anything is typed.
    const flow = MENU_FLOWS[key];
    const locked = flow && s.locked.find((l) => l.type === flow);
    if (locked) return fail(s, lockedFlowMessage(locked));
    switch (key) {
      case '1':
        return same({ ...s, screen: 'buy-coin', draft: null });
      case '2':
        return { state: { ...s, screen: 'balance' }, effects: [{ type: 'load-balances' }] };
      case '3':
        return same({ ...s, screen: 'transfer-coin', draft: null });
      case '4':
        return same({ ...s, screen: 'send-phone', draft: { type: 'Send-to-Phone', coin: 'USDC' } });
      case '5':
        return { state: { ...s, screen: 'history' }, effects: [{ type: 'load-history' }] };
      default:
        return fail(s, INVALID_INPUT);
    }
  }
  if (s.screen === 'buy-coin' || s.screen === 'transfer-coin') {
    const coin: Coin | undefined = key === '1' ? 'USDC' : key === '2' ? 'BTC' : undefined;
    if (!coin) return fail(s, INVALID_INPUT);
    return s.screen === 'buy-coin'
      ? same({ ...s, screen: 'buy-amount', draft: { type: 'Purchase', coin }, entry: '' })
      : same({ ...s, screen: 'transfer-address', draft: { type: 'Transfer', coin }, entry: '' });
  }
  if (s.screen === 'done' || s.screen === 'failed') return back(s);
  return same(s);
}

function submit(s: KeypadState, ctx: KeypadContext): Step {
  switch (s.screen) {
    case 'phone': {
      const phone = normalizePhone(s.entry);
      if (!phone) return fail(s, PHONE_ERROR);
      // The wrong-PIN count belongs to a wallet: another number's is not known yet.
      const failedPins = phone === s.phoneNumber ? s.failedPins : 0;
      return {
        state: { ...s, phoneNumber: phone, failedPins, processing: true, entry: '' },
        effects: [{ type: 'request-otp', phone, minDelayMs: OTP_DELAY_MS }],
      };
    }
    case 'otp': {
      if (!/^\d{4}$/.test(s.entry)) return fail(s, OTP_DIGITS);
      return {
        state: { ...s, enteredOtp: s.entry, processing: true },
        effects: [{ type: 'schedule', afterMs: VERIFY_DELAY_MS, input: { type: 'otp-check' } }],
      };
    }
    case 'pin': {
      if (!/^\d{4}$/.test(s.entry)) return fail(s, PIN_DIGITS);
      return {
        state: { ...s, processing: true },
        effects: [{ type: 'schedule', afterMs: VERIFY_DELAY_MS, input: { type: 'pin-check' } }],
      };
    }
    case 'buy-amount':
    case 'transfer-amount':
    case 'send-amount': {
      const decimals = s.screen === 'buy-amount' ? USD_DECIMALS : COIN_DECIMALS;
      if (!s.draft || parseAmount(s.entry, decimals) === null) return fail(s, INVALID_INPUT);
      // buy-amount -> buy-confirm, and so on.
      const next = s.screen.replace('amount', 'confirm') as Screen;
      return same({ ...s, screen: next, draft: { ...s.draft, amount: s.entry }, entry: '' });
    }
    case 'transfer-address': {
      if (!isWalletAddress(s.entry) || !s.draft) return fail(s, INVALID_INPUT);
      return same({
        ...s,
        screen: 'transfer-amount',
        draft: { ...s.draft, destination: s.entry },
        entry: '',
      });
    }
    case 'send-phone': {
      // A flow input, so the flows' text (spec section 5), not the sign-in's phone hint.
      const phone = normalizePhone(s.entry);
      if (!phone || phone === s.phoneNumber || !s.draft) return fail(s, INVALID_INPUT);
      return same({
        ...s,
        screen: 'send-amount',
        draft: { ...s.draft, destination: phone },
        entry: '',
      });
    }
    case 'buy-confirm':
    case 'transfer-confirm':
    case 'send-confirm':
      return confirm(s, ctx);
    case 'done':
    case 'failed':
      return back(s);
    default:
      return same(s);
  }
}

function confirm(s: KeypadState, ctx: KeypadContext): Step {
  const d = s.draft;
  if (!d?.amount) return fail(s, INVALID_INPUT);
  const transaction: KeypadTransaction = {
    id: ctx.newId(),
    type: d.type,
    coin: d.coin,
    amount: d.amount,
    destination: d.type === 'Purchase' ? s.phoneNumber : (d.destination ?? ''),
    timestamp: ctx.now,
    status: 'success',
    reference: null,
  };
  return {
    state: {
      ...s,
      screen: 'processing',
      processing: true,
      transactions: [transaction, ...s.transactions].slice(0, LOCAL_HISTORY_MAX),
      result: null,
    },
    effects: [
      {
        type: 'submit-transaction',
        transaction,
        minDelayMs: PROCESSING_MIN_MS,
        maxDelayMs: PROCESSING_MAX_MS,
      },
    ],
  };
}

/**
 * What a purchase of `usd` (decimal string) gets at the state's rate, for the confirm screen:
 * the coins the server's quote gives (`quoteOf` in the ledger: `coinsForUsd`, rounded down).
 */
export function quote(state: KeypadState, coin: Coin, usd: string): string {
  const cents = parseAmount(usd, USD_DECIMALS);
  return cents === null
    ? '0'
    : formatAmount(coinsForUsd(cents, state.rates[coin]), COIN_DECIMALS, 2);
}
