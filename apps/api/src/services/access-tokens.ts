// Personal access tokens (issue 37): a user's own tokens for scripts and other clients, as GitHub
// and Stripe give them. A token is `omega_pat_` and 40 random base62 characters (238 bits); only
// its SHA-256 is stored, with its last four characters to tell tokens apart, so the secret is in
// the one answer that creates it and nowhere else. Creating and revoking are audited in the
// same transaction as the write. A call with a token reads the token and its account in one
// statement, with no cache: a revoked or expired token is refused at once by every instance
// (docs/decisions/035-personal-access-tokens.md).
import { randomBytes } from 'node:crypto';
import {
  type AccessToken,
  type CreateAccessTokenBody,
  type CreatedAccessTokenResponse,
  accessTokenMessages as m,
} from '@omega/contracts';
import {
  decodeScopes,
  encodeScopes,
  MAX_TOKENS_PER_ACCOUNT,
  normalizeRole,
  scopesProblem,
  showsNothing,
  TOKEN_PREFIX,
  type TokenScope,
} from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/digest.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { AccessTokenRow, AccessTokensRepository } from '../repositories/access-tokens.js';
import { lockAccount } from '../repositories/account-lock.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { AnnouncementsRepository } from '../repositories/announcements.js';
import { securityChangeNotice } from './security-notices.js';

const DAY_MS = 86_400_000;
/** A token's last-used time is moved at most this often. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const SECRET_LENGTH = 40;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The longest Authorization value read as a token: anything longer is no token of ours. */
const TOKEN_MAX = TOKEN_PREFIX.length + SECRET_LENGTH;

/** `SECRET_LENGTH` characters drawn uniformly from base62 (bytes of 248 and up are redrawn). */
function newSecret(): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    for (const b of randomBytes(SECRET_LENGTH)) {
      if (b < 248 && out.length < SECRET_LENGTH) out += BASE62[b % 62];
    }
  }
  return out;
}

export const hashToken = sha256Hex;

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether an Authorization header carries one of our tokens (it may still be refused). */
export function bearerAccessToken(header: string | undefined): string | null {
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.startsWith(TOKEN_PREFIX) ? token : null;
}

/** The account a token acts for, and what it may do. */
export interface TokenGrant {
  tokenId: number;
  scopes: TokenScope[];
  user: UserRow;
}

export type TokenVerdict = { ok: true; grant: TokenGrant } | { ok: false; message: string };

export interface AccessTokensDeps {
  db: Kysely<Database>;
  tokens: AccessTokensRepository;
  activity: ActivityRepository;
  /** The account's own notice of a token made (services/security-notices.ts). */
  announcements: AnnouncementsRepository;
  clock: Clock;
}

export class AccessTokensService {
  constructor(private readonly deps: AccessTokensDeps) {}

  async list(userId: number): Promise<AccessToken[]> {
    const rows = await this.deps.tokens.list(userId);
    const now = this.deps.clock();
    return rows.map((r) => this.view(r, now));
  }

  /**
   * Creates a token for the account. The access hook has read the creating session past the
   * cache (a security write), so a session ended in the last second on another instance
   * cannot leave a token that outlives it.
   */
  async create(
    user: UserRow,
    body: CreateAccessTokenBody,
    requestId: string | null,
  ): Promise<CreatedAccessTokenResponse> {
    const { db, tokens, activity, clock } = this.deps;
    const name = body.name.trim();
    if (showsNothing(name)) throw new HttpError(400, 'name is required: say what the token is for');
    const problem = scopesProblem(body.scopes, normalizeRole(user.role));
    if (problem) throw new HttpError(problem.includes('administrators') ? 403 : 400, problem);
    const scopes = encodeScopes(body.scopes);
    const now = clock();
    const expiresAt = body.expiresInDays ? now + body.expiresInDays * DAY_MS : null;
    const token = TOKEN_PREFIX + newSecret();
    const row = await inTransaction(db, async (trx) => {
      await lockAccount(trx, user.id);
      if ((await tokens.count(user.id, trx)) >= MAX_TOKENS_PER_ACCOUNT) {
        throw new HttpError(
          400,
          `You have ${MAX_TOKENS_PER_ACCOUNT} tokens, the most an account may have: revoke one first`,
        );
      }
      if (await tokens.nameTaken(user.id, name, trx)) {
        throw new HttpError(400, `You already have a token named '${name}': choose another name`);
      }
      const inserted = await tokens.insert(
        {
          userId: user.id,
          name,
          tokenHash: hashToken(token),
          hint: token.slice(-4),
          scopes,
          createdAt: now,
          expiresAt,
        },
        trx,
      );
      await activity.record(
        {
          userId: user.id,
          action: 'token_created',
          details: `${user.username} created the access token '${name}' (…${inserted.hint}; ${scopes}; ${expiresAt === null ? 'no expiry' : `expires ${iso(expiresAt)}`})`,
          at: now,
          requestId,
        },
        trx,
      );
      const change = `The personal access token '${name}' (${body.scopes.join(', ')}) was made for your account`;
      await this.deps.announcements.create(securityChangeNotice(user.id, change, now), trx);
      return inserted;
    });
    return { ...this.view(row, now), token, message: m.created };
  }

  /** Revokes one of the user's tokens; another account's, or an unknown one, is the same 404. */
  async revoke(user: UserRow, id: number, requestId: string | null): Promise<void> {
    const { db, tokens, activity, clock } = this.deps;
    await inTransaction(db, async (trx) => {
      const row = await tokens.deleteOwn(user.id, id, trx);
      if (!row) throw new HttpError(404, m.notFound);
      await activity.record(
        {
          userId: user.id,
          action: 'token_revoked',
          details: `${user.username} revoked the access token '${row.name}' (…${row.hint})`,
          at: clock(),
          requestId,
        },
        trx,
      );
    });
  }

  /**
   * The grant of a token presented on a call: refused when no token has its hash (revoked, or
   * never made), when it has expired, or when its account is disabled. Moves the last-used time
   * at most once a minute.
   */
  async verify(token: string): Promise<TokenVerdict> {
    if (token.length > TOKEN_MAX) return { ok: false, message: m.invalid };
    const holder = await this.deps.tokens.holder(hashToken(token));
    if (holder?.user.disabled !== 0) return { ok: false, message: m.invalid };
    const now = this.deps.clock();
    if (holder.expiresAt !== null && holder.expiresAt <= now) {
      return {
        ok: false,
        message: `The access token expired on ${iso(holder.expiresAt)}: create a new one`,
      };
    }
    if (holder.lastUsedAt === null || holder.lastUsedAt < now - LAST_USED_RESOLUTION_MS) {
      await this.deps.tokens.touch(holder.tokenId, now, now - LAST_USED_RESOLUTION_MS);
    }
    return {
      ok: true,
      grant: { tokenId: holder.tokenId, scopes: decodeScopes(holder.scopes), user: holder.user },
    };
  }

  private view(r: AccessTokenRow, now: number): AccessToken {
    return {
      id: r.id,
      name: r.name,
      scopes: decodeScopes(r.scopes),
      hint: r.hint,
      createdAt: iso(r.created_at),
      expiresAt: r.expires_at === null ? null : iso(r.expires_at),
      lastUsedAt: r.last_used_at === null ? null : iso(r.last_used_at),
      expired: r.expires_at !== null && r.expires_at <= now,
    };
  }
}
