// A fake server for the admin pages' tests: routes match on method and path (the query is
// handed to the handler), answers may carry headers, and request bodies are kept as sent
// (form-encoded or JSON), so a test can assert exactly what went over the wire.
import type { CurrentSubscription } from '@omega/contracts';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type AdminRoute = (req: FakeRequest) => FakeAnswer;

export const user =
  (role: 'user' | 'admin' | 'supergod', id = 1): AdminRoute =>
  () => ({
    body: {
      id,
      username: `${role}-${id}`,
      email: null,
      role,
      createdAt: '2026-11-01T12:00:00.000Z',
      lastLogin: '2026-11-01T12:00:00.000Z',
    },
  });

/** What every signed-in page asks first: who is signed in, and the bell's unread count (none). */
export const signedInShell = (
  role: 'user' | 'admin' | 'supergod',
  id = 1,
): Record<string, AdminRoute> => ({
  'GET /api/user': user(role, id),
  'GET /api/messages/unread-count': () => ({ body: { unread: 0 } }),
});

export function fakeAdminServer(routes: Record<string, AdminRoute>) {
  const calls: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://omega.test');
      const method = init?.method ?? 'GET';
      const req: FakeRequest = {
        method,
        url,
        headers: new Headers(init?.headers),
        body: init?.body === undefined || init.body === null ? undefined : String(init.body),
      };
      calls.push(req);
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler
        ? handler(req)
        : { status: 404, body: { message: `No such call: ${method} ${url.pathname}` } };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return new Response(text, {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return {
    calls,
    /** The requests made to `METHOD /path`, in order. */
    to: (route: string) => calls.filter((c) => `${c.method} ${c.url.pathname}` === route),
  };
}

/** A user's current subscription as GET /api/subscription/current answers it: Starter, monthly. */
export const currentSubscription = (
  extra: Partial<CurrentSubscription> = {},
): CurrentSubscription => ({
  planId: 'starter',
  planName: 'Starter',
  interval: 'month',
  status: 'active',
  currentPeriodStart: '2026-11-01T12:00:00.000Z',
  currentPeriodEnd: '2026-12-01T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  trialEnd: null,
  scheduledChange: null,
  creditBalance: 0,
  complimentary: false,
  nextCharge: { at: '2026-12-01T12:00:00.000Z', amount: 900 },
  ...extra,
});
