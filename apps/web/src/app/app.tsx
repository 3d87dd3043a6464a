// The app's first screen while the full shell is built: it reads the session from the API,
// so a started server shows whether you are signed in.
import type { User } from '@omega/contracts';
import { useEffect, useState } from 'react';

type SessionState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; user: User }
  | { kind: 'error'; message: string };

export function App() {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/user', { credentials: 'include', signal: controller.signal })
      .then(async (res) => {
        if (res.status === 401) return setState({ kind: 'signed-out' });
        if (!res.ok)
          return setState({ kind: 'error', message: `${res.status}: ${res.statusText}` });
        setState({ kind: 'signed-in', user: (await res.json()) as User });
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'error', message: String(err) });
      });
    return () => controller.abort();
  }, []);

  return (
    <main
      style={{
        fontFamily: 'Georgia, serif',
        maxWidth: 640,
        margin: '4rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>Omega</h1>
      {state.kind === 'loading' && <p aria-busy="true">Checking your session…</p>}
      {state.kind === 'signed-out' && <p>You are signed out.</p>}
      {state.kind === 'signed-in' && (
        <p>
          Signed in as <strong>{state.user.username}</strong> ({state.user.role}).
        </p>
      )}
      {state.kind === 'error' && <p role="alert">Could not reach the server: {state.message}</p>}
      <p>
        API reference: <a href="/api/docs">/api/docs</a>
      </p>
    </main>
  );
}
