// The users table: accounts, roles and sign-in bookkeeping.
import { normalizeRole, type Role } from '@omega/domain';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { containsPattern } from '../lib/like-pattern.js';
import { type BucketCount, bucketOf, toBucketCounts } from '../lib/time-buckets.js';
import { now as readTime, TtlCache } from '../lib/ttl-cache.js';

export interface NewUser {
  username: string;
  passwordHash: string;
  role: Role;
  email?: string | null;
  createdAt: number;
  /** Set when the account is signed in as it is created (registration). */
  lastLogin?: number | null;
}

/** How long a user row read for a signed-in request is trusted (see TtlCache). */
export const USER_CACHE_MS = 1000;

export class UsersRepository {
  private readonly cache = new TtlCache<number, UserRow>(USER_CACHE_MS);

  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number, db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The user behind a signed-in request when it was read in the last second, without a promise
   * (the access hook's common case); undefined means "not cached", not "no such user".
   */
  cachedForSession(id: number): UserRow | undefined {
    return this.cache.get(id);
  }

  /** The user behind a signed-in request: read at most once a second per user. */
  async findForSession(id: number): Promise<UserRow | undefined> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const readAt = readTime();
    const row = await this.findById(id);
    if (row) this.cache.set(id, row, readAt);
    return row;
  }

  /** The user as the database has it now, past the cache (which is refreshed with it). */
  async findFresh(id: number): Promise<UserRow | undefined> {
    this.cache.delete(id);
    return this.findForSession(id);
  }

  /**
   * Drops this instance's cached row of the user. The writes below drop it too, but inside a
   * transaction a request can read and cache the old row before the commit: callers that
   * change a user in a transaction call this once it has committed, so the change holds here
   * at once (other instances read it within USER_CACHE_MS).
   */
  forget(id: number): void {
    this.cache.delete(id);
  }

  /** Which of `ids` name no account. */
  async missingIds(ids: readonly number[], db = this.db): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    const found = new Set(rows.map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  }

  /**
   * The account named `username`, ignoring case. A name that is not printable ASCII but
   * lower-cases to it (the Kelvin sign 'K' lower-cases to 'k') names none: registration takes
   * ASCII names only, and such a look-alike must not reach the account it resembles (sign-in,
   * the supergod terminal). Names an older release stored with other letters keep them in their
   * key.
   */
  async findByUsername(username: string, db = this.db): Promise<UserRow | undefined> {
    const key = username.toLowerCase();
    const notAscii = /[^ -~]/;
    if (notAscii.test(username) && !notAscii.test(key)) return undefined;
    return db.selectFrom('users').selectAll().where('username_key', '=', key).executeTakeFirst();
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
        last_login: user.lastLogin ?? null,
      })
      .onConflict((oc) => oc.column('username_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async recordLogin(id: number, at: number, db = this.db): Promise<void> {
    this.cache.delete(id);
    await db.updateTable('users').set({ last_login: at }).where('id', '=', id).execute();
  }

  /**
   * Sets the account's password hash; with `replacing`, only while that is still its hash (a
   * change checked against the current password): false when the account is gone or its
   * password was changed meanwhile.
   */
  async setPasswordHash(
    id: number,
    passwordHash: string,
    db = this.db,
    replacing?: string,
  ): Promise<boolean> {
    this.cache.delete(id);
    const result = await db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', id)
      .$if(replacing !== undefined, (q) => q.where('password_hash', '=', replacing as string))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async count(search?: string, db = this.db): Promise<number> {
    const row = await matching(db.selectFrom('users'), search)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setRole(id: number, role: Role, db = this.db): Promise<boolean> {
    this.cache.delete(id);
    const result = await db
      .updateTable('users')
      .set({ role })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setDisabled(id: number, disabled: boolean, db = this.db): Promise<boolean> {
    this.cache.delete(id);
    const result = await db
      .updateTable('users')
      .set({ disabled: disabled ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * A page of accounts, oldest first (index users(created_at, id)); `search` keeps those whose
   * username or email contains it, in any case.
   */
  page(offset: number, limit: number, search?: string, db = this.db): Promise<UserRow[]> {
    return matching(db.selectFrom('users'), search)
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Accounts of one role (or all), oldest first, at most `limit`. */
  listByRole(role: Role | null, limit: number, db = this.db): Promise<UserRow[]> {
    let query = db.selectFrom('users').selectAll();
    if (role) query = query.where('role', '=', role);
    return query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
  }

  /** Accounts per role (unknown stored roles count as users), and how many are disabled. */
  async countsByRole(db = this.db): Promise<Record<Role, number> & { disabled: number }> {
    const rows = await db
      .selectFrom('users')
      .select(['role', 'disabled'])
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .groupBy(['role', 'disabled'])
      .execute();
    const counts = { user: 0, admin: 0, supergod: 0, disabled: 0 };
    for (const row of rows) {
      counts[normalizeRole(row.role)] += Number(row.n);
      if (row.disabled !== 0) counts.disabled += Number(row.n);
    }
    return counts;
  }

  /**
   * Ids of the enabled supergods. With `lock` (PostgreSQL) their rows stay locked until the
   * transaction ends, so two concurrent demotions cannot both see another supergod left.
   */
  async activeSupergodIds(lock: boolean, db = this.db): Promise<number[]> {
    let query = db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'supergod')
      .where('disabled', '=', 0);
    if (lock) query = query.forUpdate();
    const rows = await query.execute();
    return rows.map((r) => r.id);
  }

  /** New accounts per role and time bucket since `from` (index users_created_idx). */
  async registrationCounts(from: number, widthMs: number): Promise<BucketCount[]> {
    const bucket = bucketOf('created_at', from, widthMs);
    const rows = await this.db
      .selectFrom('users')
      .select([bucket.as('bucket'), 'role as key', (eb) => eb.fn.countAll<number>().as('count')])
      .where('created_at', '>=', from)
      .groupBy([sql.raw('1'), 'role'])
      .execute();
    return toBucketCounts(rows);
  }

  /** Accounts created before `at`. */
  async countCreatedBefore(at: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '<', at)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

/**
 * Keeps the accounts whose username or email contains `search`, ignoring case. Both sides are
 * lower-cased (username_key already is), so plain LIKE gives the same answer on both dialects.
 */
function matching<O>(
  query: SelectQueryBuilder<Database, 'users', O>,
  search: string | undefined,
): SelectQueryBuilder<Database, 'users', O> {
  const term = search?.trim().toLowerCase();
  if (!term) return query;
  const pattern = containsPattern(term);
  return query.where(
    (eb) =>
      sql<boolean>`(${eb.ref('username_key')} like ${pattern} escape '\\' or lower(${eb.ref('email')}) like ${pattern} escape '\\')`,
  );
}
