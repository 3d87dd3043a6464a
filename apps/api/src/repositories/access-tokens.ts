// Personal access tokens: rows keyed by the SHA-256 of the token. A token's call is one read —
// the token and its account together — and at most one write a minute for its last-used time.
import type { Kysely } from 'kysely';
import type { AccessTokensTable, Database, UserRow } from '../db/schema.js';

export type AccessTokenRow = Omit<AccessTokensTable, 'id'> & { id: number };

export interface NewAccessToken {
  userId: number;
  name: string;
  tokenHash: string;
  hint: string;
  scopes: string;
  createdAt: number;
  expiresAt: number | null;
}

/** A token presented on a call, with the account it acts for. */
export interface TokenHolder {
  tokenId: number;
  scopes: string;
  expiresAt: number | null;
  lastUsedAt: number | null;
  user: UserRow;
}

export class AccessTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(t: NewAccessToken, db = this.db): Promise<AccessTokenRow> {
    return db
      .insertInto('access_tokens')
      .values({
        user_id: t.userId,
        name: t.name,
        token_hash: t.tokenHash,
        hint: t.hint,
        scopes: t.scopes,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The account's tokens, newest first. */
  list(userId: number, db = this.db): Promise<AccessTokenRow[]> {
    return db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  async count(userId: number, db = this.db): Promise<number> {
    const row = await db
      .selectFrom('access_tokens')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async nameTaken(userId: number, name: string, db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('access_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes one of the account's tokens; the row it was, or undefined when it had none such. */
  deleteOwn(userId: number, id: number, db = this.db): Promise<AccessTokenRow | undefined> {
    return db
      .deleteFrom('access_tokens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** The token with this hash and its account, read together in one statement. */
  async holder(tokenHash: string, db = this.db): Promise<TokenHolder | undefined> {
    const row = await db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .selectAll('users')
      .select([
        'access_tokens.id as token_id',
        'access_tokens.scopes as token_scopes',
        'access_tokens.expires_at as token_expires_at',
        'access_tokens.last_used_at as token_last_used_at',
      ])
      .where('access_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const { token_id, token_scopes, token_expires_at, token_last_used_at, ...user } = row;
    return {
      tokenId: token_id,
      scopes: token_scopes,
      expiresAt: token_expires_at,
      lastUsedAt: token_last_used_at,
      user,
    };
  }

  /** Moves the last-used time to `at` unless it was moved since `notBefore`. */
  async touch(id: number, at: number, notBefore: number, db = this.db): Promise<void> {
    await db
      .updateTable('access_tokens')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
      .execute();
  }
}
