// The keypad's client against a fake fetch: whatever the network or a proxy does, a failed
// call is a KeypadApiError with a sentence of ours, never the browser's or a proxy's text.
import { routeManifest } from '@omega/contracts/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeypadApi, KeypadApiError, NO_ANSWER, TOO_SLOW, UNREACHABLE } from '../src/api.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: string, type = 'application/json') =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } }));

async function failure(call: Promise<unknown>): Promise<KeypadApiError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KeypadApiError);
  return err as KeypadApiError;
}

describe('createKeypadApi', () => {
  it('calls the wallet routes as the route table declares them', async () => {
    const sent: Array<{ method: string; url: string; json: boolean }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        sent.push({
          method: init.method ?? 'GET',
          url,
          json: headers['content-type'] === 'application/json',
        });
        return new Response('{}', { status: 503 });
      }),
    );
    const api = createKeypadApi('https://omega.example');
    const body = {
      type: 'Purchase',
      coin: 'USDC',
      amount: '10',
      idempotencyKey: 'tx-00000001',
      success: true,
      timestamp: 0,
    } as const;
    await Promise.allSettled([
      api.requestOtp('0821234567'),
      api.login('0821234567', '1234', '2468'),
      api.balance(),
      api.submit(body),
      api.transactions(),
    ]);
    // The full manifest is the route table's (the contracts' test holds them equal); a call
    // with a body sends it as JSON.
    const routes = [
      'ussdOtp',
      'ussdLogin',
      'ussdBalance',
      'ussdTransaction',
      'ussdTransactions',
    ] as const;
    expect(sent).toEqual(
      routes.map((name) => ({
        method: routeManifest[name].method,
        url: `https://omega.example${routeManifest[name].url}`,
        json: routeManifest[name].method === 'POST',
      })),
    );
  });

  it('says the server cannot be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await failure(createKeypadApi().requestOtp('0821234567'));
    expect(err.message).toBe(UNREACHABLE);
    expect(err.status).toBe(0);
  });

  it('says the service is not available when a proxy answers 503 with a page, not our JSON', async () => {
    vi.stubGlobal(
      'fetch',
      answer(503, '<html><body>Service Unavailable</body></html>', 'text/html'),
    );
    const err = await failure(createKeypadApi().login('0821234567', '1234', '2468'));
    expect(err.message).toBe(NO_ANSWER);
    expect(err.status).toBe(503);
  });

  it('treats a success answer that is not ours (an HTML page) as no answer', async () => {
    vi.stubGlobal('fetch', answer(200, '<!doctype html><title>App</title>', 'text/html'));
    const api = createKeypadApi();
    for (const call of [
      api.requestOtp('0821234567'),
      api.login('0821234567', '1234', '2468'),
      api.balance(),
      api.transactions(),
    ]) {
      const err = await failure(call);
      expect(err.message).toBe(NO_ANSWER);
      expect(err.status).toBe(0);
    }
  });

  it('gives up on a call the server does not answer in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            );
          }),
      ),
    );
    const err = await failure(createKeypadApi('', { timeoutMs: 20 }).balance());
    expect(err.message).toBe(TOO_SLOW);
    expect(err.status).toBe(0);
  });

  it("passes on the server's own message and its wrong-PIN count", async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, JSON.stringify({ message: 'Wrong PIN. 1 try left.', failedPins: 2, maxPins: 3 })),
    );
    const err = await failure(createKeypadApi().login('0821234567', '1234', '1111'));
    expect(err.message).toBe('Wrong PIN. 1 try left.');
    expect(err.status).toBe(401);
    expect(err.failedPins).toBe(2);
    expect(err.maxPins).toBe(3);
  });

  it("reads a refused sign-in's `error` first, as the spec's keypad does (section 7)", async () => {
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ error: 'Invalid OTP. Try again.' })));
    const err = await failure(createKeypadApi().login('0821234567', '1234', '1111'));
    expect(err.message).toBe('Invalid OTP. Try again.');
    expect(err.status).toBe(401);
  });
});
