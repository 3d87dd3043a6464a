// The users table: accounts, roles and sign-in bookkeeping.
import type { User } from '@omega/contracts';
import { normalizeRole, type Role } from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { TtlCache } from '../lib/ttl-cache.js';

export interface NewUser {
  username: string;
  passwordHash: string;
  role: Role;
  email?: string | null;
  createdAt: number;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: normalizeRole(row.role),
    createdAt: new Date(row.created_at).toISOString(),
    lastLogin: row.last_login === null ? null : new Date(row.last_login).toISOString(),
  };
}

/** How long a user row read for a signed-in request is trusted (see TtlCache). */
export const USER_CACHE_MS = 1000;

export class UsersRepository {
  private readonly cache = new TtlCache<number, UserRow>(USER_CACHE_MS);

  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number, db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user behind a signed-in request: read at most once a second per user. */
  async findForSession(id: number): Promise<UserRow | undefined> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const row = await this.findById(id);
    if (row) this.cache.set(id, row);
    return row;
  }

  findByUsername(username: string, db = this.db): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  /** Inserts the user, or answers undefined when the name is taken (ignoring case). */
  async create(user: NewUser, db = this.db): Promise<UserRow | undefined> {
    return db
      .insertInto('users')
      .values({
        username: user.username,
        username_key: user.username.toLowerCase(),
        email: user.email ?? null,
        role: user.role,
        password_hash: user.passwordHash,
        created_at: user.createdAt,
        last_login: null,
      })
      .onConflict((oc) => oc.column('username_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async recordLogin(id: number, at: number, db = this.db): Promise<void> {
    this.cache.delete(id);
    await db.updateTable('users').set({ last_login: at }).where('id', '=', id).execute();
  }

  async setPasswordHash(id: number, passwordHash: string, db = this.db): Promise<boolean> {
    this.cache.delete(id);
    const result = await db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async count(db = this.db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
