// The keypad's calls to the OmegaPay API. The wallet token lives only in memory: a reload
// signs the wallet out, as a phone session would end. Every failed call is a KeypadApiError
// whose message the screen can show: the server's own sentence, or one of ours when no
// answer of the server's could be read (offline, too slow, a proxy's page) — never the
// browser's 'Failed to fetch' or a proxy's status text.
import type { TransactionBody } from '@omega/contracts';
import type { RouteAnswer, RouteBody } from '@omega/contracts/client';

export const UNREACHABLE = 'OmegaPay cannot be reached. Check your connection and try again.';
export const TOO_SLOW = 'OmegaPay did not answer in time. Try again.';
export const NO_ANSWER = 'OmegaPay is not available right now. Try again later.';

/** How long a call may take before the keypad stops waiting (a hung call would hold it). */
export const CALL_TIMEOUT_MS = 20_000;

export class KeypadApiError extends Error {
  // Declared, and set by the constructor: no class field declarations in the bundles.
  /** The HTTP status; 0 when no answer of the server's was read. */
  declare readonly status: number;
  /** The wallet's wrong PINs, when the server checked the PIN (shown as n/3). */
  declare readonly failedPins: number | undefined;
  declare readonly maxPins: number | undefined;

  constructor(
    message: string,
    status: number,
    pins: { failedPins?: number; maxPins?: number } = {},
  ) {
    super(message);
    Object.assign(this, { name: 'KeypadApiError', status, ...pins });
  }
}

/**
 * The five wallet routes the keypad calls, by the last part of their path: each is
 * /api/ussd/<path>, a POST with a JSON body or a GET without one, with no params or query, so the
 * keypad sends them itself rather than with the typed client of '@omega/contracts/client' (its
 * params, queries and form bodies were a fifth of the library's gzip budget, and a table of the
 * five routes' methods and paths another 1%). A test holds the requests sent to the route table's
 * entries; the bodies' and answers' types are the route table's.
 */
interface WalletRoutes {
  otp: 'ussdOtp';
  login: 'ussdLogin';
  balance: 'ussdBalance';
  transaction: 'ussdTransaction';
  transactions: 'ussdTransactions';
}

// The answers' types come from the route table's schemas (through the typed client), so a
// changed schema breaks the keypad at compile time. The keypad reads only the parts named here.
type LoginAnswer = RouteAnswer<'ussdLogin'>;
type BalanceAnswer = RouteAnswer<'ussdBalance'>;
type TransactionAnswer = RouteAnswer<'ussdTransaction'>;
type Transaction = RouteAnswer<'ussdTransactions'>['transactions'][number];

export interface KeypadApi {
  requestOtp(phone: string): Promise<Pick<RouteAnswer<'ussdOtp'>, 'demoOtp'>>;
  /** `locked` is left out by servers from before plans gated the keypad's flows. */
  login(
    phone: string,
    otp: string,
    pin: string,
  ): Promise<Pick<LoginAnswer, 'balances'> & Partial<Pick<LoginAnswer, 'locked'>>>;
  balance(): Promise<Pick<BalanceAnswer, 'balances' | 'rates'>>;
  submit(body: TransactionBody): Promise<TransactionAnswer>;
  transactions(): Promise<Transaction[]>;
}

export interface KeypadApiOptions {
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string';
/** A count the server sent, or undefined for anything else. */
const count = (v: unknown) =>
  Number.isInteger(v) && (v as number) >= 0 ? (v as number) : undefined;

/** The body as JSON, or null (an empty body or a page is not JSON). */
function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isTransaction = (t: unknown): t is Transaction =>
  isObject(t) && ['id', 'type', 'coin', 'amount', 'timestamp'].every((k) => isString(t[k]));

export function createKeypadApi(apiBase = '', options: KeypadApiOptions = {}): KeypadApi {
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  let token: string | null = null;

  /**
   * Calls a wallet route with the wallet's token and the time limit, and answers the body of a
   * success when `check` finds in it what the keypad reads. A failure is a KeypadApiError with our
   * sentence or the server's.
   */
  async function call<P extends keyof WalletRoutes>(
    path: P,
    check: (body: Json) => boolean,
    // A route that takes a body must be given one: it decides POST or GET.
    ...[body]: RouteBody<WalletRoutes[P]> extends undefined ? [] : [RouteBody<WalletRoutes[P]>]
  ): Promise<Json> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${apiBase}/api/ussd/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: abort.signal,
      });
      text = await res.text();
    } catch {
      throw new KeypadApiError(abort.signal.aborted ? TOO_SLOW : UNREACHABLE, 0);
    } finally {
      clearTimeout(timer);
    }
    const parsed = parse(text);
    // A success whose body lacks what the keypad reads is not ours (a page served in its place).
    if (res.ok && isObject(parsed) && check(parsed)) return parsed;
    if (res.ok) throw new KeypadApiError(NO_ANSWER, 0);
    // Our server answers every failure with a sentence in `message`, and a refused sign-in in
    // `error` too, the field the spec's keypad reads (section 7), read here first; anything else
    // came from something in between (a proxy's error page) and says nothing a person should read.
    if (isObject(parsed)) {
      // The first that is text with something in it.
      const said = [parsed.error, parsed.message].find((m) => isString(m) && m.trim()) as
        | string
        | undefined;
      if (said) {
        throw new KeypadApiError(said, res.status, {
          failedPins: count(parsed.failedPins),
          maxPins: count(parsed.maxPins),
        });
      }
    }
    throw new KeypadApiError(NO_ANSWER, res.status);
  }

  return {
    async requestOtp(phone) {
      const res = await call('otp', () => true, { phone });
      return { demoOtp: isString(res.demoOtp) ? res.demoOtp : null };
    },
    async login(phone, otp, pin) {
      const res = (await call('login', (b) => isString(b.token) && isObject(b.balances), {
        phone,
        otp,
        pin,
      })) as Pick<LoginAnswer, 'token' | 'balances'> & Partial<Pick<LoginAnswer, 'locked'>>;
      token = res.token;
      return res;
    },
    balance: () =>
      call('balance', (b) => isObject(b.balances) && isObject(b.rates)) as Promise<BalanceAnswer>,
    submit: (body) =>
      call('transaction', (b) => isObject(b.transaction), body) as Promise<TransactionAnswer>,
    async transactions() {
      const res = await call('transactions', (b) => Array.isArray(b.transactions));
      return (res.transactions as unknown[]).filter(isTransaction);
    },
  };
}
