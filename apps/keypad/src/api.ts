// The keypad's calls to the OmegaPay API. The wallet token lives only in memory: a reload
// signs the wallet out, as a phone session would end.
import type { Balances, TransactionBody, UssdTransaction } from '@omega/contracts';
import type { LockedFlow } from '@omega/domain';

export class KeypadApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface KeypadApi {
  requestOtp(phone: string): Promise<{ demoOtp: string | null }>;
  login(
    phone: string,
    otp: string,
    pin: string,
  ): Promise<{ balances: Balances; locked?: LockedFlow[] }>;
  balance(): Promise<{ balances: Balances; rates: Balances }>;
  submit(body: TransactionBody): Promise<{ transaction: UssdTransaction; balances: Balances }>;
  transactions(): Promise<UssdTransaction[]>;
}

export function createKeypadApi(apiBase = ''): KeypadApi {
  let token: string | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) {
      const message =
        parsed && typeof parsed === 'object' && 'message' in parsed
          ? String((parsed as { message: unknown }).message)
          : `${res.status}: ${res.statusText}`;
      throw new KeypadApiError(message, res.status);
    }
    return parsed as T;
  }

  return {
    requestOtp: (phone) => call('POST', '/api/ussd/otp', { phone }),
    async login(phone, otp, pin) {
      const res = await call<{ token: string; balances: Balances; locked: LockedFlow[] }>(
        'POST',
        '/api/ussd/login',
        { phone, otp, pin },
      );
      token = res.token;
      return res;
    },
    balance: () => call('GET', '/api/ussd/balance'),
    submit: (body) => call('POST', '/api/ussd/transaction', body),
    transactions: async () =>
      (await call<{ transactions: UssdTransaction[] }>('GET', '/api/ussd/transactions'))
        .transactions,
  };
}
