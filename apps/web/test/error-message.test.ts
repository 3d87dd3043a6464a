// The one sentence a screen shows for a failed call: never the browser's or a proxy's text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/lib/api.js';
import type { ApiError } from '../src/lib/api-client.js';
import { errorMessage, NO_ANSWER, UNREACHABLE } from '../src/lib/error-message.js';

const failing = (fetchImpl: () => Promise<Response>) => {
  vi.stubGlobal('fetch', vi.fn(fetchImpl));
  return api.call('plans').then(
    () => 'no error',
    (err: unknown) => errorMessage(err),
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('errorMessage', () => {
  it('says the server cannot be reached when the network fails', async () => {
    expect(await failing(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(UNREACHABLE);
  });

  it('says the server could not answer for a 5xx or a page that is not ours', async () => {
    const html = '<!doctype html><h1>503 Service Unavailable</h1>';
    expect(
      await failing(async () => new Response(html, { status: 503, statusText: 'Unavailable' })),
    ).toBe(NO_ANSWER);
    expect(await failing(async () => new Response(html, { status: 404 }))).toBe(NO_ANSWER);
    expect(await failing(async () => new Response(html, { status: 200 }))).toBe(NO_ANSWER);
  });

  it("gives a 4xx's own message", async () => {
    const body = JSON.stringify({ message: 'Plan not found' });
    expect(await failing(async () => new Response(body, { status: 404 }))).toBe('Plan not found');
  });

  it("makes a read's error as spec section 8 says: status and body text below 500, status and status text above", async () => {
    const body = JSON.stringify({ message: 'Plan not found' });
    const thrown = (res: Response) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => res),
      );
      return api.call('plans').then(
        () => undefined,
        (err: unknown) => err as ApiError,
      );
    };
    const refused = await thrown(new Response(body, { status: 404 }));
    expect(refused?.message).toBe(`404: ${body}`);
    expect(refused?.serverMessage).toBe('Plan not found');
    const broken = await thrown(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    expect(broken?.message).toBe('502: Bad Gateway');
  });
});
