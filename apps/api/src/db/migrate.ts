// Migrations are written once with Kysely's schema builder and run at start on either
// dialect. They are bundled (not read from a folder) so the built server needs no sources.
import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationResult,
  Migrator,
  type NO_MIGRATIONS,
  sql,
} from 'kysely';
import * as m0001 from './migrations/0001-accounts.js';
import * as m0002 from './migrations/0002-subscriptions.js';
import * as m0003 from './migrations/0003-wallets.js';
import * as m0004 from './migrations/0004-admin-console.js';
import * as m0005 from './migrations/0005-log-search.js';
import * as m0006 from './migrations/0006-ussd-sessions.js';
import * as m0007 from './migrations/0007-log-search-postgres.js';
import * as m0008 from './migrations/0008-keypad-trust.js';
import * as m0009 from './migrations/0009-complimentary-plans.js';
import * as m0010 from './migrations/0010-wallet-balances.js';
import * as m0011 from './migrations/0011-request-ids.js';
import * as m0012 from './migrations/0012-override-reasons.js';
import * as m0013 from './migrations/0013-revenue-days.js';
import * as m0014 from './migrations/0014-unanswered-questions.js';
import * as m0015 from './migrations/0015-optional-override-reasons.js';
import * as m0016 from './migrations/0016-session-clients.js';
import * as m0017 from './migrations/0017-two-factor.js';
import * as m0018 from './migrations/0018-passkeys.js';
import * as m0019 from './migrations/0019-access-tokens.js';
import * as m0020 from './migrations/0020-log-search-level.js';
import * as m0021 from './migrations/0021-payments.js';
import * as m0022 from './migrations/0022-stripe-events.js';
import * as m0023 from './migrations/0023-keypad-record-function.js';
import * as m0024 from './migrations/0024-sessions-created-index.js';
import * as m0025 from './migrations/0025-wallet-tokens-expires-index.js';
import * as m0026 from './migrations/0026-keypad-entitlement-in-function.js';
import * as m0027 from './migrations/0027-revenue-day-shards.js';
import * as m0028 from './migrations/0028-log-search-partitions.js';
import * as m0029 from './migrations/0029-wallet-balances-clustered.js';
import * as m0030 from './migrations/0030-ussd-session-claims.js';
import * as m0031 from './migrations/0031-assistant-feedback-once.js';
import * as m0032 from './migrations/0032-feature-name-key.js';

import type { Database } from './schema.js';

const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-subscriptions': m0002,
  '0003-wallets': m0003,
  '0004-admin-console': m0004,
  '0005-log-search': m0005,
  '0006-ussd-sessions': m0006,
  '0007-log-search-postgres': m0007,
  '0008-keypad-trust': m0008,
  '0009-complimentary-plans': m0009,
  '0010-wallet-balances': m0010,
  '0011-request-ids': m0011,
  '0012-override-reasons': m0012,
  '0013-revenue-days': m0013,
  '0014-unanswered-questions': m0014,
  '0015-optional-override-reasons': m0015,
  '0016-session-clients': m0016,
  '0017-two-factor': m0017,
  '0018-passkeys': m0018,
  '0019-access-tokens': m0019,
  '0020-log-search-level': m0020,
  '0021-payments': m0021,
  '0022-stripe-events': m0022,
  '0023-keypad-record-function': m0023,
  '0024-sessions-created-index': m0024,
  '0025-wallet-tokens-expires-index': m0025,
  '0026-keypad-entitlement-in-function': m0026,
  '0027-revenue-day-shards': m0027,
  '0028-log-search-partitions': m0028,
  '0029-wallet-balances-clustered': m0029,
  '0030-ussd-session-claims': m0030,
  '0031-assistant-feedback-once': m0031,
  '0032-feature-name-key': m0032,
};

// Migrations see the database untyped: they describe its shape over time, not today's.
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: Kysely<any> is the documented migrator input.
  db: Kysely<any>,
  schema?: string,
): Promise<MigrationResult[]> {
  return migrateUpTo(db, schema);
}

/**
 * Whether a start has migrations to run: the database has not recorded every migration this build
 * carries, or records one the build does not know (a newer release's, which the migrator
 * refuses). A database that holds exactly this build's migrations needs no migrator: on
 * PostgreSQL it opens a connection of its own and takes a lock, 11 round trips and ~10 ms of the
 * server's CPU at every start of every instance. When the list cannot be read (a new database
 * has no migration table) the answer is yes, and the migrator says what is wrong, if anything.
 */
export async function migrationsPending(db: Kysely<Database>, schema?: string): Promise<boolean> {
  const table = schema ? sql.id(schema, DEFAULT_MIGRATION_TABLE) : sql.id(DEFAULT_MIGRATION_TABLE);
  let recorded: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    recorded = new Set(rows.map((row) => row.name));
  } catch {
    return true;
  }
  const known = Object.keys(migrations);
  return recorded.size !== known.length || known.some((name) => !recorded.has(name));
}

/**
 * Runs the migrations up to and including `last` (all of them when omitted), or back down to it
 * when the database is past it (`NO_MIGRATIONS`: every `down`). Tests of a migration's backfill
 * stop just before it, write rows as they were, then migrate to the latest.
 */
export async function migrateUpTo(
  // biome-ignore lint/suspicious/noExplicitAny: Kysely<any> is the documented migrator input.
  db: Kysely<any>,
  schema?: string,
  last?: string | typeof NO_MIGRATIONS,
): Promise<MigrationResult[]> {
  // With a schema, the migrator's own tables live there too: otherwise it may find another
  // schema's lock table and skip creating its own.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await (last ? migrator.migrateTo(last) : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results ?? [];
}
