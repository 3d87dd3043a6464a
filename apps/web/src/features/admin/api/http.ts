// The two calls the shared fetch helper does not cover: a read whose total count comes in a
// header, and the announcement's form-encoded post. Errors follow spec section 8 like
// getJson's do, and carry the same ApiError.
import { ApiError } from '../../../lib/api-client.js';

/** The server's `{ message }` when the body has one, else the body text itself. */
function messageOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const m = (parsed as { message: unknown }).message;
      if (typeof m === 'string') return m;
    }
  } catch {
    // Not JSON: the text is the message.
  }
  return text.trim();
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  if (res.status >= 500)
    return new ApiError(`${res.status}: ${res.statusText}`, res.status, undefined);
  const message = messageOf(text);
  return new ApiError(`${res.status}: ${message}`, res.status, message || undefined);
}

export interface Counted<T> {
  items: T[];
  /** The `X-Total-Count` header; the length of `items` when a server does not send it. */
  total: number;
}

/** GET a JSON array and the total number of matches the server reports. */
export async function getCounted<T>(url: string): Promise<Counted<T>> {
  const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) throw await failure(res);
  const items = (await res.json()) as T[];
  const header = res.headers.get('x-total-count');
  const total = header === null ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) ? total : items.length };
}

/** POST form-encoded fields; on failure the response text is the error (spec section 7). */
export async function postForm<T>(url: string, fields: Record<string, string>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  } catch (err) {
    throw new ApiError(err instanceof Error ? err.message : String(err), 0, undefined);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const message = messageOf(text) || `${res.status}: ${res.statusText}`;
    throw new ApiError(message, res.status, message);
  }
  return (await res.json()) as T;
}
