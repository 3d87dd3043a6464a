// The one fetch helper, applying spec section 8's error rules and typed by
// @omega/contracts. Reads and writes both send cookies; nothing is retried; no timeout.

/** An answer that was not a success, with the status for callers that branch on it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's own `message`, when the body carried one. */
    readonly serverMessage: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Our server answers errors as `{ message }`; other bodies are used as text. */
function messageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const m = (parsed as { message: unknown }).message;
      if (typeof m === 'string') return m;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return body.trim() || undefined;
}

async function failure(res: Response, kind: 'read' | 'session-write'): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const serverMessage = res.status >= 500 ? undefined : messageOf(text);
  if (kind === 'session-write') {
    // Login, logout and register: the status text for server errors, else the body's message.
    return new ApiError(
      res.status >= 500 ? res.statusText || `${res.status}` : (serverMessage ?? res.statusText),
      res.status,
      serverMessage,
    );
  }
  const detail = res.status >= 500 ? res.statusText : (serverMessage ?? '');
  return new ApiError(`${res.status}: ${detail}`, res.status, serverMessage);
}

/** GET a JSON resource; a non-success answer throws `ApiError`. */
export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) throw await failure(res, 'read');
  return (await res.json()) as T;
}

type WriteKind = 'read' | 'session-write';

/** Sends JSON (or nothing) and answers the parsed JSON body. */
export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  kind: WriteKind = 'read',
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    // A network failure: the error's own text (spec section 8).
    throw new ApiError(err instanceof Error ? err.message : String(err), 0, undefined);
  }
  if (!res.ok) throw await failure(res, kind);
  return (await res.json()) as T;
}
