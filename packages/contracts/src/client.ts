// A typed client for the route table: a call names its route, and the route's schemas give the
// types of its params, query, body and answer, so a changed schema breaks its callers at compile
// time. At run time it needs only the manifest it is given (no TypeBox): browsers import it from
// '@omega/contracts/client' with `routeManifest`, or with the few entries they call, so a bundle
// carries only those. Errors are the caller's: its `fetch` throws on a failed call.
import type { Static, TSchema } from '@sinclair/typebox';
import type { Manifest, ManifestEntry } from './route-manifest.js';
import type { RouteName, routes } from './route-table.js';

export { RECENT_SIGN_IN_REQUIRED } from './recent-sign-in.js';
export type { Manifest, ManifestEntry, RouteEntry } from './route-manifest.js';
export { routeManifest } from './route-manifest.js';
export type { RouteName } from './route-table.js';

type Schema<N extends RouteName> = (typeof routes)[N]['schema'];
type StaticOf<S> = S extends TSchema ? Static<S> : never;
type Success = 200 | 201 | 202 | 204;

export type RouteParams<N extends RouteName> =
  Schema<N> extends { params: infer P } ? StaticOf<P> : undefined;
export type RouteQuery<N extends RouteName> =
  Schema<N> extends { querystring: infer Q } ? StaticOf<Q> : undefined;
export type RouteBody<N extends RouteName> =
  Schema<N> extends { body: infer B } ? StaticOf<B> : undefined;
/** The route's path as the table declares it (a literal type: a changed path breaks its users). */
export type RouteUrl<N extends RouteName> = (typeof routes)[N]['url'];
/** The body of the route's success answer. */
export type RouteAnswer<N extends RouteName> = StaticOf<
  Schema<N>['response'][Success & keyof Schema<N>['response']]
>;

/** A part the route does not take may be left out; one it takes is required unless all-optional. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<N extends RouteName> = Part<'params', RouteParams<N>> &
  Part<'query', RouteQuery<N>> &
  Part<'body', RouteBody<N>>;

type Args<N extends RouteName> =
  Record<string, never> extends CallOptions<N> ? [options?: CallOptions<N>] : [CallOptions<N>];

/** The part of a request the client builds; the caller's `fetch` adds credentials and headers. */
export interface ClientRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The part of a response the client reads. */
export interface ClientResponse {
  text(): Promise<string>;
  headers: { get(name: string): string | null };
}

/** `fetch`, or a wrapper of it that throws on a failed call. */
export type ClientFetch = (url: string, init: ClientRequest) => Promise<ClientResponse>;

/** application/x-www-form-urlencoded, as URLSearchParams writes it (a space is '+'). */
const component = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

const encode = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${component(name)}=${component(String(value))}`)
    .join('&');

/** Calls the routes named `N`: those of the manifest it was made with. */
export interface Client<N extends RouteName = RouteName> {
  /** The route's address with its params and query filled in (also a cache key for reads). */
  url<K extends N>(name: K, ...args: Args<K>): string;
  /** Makes the call and answers the parsed body. */
  call<K extends N>(name: K, ...args: Args<K>): Promise<RouteAnswer<K>>;
  /** Makes the call and answers the parsed body with the response's headers. */
  respond<K extends N>(
    name: K,
    ...args: Args<K>
  ): Promise<{ answer: RouteAnswer<K>; headers: ClientResponse['headers'] }>;
}

/** A client for the routes of `manifest`: a call to any other route does not compile. */
export function createClient<N extends RouteName>(
  manifest: Manifest<N>,
  fetchImpl: ClientFetch,
  base = '',
): Client<N> {
  interface Loose {
    params?: unknown;
    query?: unknown;
    body?: unknown;
  }
  // `Client<N>` lets only the manifest's names through.
  const entryOf = (name: string) =>
    (manifest as Record<string, ManifestEntry>)[name] as ManifestEntry;

  function address(name: string, options: Loose = {}): string {
    const params = (options.params ?? {}) as Record<string, unknown>;
    const path = entryOf(name).url.replace(/:(\w+)/g, (_, key: string) =>
      encodeURIComponent(String(params[key])),
    );
    const query = encode((options.query ?? {}) as Record<string, unknown>);
    return `${base}${path}${query ? `?${query}` : ''}`;
  }

  async function send(name: string, options: Loose = {}) {
    const entry = entryOf(name);
    const body = options.body as Record<string, unknown> | undefined;
    const init: ClientRequest = { method: entry.method, headers: {} };
    if (body !== undefined) {
      init.headers['content-type'] = entry.form
        ? 'application/x-www-form-urlencoded'
        : 'application/json';
      init.body = entry.form ? encode(body) : JSON.stringify(body);
    }
    const res = await fetchImpl(address(name, options), init);
    const text = await res.text();
    return { answer: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
  }

  // The typed signatures are declared by `Client`; these loose bodies serve every route alike.
  const client = {
    url: address,
    call: async (name: string, options?: Loose) => (await send(name, options)).answer,
    respond: send,
  };
  return client as unknown as Client<N>;
}
