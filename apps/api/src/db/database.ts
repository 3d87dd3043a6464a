// Opens the database named by DATABASE_URL: embedded SQLite (WAL) by default, PostgreSQL
// for several server instances. Everything above this file speaks Kysely only. PostgreSQL work
// is bounded by timeouts, and a lost connection is replaced, never fatal (decision 015).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  type LogEvent,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  sql,
  type TableMetadata,
} from 'kysely';
import type pg from 'pg';
import { emitted } from '../lib/emitted.js';
import { readDirectly, statementName } from '../lib/prepared-query.js';
import { unavailable } from '../lib/unavailable.js';
import { type CheckpointFigures, startCheckpointer } from './checkpointer.js';
import type { Database } from './schema.js';
import { type GroupCommitFigures, GroupCommitSqliteDialect } from './sqlite-group-commit.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** What the health page and status panel report about durability. */
  journalMode: string;
  /** The PostgreSQL schema in use when the URL names one (`?schema=`). */
  schema: string | undefined;
  /** Connections in use and idle, and callers waiting for one (GET /metrics). */
  connections(): { inUse: number; idle: number; waiting: number };
  /**
   * PostgreSQL: statements sent so far, BEGIN and COMMIT included, each a network round trip
   * (GET /metrics; the write-paths bench divides it by the requests). Null on SQLite, which
   * runs in the process.
   */
  roundTrips: (() => number) | null;
  /** SQLite's checkpoint worker (GET /metrics); null without one (PostgreSQL, in memory). */
  checkpointer: { figures(): CheckpointFigures } | null;
  /** SQLite's group commit (GET /metrics, decision 028); null without one (PostgreSQL, in memory). */
  groupCommit: { figures(): GroupCommitFigures } | null;
  close(): Promise<void>;
}

/** How long PostgreSQL work may take before it is given up (decision 015). 0: no limit. */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one from the pool. */
  connectMs: number;
  /** One statement, ended by the server; the client gives up 500 ms later (a silent network). */
  queryMs: number;
  /** A transaction left open with nothing running, ended by the server to free its locks. */
  idleTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  queryMs: 5000,
  idleTransactionMs: 10_000,
};

/** How long after the server's statement timeout the client stops waiting for an answer. */
const CLIENT_GRACE_MS = 500;

/** Told of every query's outcome, and of connections lost while idle in the pool. */
export interface DatabaseMonitor {
  failed(err: unknown): void;
  succeeded(): void;
}

export interface OpenOptions {
  timeouts?: DatabaseTimeouts;
  monitor?: DatabaseMonitor;
  /** SQLite: told if the checkpoint worker stops while the database is open (decision 026). */
  checkpointerStopped?: (error: Error | undefined) => void;
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return openPostgres(url, options);
  }
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options);
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}

/** Kysely's query log, used to tell the monitor whether queries fail or succeed. */
function monitorLog(monitor: DatabaseMonitor | undefined) {
  if (!monitor) return undefined;
  return (event: LogEvent) => {
    if (event.level === 'error') {
      const down = unavailable(event.error);
      if (down && down.kind !== 'contention') monitor.failed(event.error);
    } else {
      monitor.succeeded();
    }
  };
}

/**
 * SQLite's commit durability: FULL, not WAL's usual NORMAL, because commits here move money
 * (decision 027). Exported for the benchmark's plain transaction, which must commit the same way.
 */
export const SQLITE_SYNCHRONOUS = 'FULL';

function openSqlite(path: string, { monitor, checkpointerStopped }: OpenOptions): DatabaseHandle {
  const memory = path === ':memory:' || path === '';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(memory ? ':memory:' : path);
  // WAL lets readers run beside the writer. FULL sync flushes the log at every commit, so an
  // answered transfer or payment survives a power cut as it does on PostgreSQL; NORMAL would
  // lose the last commits (decision 027).
  const journalMode = String(sqlite.pragma('journal_mode = WAL', { simple: true }));
  sqlite.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The log is copied back into the file beside the event loop, not in a request's commit.
  const checkpointer =
    journalMode === 'wal'
      ? startCheckpointer(sqlite, path, { stopped: checkpointerStopped })
      : null;
  // A file's commits are grouped, one flush per event-loop turn, and its reads outside a
  // transaction see flushed data only (decision 028). In memory there is nothing to flush, and no
  // second connection could see the same database.
  const grouped = memory
    ? null
    : new GroupCommitSqliteDialect({
        writer: withStatementCache(sqlite),
        raw: sqlite,
        reader: withStatementCache(openReader(path)),
      });
  const db = new Kysely<Database>({
    dialect: grouped ?? new SqliteDialect({ database: withStatementCache(sqlite) }),
    log: monitorLog(monitor),
  });
  if (grouped) {
    readDirectly(db, (text, parameters) => {
      try {
        const rows = grouped.readNow(text, parameters);
        if (rows) monitor?.succeeded();
        return rows;
      } catch (err) {
        const down = unavailable(err);
        if (down && down.kind !== 'contention') monitor?.failed(err);
        throw err;
      }
    });
  }
  return {
    db,
    dialect: 'sqlite',
    journalMode,
    schema: undefined,
    // One writing connection, its statements one at a time (reads may use a second one).
    connections: () => ({ inUse: 1, idle: 0, waiting: 0 }),
    roundTrips: null,
    checkpointer,
    groupCommit: grouped,
    close: async () => {
      await checkpointer?.close();
      await db.destroy();
    },
  };
}

