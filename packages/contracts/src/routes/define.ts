// The shape of a route-table entry: method, path, access level, schemas and notes.
import type { TSchema } from '@sinclair/typebox';

/**
 * Who may call a route. 'user', 'admin' and 'supergod' are account sessions, each including the
 * ones before it; 'wallet' is a keypad wallet signed in with phone, OTP and PIN (a bearer token);
 * 'gateway' is the USSD aggregator, proved by the shared secret (and source address) the
 * operator configured; 'metrics' is the monitoring system, proved by OMEGA_METRICS_TOKEN.
 */
export type Access = 'public' | 'user' | 'admin' | 'supergod' | 'wallet' | 'gateway' | 'metrics';
export const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'user',
  'admin',
  'supergod',
  'wallet',
  'gateway',
  'metrics',
];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchema {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  response: Record<number, TSchema>;
}

export interface RouteSpec {
  method: HttpMethod;
  url: string;
  access: Access;
  summary: string;
  /** Longer notes for the API reference, where the summary cannot say enough. */
  description?: string;
  tags: readonly string[];
  schema: RouteSchema;
  /**
   * Body encoding the route accepts, and no other; JSON unless stated. 'form-or-json': sent as a
   * form (the spec's call), and JSON is taken too, as the API reference offered it before.
   */
  bodyType?: 'json' | 'form' | 'form-or-json';
  /** A read that clients poll: answered 304 when the client's ETag still matches. */
  polled?: boolean;
  /** A POST that changes nothing (a question with a body): open during maintenance mode. */
  readOnly?: boolean;
  /**
   * `false`: a personal access token never opens this route, whatever its scopes — the account's
   * own security (password, sessions, two-factor, passkeys, the tokens themselves) and what lives in a
   * browser session (view-as). Account routes ('user', 'admin', 'supergod') take tokens
   * otherwise; the other levels have credentials of their own and never do.
   */
  tokens?: false;
}

/** Declares one route, keeping its literal types (method, path, schemas) for typed clients. */
export const route = <const S extends RouteSpec>(spec: S): S => spec;
