// The one fetch helper, applying spec section 8's error rules: JSON reads and writes, the
// announcement's form post and the user table's X-Total-Count read. Every call sends cookies;
// nothing is retried; no timeout. Screens show errors through `errorMessage`, not `message`.

/** An answer that was not a success, with the status for callers that branch on it. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The server's own `message`, when the body was our JSON `{ message }`. */
    readonly serverMessage: string | undefined,
    /** The answer's JSON body below 500, for callers that read more than the message (a 402). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * How a failure becomes `ApiError.message` (spec section 8): reads give 'status: status text'
 * from 500 up and 'status: body text' below (the body as it came, JSON and all); login, logout
 * and register give the status text or the body's message; the announcement's form post gives
 * the body's message. Screens show `errorMessage(err)`, which reads `serverMessage` instead.
 */
export type FailureKind = 'read' | 'session-write' | 'form';

/** The body parsed as JSON; undefined when it is not JSON (a proxy's page or plain text). */
function jsonBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** Our server answers errors as `{ message }`; anything else is not a sentence of ours. */
function jsonMessage(body: string): string | undefined {
  const parsed = jsonBody(body);
  if (parsed && typeof parsed === 'object' && 'message' in parsed) {
    const m = (parsed as { message: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return undefined;
}

/** The form post's refusal comes as plain text (spec section 7); a markup page is not ours. */
const formText = (text: string, kind: FailureKind) =>
  kind === 'form' && text.trim() && !text.trimStart().startsWith('<') ? text.trim() : undefined;

async function failure(res: Response, kind: FailureKind): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const bodyText = jsonMessage(text) ?? text.trim();
  const serverMessage = res.status >= 500 ? undefined : (jsonMessage(text) ?? formText(text, kind));
  const body = res.status >= 500 ? undefined : jsonBody(text);
  if (kind === 'session-write') {
    return new ApiError(
      res.status >= 500 ? res.statusText || `${res.status}` : bodyText || res.statusText,
      res.status,
      serverMessage,
      body,
    );
  }
  if (kind === 'form' && res.status < 500 && bodyText) {
    return new ApiError(bodyText, res.status, serverMessage, body);
  }
  const detail = res.status >= 500 ? res.statusText : text;
  return new ApiError(`${res.status}: ${detail}`, res.status, serverMessage, body);
}

/**
 * `fetch` with the app's credentials and error rules: a network failure and a non-success
 * answer both become `ApiError`; a success is returned as it came.
 */
export function apiFetch(kind: FailureKind = 'read') {
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        credentials: 'include',
        headers: { accept: 'application/json', ...init.headers },
      });
    } catch (err) {
      // A network failure: the error's own text (spec section 8).
      throw new ApiError(err instanceof Error ? err.message : String(err), 0, undefined);
    }
    if (!res.ok) throw await failure(res, kind);
    return res;
  };
}

const readFetch = apiFetch('read');

/** GET a JSON resource; a non-success answer throws `ApiError`. */
export async function getJson<T>(url: string): Promise<T> {
  return (await (await readFetch(url)).json()) as T;
}
