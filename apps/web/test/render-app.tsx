// Renders the real route tree at a path, with `fetch` answered by a fake server.
import { type ToastItem, useToasts } from '@omega/ui';
import { render } from '@testing-library/react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { RootLayout } from '../src/app/root-layout.js';
import { AppRoutes } from '../src/app/router.js';

export type FakeRoute = (init: RequestInit | undefined) => { status: number; body: unknown };

export function fakeServer(routes: Record<string, FakeRoute>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const handler = routes[`${method} ${url}`];
      const { status, body } = handler
        ? handler(init)
        : { status: 404, body: { message: `No such call: ${method} ${url}` } };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const signedOut: FakeRoute = () => ({
  status: 401,
  body: { message: 'Authentication required' },
});

export const signedInAs =
  (role: 'user' | 'admin' | 'supergod', username = `${role}-1`): FakeRoute =>
  () => ({
    status: 200,
    body: {
      id: 1,
      username,
      email: null,
      role,
      createdAt: '2026-11-01T12:00:00.000Z',
      lastLogin: '2026-11-01T12:00:00.000Z',
    },
  });

/** Where the app currently is, for assertions about navigation. */
export interface CurrentLocation {
  pathname: string;
}

function LocationProbe({ into }: { into: CurrentLocation }) {
  const location: Location = useLocation();
  into.pathname = location.pathname;
  return null;
}

/** The toasts the store holds, rendered or not (the toaster itself loads with the first one). */
function ToastProbe({ into }: { into: { items: ToastItem[] } }) {
  into.items = useToasts();
  return null;
}

export function renderAt(path: string) {
  const current: CurrentLocation = { pathname: path };
  const toasts: { items: ToastItem[] } = { items: [] };
  // A fresh SWR cache per render: the session of one test must not leak into the next.
  const view = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <RootLayout>
          <AppRoutes />
        </RootLayout>
        <LocationProbe into={current} />
        <ToastProbe into={toasts} />
      </MemoryRouter>
    </SWRConfig>,
  );
  return { location: current, toasts: () => toasts.items, ...view };
}
