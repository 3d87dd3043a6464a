// The keypad's calls to the OmegaPay API. The wallet token lives only in memory: a reload
// signs the wallet out, as a phone session would end. Every failed call is a KeypadApiError
// whose message the screen can show: the server's own sentence, or one of ours when no
// answer of the server's could be read (offline, too slow, a proxy's page) — never the
// browser's 'Failed to fetch' or a proxy's status text.
import type { TransactionBody } from '@omega/contracts';
import {
  type ClientRequest,
  type ClientResponse,
  createClient,
  type Manifest,
  type RouteAnswer,
} from '@omega/contracts/client';

export const UNREACHABLE = 'OmegaPay cannot be reached. Check your connection and try again.';
export const TOO_SLOW = 'OmegaPay did not answer in time. Try again.';
export const NO_ANSWER = 'OmegaPay is not available right now. Try again later.';

/** How long a call may take before the keypad stops waiting (a hung call would hold it). */
export const CALL_TIMEOUT_MS = 20_000;

export class KeypadApiError extends Error {
  /** The wallet's wrong PINs, when the server checked the PIN (shown as n/3). */
  readonly failedPins: number | undefined;
  readonly maxPins: number | undefined;

  constructor(
    message: string,
    /** The HTTP status; 0 when no answer of the server's was read. */
    readonly status: number,
    pins: { failedPins?: number; maxPins?: number } = {},
  ) {
    super(message);
    this.name = 'KeypadApiError';
    this.failedPins = pins.failedPins;
    this.maxPins = pins.maxPins;
  }
}

/**
 * The five wallet routes the keypad calls, as the route table declares them (the type refuses
 * another method or path, and a test keeps them equal to the table's entries): the keypad's
 * bundles carry these, not the whole table.
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

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

type Kind = 'string' | 'object' | 'array';
const KINDS: Record<Kind, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  object: isObject,
  array: Array.isArray,
};
const has = (body: unknown, fields: Array<[string, Kind]>): body is Json =>
  isObject(body) && fields.every(([name, kind]) => KINDS[kind](body[name]));

/** The answer's body when it has the fields the keypad reads; otherwise it is not ours. */
function ours<T extends Json>(body: unknown, ...fields: Array<[string, Kind]>): T {
  if (!has(body, fields)) throw new KeypadApiError(NO_ANSWER, 0);
  return body as T;
}

const TRANSACTION_FIELDS: Array<[string, Kind]> = [
  ['id', 'string'],
  ['type', 'string'],
  ['coin', 'string'],
  ['amount', 'string'],
  ['timestamp', 'string'],
];

export function createKeypadApi(apiBase = '', options: KeypadApiOptions = {}): KeypadApi {
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  let token: string | null = null;

  /** `fetch` for the typed client: the wallet's token, the time limit, and our sentences. */
  async function send(url: string, init: ClientRequest): Promise<ClientResponse> {
    const headers = { ...init.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { ...init, headers, signal: abort.signal });
      text = await res.text();
    } catch {
      throw new KeypadApiError(abort.signal.aborted ? TOO_SLOW : UNREACHABLE, 0);
    } finally {
      clearTimeout(timer);
    }
    const parsed = parse(text);
    if (res.ok) return { text: async () => (parsed === null ? '' : text), headers: res.headers };
    // Our server answers every failure with a sentence in `message`, and a refused sign-in in
    // `error` too, the field the spec's keypad reads (section 7), read here first; anything else
    // came from something in between (a proxy's error page) and says nothing a person should read.
    const said = isObject(parsed)
      ? [parsed.error, parsed.message].find((m) => typeof m === 'string' && m.trim())
      : undefined;
    if (isObject(parsed) && typeof said === 'string') {
      throw new KeypadApiError(said, res.status, {
        failedPins: isCount(parsed.failedPins) ? parsed.failedPins : undefined,
        maxPins: isCount(parsed.maxPins) ? parsed.maxPins : undefined,
      });
    }
    throw new KeypadApiError(NO_ANSWER, res.status);
  }

  const client = createClient(walletRoutes, send, apiBase);

  return {
    async requestOtp(phone) {
      const res = ours<Json>(await client.call('ussdOtp', { body: { phone } }));
      return { demoOtp: typeof res.demoOtp === 'string' ? res.demoOtp : null };
    },
    async login(phone, otp, pin) {
      const res = ours<
        Pick<LoginAnswer, 'token' | 'balances'> & Partial<Pick<LoginAnswer, 'locked'>>
      >(
        await client.call('ussdLogin', { body: { phone, otp, pin } }),
        ['token', 'string'],
        ['balances', 'object'],
      );
      token = res.token;
      return res;
    },
    balance: async () =>
      ours<BalanceAnswer>(
        await client.call('ussdBalance'),
        ['balances', 'object'],
        ['rates', 'object'],
      ),
    submit: async (body) =>
      ours<TransactionAnswer>(await client.call('ussdTransaction', { body }), [
        'transaction',
        'object',
      ]),
    transactions: async () =>
      ours<{ transactions: unknown[] }>(await client.call('ussdTransactions'), [
        'transactions',
        'array',
      ]).transactions.filter((t): t is Transaction => has(t, TRANSACTION_FIELDS)),
  };
}
