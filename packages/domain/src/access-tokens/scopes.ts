// Personal access tokens (issue 37): what a token's scopes let it call, decided from the route
// alone. `read` opens the account's reads, `write` its writes and reads, and `admin` the admin
// and supergod routes — on top of `read` or `write` for the method, and only for an account
// whose role reaches the route (the access hook checks the role as for a session).
import { atLeast, type Role } from '../roles.js';

export const TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts with this, so a leaked one is recognisable (and scannable) as Omega's. */
export const TOKEN_PREFIX = 'omega_pat_';
/** At most this many live tokens per account. */
export const MAX_TOKENS_PER_ACCOUNT = 50;
export const TOKEN_NAME_MAX = 64;
/** The expiries a token may be given, in days; none means it never expires. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** What the access hook knows of a route when a token calls it. */
export interface TokenRoute {
  method: string;
  access: 'user' | 'admin' | 'supergod';
  /** A POST that changes nothing (a question with a body): a read. */
  readOnly?: boolean;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The scopes a call of `route` needs, every one of them. */
export function scopesNeeded(route: TokenRoute): TokenScope[] {
  const needed: TokenScope[] = [READS.has(route.method) || route.readOnly ? 'read' : 'write'];
  if (route.access !== 'user') needed.push('admin');
  return needed;
}

/** `write` includes `read`: a token that may change something may look at it too. */
const grants = (scopes: readonly TokenScope[], scope: TokenScope) =>
  scopes.includes(scope) || (scope === 'read' && scopes.includes('write'));

/** The first scope `route` needs that the token lacks, or null when it has them all. */
export function missingScope(scopes: readonly TokenScope[], route: TokenRoute): TokenScope | null {
  return scopesNeeded(route).find((scope) => !grants(scopes, scope)) ?? null;
}

/**
 * Why a set of scopes cannot be given to a token of an account with `role`, or null when it
 * can: at least one scope, each known and given once, and `admin` only for administrators.
 */
export function scopesProblem(scopes: readonly string[], role: Role): string | null {
  if (scopes.length === 0) return 'Choose at least one scope: read, write or admin';
  const unknown = scopes.find((s) => !(TOKEN_SCOPES as readonly string[]).includes(s));
  if (unknown !== undefined) return `Unknown scope '${unknown}': use read, write or admin`;
  if (new Set(scopes).size !== scopes.length) return 'Each scope may be given once';
  if (scopes.includes('admin') && !atLeast(role, 'admin')) {
    return 'The admin scope is only for administrators';
  }
  if (scopes.length === 1 && scopes[0] === 'admin') {
    return 'The admin scope needs read or write too: it opens the admin routes for those';
  }
  return null;
}

/** The scopes as stored (one text column) and back, in a fixed order. */
export const encodeScopes = (scopes: readonly TokenScope[]): string =>
  TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');
export const decodeScopes = (text: string): TokenScope[] =>
  TOKEN_SCOPES.filter((s) => text.split(' ').includes(s));
