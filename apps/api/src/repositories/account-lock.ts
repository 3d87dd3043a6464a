// What an account may have is checked and then written in one transaction: at most 20 passkeys,
// 50 access tokens, one token of each name. On PostgreSQL two such transactions at once both see
// the account as it was and both write (read committed), so the check first locks the account's
// row. SQLite runs one write transaction at a time.
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../db/schema.js';

/** Locks the account's row until the transaction `db` ends (PostgreSQL). */
export async function lockAccount(db: Kysely<Database>, userId: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