/** The read-only connection that answers reads outside a transaction (decision 028). */
function openReader(path: string): SQLite.Database {
  const reader = new SQLite(path, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return reader;
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

/**
 * The pg driver, loaded when a server opens PostgreSQL: a server on the embedded SQLite file
 * (the default) has no use for it, and it was a tenth of a second of every start (decision 049).
 * pg is CommonJS, so `require` loads it at once and opening stays synchronous.
 */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg');

function openPostgres(
  url: string,
  { timeouts = DEFAULT_DATABASE_TIMEOUTS, monitor }: OpenOptions,
): DatabaseHandle {
  const driver = loadPg();
  const parsed = new URL(url);
  // `?schema=name` keeps one database usable by several test runs side by side.
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  // The URL's own `options` would replace the search path rather than add to it: join them.
  const urlOptions = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  const options = [urlOptions, schema ? `-c search_path=${schema}` : null]
    .filter(Boolean)
    .join(' ');
  const pool = new driver.Pool({
    connectionString: parsed.toString(),
    max: 10,
    ...(options ? { options } : {}),
    // Operators find the server's connections by this name (pg_stat_activity); `?application_name=`
    // in the URL takes precedence.
    application_name: 'omega-api',
    connectionTimeoutMillis: timeouts.connectMs,
    // Sent at connection start, so the server enforces them; 0 leaves the server's own setting.
    statement_timeout: timeouts.queryMs || undefined,
    idle_in_transaction_session_timeout: timeouts.idleTransactionMs || undefined,
    // The server cannot end a statement whose answer the network swallows: the client gives
    // up a little after the server would have, and the connection is then thrown away.
    query_timeout: timeouts.queryMs ? timeouts.queryMs + CLIENT_GRACE_MS : undefined,
    // int8 columns hold millisecond times and counts, all far below 2^53.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? Number : driver.types.getTypeParser(oid, format ?? 'text'),
    } as pg.CustomTypesConfig,
  });
  const report = (err: unknown) => monitor?.failed(err);
  // Without these listeners a connection that drops (pg_terminate_backend, a proxy reset, a
  // restart) is an unhandled 'error' event that ends the process. An idle client is removed by
  // the pool, which then emits here; a checked-out one fails its query and is dropped at release.
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const counted = { roundTrips: 0 };
  const db = new Kysely<Database>({
    dialect: new ScopedPostgresDialect({ pool: discardingBrokenClients(pool, report, counted) }),
    log: monitorLog(monitor),
  });
  return {
    db,
    dialect: 'postgres',
    journalMode: 'postgres-wal',
    schema: schema ?? undefined,
    connections: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    roundTrips: () => counted.roundTrips,
    checkpointer: null,
    groupCommit: null,
    close: async () => {
      // pg-pool's end() resolves once it has asked each connection to end, while their sockets
      // are still closing; it says 'remove' as each one has. Closed means closed
      // (test/app-close.test.ts); bounded, in case a connection being opened never reports.
      const ended = emitted(pool, 'remove', pool.totalCount, 3_000);
      await db.destroy();
      await ended;
    },
  };
}

/** The pool client's face to Kysely, made once for each of the pool's connections. */
const AS_KYSELY = Symbol('omega.asKysely');

type PoolClient = pg.PoolClient & { [AS_KYSELY]?: PostgresPoolClient };

/**
 * The pool as Kysely sees it. A client whose connection failed or went silent (pg's query
 * timeout leaves it waiting for an answer that may never come) is handed back with its error,
 * so the pool ends it instead of lending it again; meanwhile its further queries (a ROLLBACK
 * after a failed statement) fail at once instead of waiting out another timeout.
 *
 * Each of the pool's connections has one face, lent every time the connection is: Kysely keys
 * its own connection object (and its query logging) by the client it is given, in weak tables,
 * so a new face for every checkout made a new Kysely connection for every request, and those
 * tables kept each one alive through the young generation's collections (hot-path.md item 25).
 */
export function discardingBrokenClients(
  pool: Pick<pg.Pool, 'connect' | 'end'>,
  report: (err: unknown) => void,
  counted: { roundTrips: number },
): PostgresPool {
  const face = (client: PoolClient): PostgresPoolClient => {
    let broken: Error | undefined;
    const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
      if (broken) throw broken;
      counted.roundTrips++;
      const name = statementName(text);
      const values = parameters as unknown[];
      try {
        return await (name ? client.query({ name, text, values }) : client.query(text, values));
      } catch (err) {
        if (unavailable(err)?.kind === 'connection') broken = err as Error;
        throw err;
      }
    };
    return {
      // Only the (sql, parameters) form: Kysely passes a cursor only for streaming, which
      // this app does not configure.
      query: query as unknown as PostgresPoolClient['query'],
      // A broken connection is not lent again, so its face is never seen again either.
      release: () => client.release(broken),
    };
  };
  return {
    async connect() {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        report(err);
        throw err;
      }
      client[AS_KYSELY] ??= face(client);
      return client[AS_KYSELY];
    },
    end: () => pool.end(),
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
    // The schema's relations through its entries in pg_depend, every step an index lookup, not
    // information_schema.tables, which reads all of pg_class and checks privileges on each row.
    // On the test server, whose catalogs grow with every schema made and dropped (autovacuum is
    // off there), a new connection's first read of the view cost 40 ms of the server's CPU and
    // this one 9; the API suite starts the app about 1,200 times.
    const rows = await sql<{ table_schema: string; table_name: string; table_type: string }>`
      select n.nspname as table_schema, c.relname as table_name,
        case when c.relkind = 'v' then 'VIEW' else 'BASE TABLE' end as table_type
      from pg_catalog.pg_depend d
      join pg_catalog.pg_class c on c.oid = d.objid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where d.classid = 'pg_catalog.pg_class'::regclass
        and d.refclassid = 'pg_catalog.pg_namespace'::regclass
        and d.refobjid = current_schema()::regnamespace
        and c.relkind in ('r', 'p', 'v')`
      .execute(db)
      .then((result) => result.rows);
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
