// The keypad's calls to the OmegaPay API. The wallet token lives only in memory: a reload
// signs the wallet out, as a phone session would end. Every failed call is a KeypadApiError
// whose message the screen can show: the server's own sentence, or one of ours when no
// answer of the server's could be read (offline, too slow, a proxy's page) — never the
// browser's 'Failed to fetch' or a proxy's status text.
import type { TransactionBody } from '@omega/contracts';
import type { Manifest, RouteAnswer, RouteBody } from '@omega/contracts/client';

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
    { failedPins, maxPins }: { failedPins?: number; maxPins?: number } = {},
  ) {
    super(message);
    Object.assign(this, { name: 'KeypadApiError', status, failedPins, maxPins });
  }
}

/**
 * The five wallet routes the keypad calls, as the route table declares them (the type refuses
 * another method or path, and a test keeps them equal to the table's entries): the keypad's
 * bundles carry these, not the whole table. Each takes a JSON body or none, and no params or
 * query, so the keypad sends them itself rather than with the typed client of
 * '@omega/contracts/client' (its params, queries and form bodies were a fifth of the library's
 * gzip budget); their bodies' and answers' types are still the route table's.
 */
export const walletRoutes = {
  ussdOtp: { method: 'POST', url: '/api/ussd/otp' },
  ussdLogin: { method: 'POST', url: '/api/ussd/login' },
  ussdBalance: { method: 'GET', url: '/api/ussd/balance' },
  ussdTransaction: { method: 'POST', url: '/api/ussd/transaction' },
  ussdTransactions: { method: 'GET', url: '/api/ussd/transactions' },
} as const satisfies Partial<Manifest>;

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
type WalletRoute = keyof typeof walletRoutes;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The answer's body when it has what the keypad reads (`check`); otherwise it is not ours. */
function ours<T>(body: unknown, check: (body: Json) => boolean = () => true): T {
  if (!isObject(body) || !check(body)) throw new KeypadApiError(NO_ANSWER, 0);
  return body as T;
}

const isTransaction = (t: unknown): t is Transaction =>
  isObject(t) && ['id', 'type', 'coin', 'amount', 'timestamp'].every((k) => isString(t[k]));

export function createKeypadApi(apiBase = '', options: KeypadApiOptions = {}): KeypadApi {
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  let token: string | null = null;

  /**
   * Calls a wallet route with the wallet's token and the time limit, and answers the parsed body
   * of a success (null when there is none we can read). A failure is a KeypadApiError with our
   * sentence or the server's.
   */
  async function call<N extends WalletRoute>(name: N, body?: RouteBody<N>): Promise<unknown> {
    const { method, url } = walletRoutes[name];
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(apiBase + url, {
        method,
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
    if (res.ok) return parsed;
    // Our server answers every failure with a sentence in `message`, and a refused sign-in in
    // `error` too, the field the spec's keypad reads (section 7), read here first; anything else
    // came from something in between (a proxy's error page) and says nothing a person should read.
    const said = isObject(parsed)
      ? [parsed.error, parsed.message].find((m) => isString(m) && m.trim())
      : undefined;
    if (isObject(parsed) && isString(said)) {
      throw new KeypadApiError(said, res.status, {
        failedPins: isCount(parsed.failedPins) ? parsed.failedPins : undefined,
        maxPins: isCount(parsed.maxPins) ? parsed.maxPins : undefined,
      });
    }
    throw new KeypadApiError(NO_ANSWER, res.status);
  }

  return {
    async requestOtp(phone) {
      const res = ours<Json>(await call('ussdOtp', { phone }));
      return { demoOtp: isString(res.demoOtp) ? res.demoOtp : null };
    },
    async login(phone, otp, pin) {
      const res = ours<
        Pick<LoginAnswer, 'token' | 'balances'> & Partial<Pick<LoginAnswer, 'locked'>>
      >(
        await call('ussdLogin', { phone, otp, pin }),
        (b) => isString(b.token) && isObject(b.balances),
      );
      token = res.token;
      return res;
    },
    balance: async () =>
      ours<BalanceAnswer>(
        await call('ussdBalance'),
        (b) => isObject(b.balances) && isObject(b.rates),
      ),
    submit: async (body) =>
      ours<TransactionAnswer>(await call('ussdTransaction', body), (b) => isObject(b.transaction)),
    transactions: async () =>
      ours<{ transactions: unknown[] }>(await call('ussdTransactions'), (b) =>
        Array.isArray(b.transactions),
      ).transactions.filter(isTransaction),
  };
}
