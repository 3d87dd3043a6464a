// The typed clients for the app's calls, one per error rule of spec section 8. Kept apart from
// the fetch helper so the first load, which reads only the session, carries no route table.
import { createClient, routeManifest } from '@omega/contracts/client';
import { apiFetch } from './api-client.js';

/** The typed client for every call the app makes (spec section 8's read rules). */
export const api = createClient(routeManifest, apiFetch('read'));
/** Login, logout and register, whose failures carry the status text or the body's message. */
export const sessionApi = createClient(routeManifest, apiFetch('session-write'));
/** The announcement's form post, whose failure is the response's message. */
export const formApi = createClient(routeManifest, apiFetch('form'));

export interface Counted<T> {
  items: T[];
  /** The `X-Total-Count` header; the length of `items` when a server does not send it. */
  total: number;
}

/** A JSON array and the total number of matches the server reports in `X-Total-Count`. */
export function counted<T>(items: T[], headers: Headers): Counted<T> {
  const header = headers.get('x-total-count');
  const total = header === null ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) ? total : items.length };
}
