// Opens the database named by DATABASE_URL: embedded SQLite (WAL) by default, PostgreSQL
// for several server instances. Everything above this file speaks Kysely only.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** What the health page and status panel report about durability. */
  journalMode: string;
  /** The PostgreSQL schema in use when the URL names one (`?schema=`). */
  schema: string | undefined;
  close(): Promise<void>;
}

export function openDatabase(url: string): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url);
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}

function openSqlite(path: string): DatabaseHandle {
  const memory = path === ':memory:' || path === '';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(memory ? ':memory:' : path);
  // WAL lets readers run beside the writer; NORMAL sync is durable across app crashes
  // and only loses the last transactions on power loss, the usual WAL trade-off.
  const journalMode = String(sqlite.pragma('journal_mode = WAL', { simple: true }));
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', journalMode, schema: undefined, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; better-sqlite3 statements are reusable, and preparing
 * was a sixth of a session read's time. Queries are few and their SQL text repeats, so a
 * small cache keyed by that text keeps them prepared.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string): DatabaseHandle {
  const parsed = new URL(url);
  // `?schema=name` keeps one database usable by several test runs side by side.
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // int8 columns hold millisecond times and counts, all far below 2^53.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? Number : pg.types.getTypeParser(oid, format ?? 'text'),
    } as pg.CustomTypesConfig,
  });
  const db = new Kysely<Database>({ dialect: new ScopedPostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    journalMode: 'postgres-wal',
    schema: schema ?? undefined,
    close: () => db.destroy(),
  };
}

/**
 * PostgreSQL with an introspector that reads only the schema in use. Kysely's own reads every
 * schema's tables and resolves each name (`pg_get_serial_sequence`), so a schema dropped by
 * another process meanwhile — test runs side by side, or another app on the same server —
 * failed our migrations with "schema … does not exist". The migrator is its only user here.
 */
class ScopedPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: the introspector reads tables of any shape.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    const inner = super.createIntrospector(db);
    return {
      getSchemas: () => inner.getSchemas(),
      getMetadata: async (options) => ({ tables: await this.tables(db, options) }),
      getTables: (options) => this.tables(db, options),
    };
  }

  private async tables(
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    db: Kysely<any>,
    options?: DatabaseMetadataOptions,
  ): Promise<TableMetadata[]> {
    const rows = await db
      .selectFrom('information_schema.tables')
      .select(['table_schema', 'table_name', 'table_type'])
      .where('table_schema', '=', sql<string>`current_schema()`)
      .execute();
    return rows
      .filter(
        (r) =>
          options?.withInternalKyselyTables ||
          (r.table_name !== DEFAULT_MIGRATION_TABLE &&
            r.table_name !== DEFAULT_MIGRATION_LOCK_TABLE),
      )
      .map((r) => ({
        name: r.table_name,
        schema: r.table_schema,
        isView: r.table_type === 'VIEW',
        columns: [],
      }));
  }
}
