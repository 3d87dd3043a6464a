// Every database test runs on SQLite and, when OMEGA_TEST_PG_URL points at a server, on
// PostgreSQL too. Each database starts as a copy of one the run migrated once
// (test/global-setup.ts): a file copied on SQLite, on PostgreSQL a schema restored from the
// migrated one's dump, or one an earlier test of this worker finished with, emptied and given the
// dump's rows again. The app still runs its migrations at start, as a server does, and finds
// them applied.
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateUpTo } from '../../src/db/migrate.js';
import { type PostgresTemplate, sqliteFile } from './templates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file every SQLite test database is a copy of. */
    sqliteTemplate: string;
    /** The migrated PostgreSQL schema's dump; null without OMEGA_TEST_PG_URL. */
    postgresTemplate: PostgresTemplate | null;
  }
}

export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL';
  /** A fresh, migrated database's URL, plus a function that removes it. */
  create(): Promise<{ url: string; drop(): Promise<void> }>;
  /** A fresh database with no tables yet: for the tests of a migration. */
  createEmpty(): Promise<{ url: string; drop(): Promise<void> }>;
}

const pgUrl = process.env.OMEGA_TEST_PG_URL;

/**
 * A migration's test: a fresh database migrated up to `migration` (its tables as that release
 * left them), opened as production opens it, handed to `use`; closed and removed after.
 */
export async function atMigration(
  database: TestDatabase,
  migration: string,
  use: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const { url, drop } = await database.createEmpty();
  const handle = openDatabase(url);
  try {
    await migrateUpTo(handle.db, handle.schema, migration);
    await use(handle);
  } finally {
    await handle.close();
    await drop();
  }
}

/**
 * A migrated SQLite database, opened by the app exactly as `DATABASE_URL=sqlite:<file>` opens it
 * in production: a file in WAL mode, its commits grouped, a read connection beside the writer,
 * the checkpoint worker (db/database.ts). In-memory databases are left to the unit tests that
 * say why they use one.
 */
function sqliteCopy(): { url: string; drop(): Promise<void> } {
  const { url, file, drop } = sqliteFile();
  copyFileSync(inject('sqliteTemplate'), file);
  return { url, drop };
}

export const sqliteTestUrl = (): string => sqliteCopy().url;

export const sqlite: TestDatabase = {
  name: 'SQLite',
  create: async () => sqliteCopy(),
  createEmpty: async () => {
    const { url, drop } = sqliteFile();
    return { url, drop };
  },
};

/**
 * What a schema's tables, columns, indexes, constraints, triggers and functions are, as one hash:
 * a schema a test changed (a column added, a table renamed, a trigger created) no longer matches
 * the template's. Found from the schema's entry in pg_depend and joined by oid, every step an
 * index lookup: the catalogs of a test server that has seen thousands of schemas come and go are
 * long, and a scan of them took 150 ms.
 */
const FINGERPRINT = `
  with objects as (
    select d.classid, d.objid from pg_depend d
    where d.refclassid = 'pg_namespace'::regclass and d.refobjid = $1::text::regnamespace
  ), rels as (
    select c.oid, c.relname, c.relkind from pg_class c
    join objects o on o.classid = 'pg_class'::regclass and c.oid = o.objid
  )
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select relname || ':' || relkind::text as item from rels
    union all
    select r.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':'
      || a.attnotnull::text || ':' || a.atthasdef::text
      from rels r join pg_attribute a on a.attrelid = r.oid
      where a.attnum > 0 and not a.attisdropped
    union all
    select r.relname || ':index:' || x.relname || ':' || i.indkey::text || ':' || i.indisunique::text
      from rels r join pg_index i on i.indrelid = r.oid join pg_class x on x.oid = i.indexrelid
    union all
    select r.relname || ':trigger:' || t.tgname || ':' || t.tgenabled::text
      from rels r join pg_trigger t on t.tgrelid = r.oid where not t.tgisinternal
    union all
    select r.relname || ':constraint:' || k.conname || ':' || k.contype::text
      from rels r join pg_constraint k on k.conrelid = r.oid
    union all
    select p.proname || ':' || md5(p.prosrc)
      from pg_proc p join objects o on o.classid = 'pg_proc'::regclass and p.oid = o.objid
  ) items`;

/**
 * Runs `work` on this worker's one connection for making, checking, emptying and dropping test
 * schemas, one piece of work at a time (a hand-back that fails rolls back before the next
 * begins). Opened when first needed, and again after the server ends it. A new connection for
 * each (two per new schema) was a large part of the server's work for the suite: each cost
 * PostgreSQL about 22 ms of CPU here, then more to read its catalogs for the first time. The
 * dump's own settings (an empty search_path among them) are reset after it runs.
 */
let admin: Promise<pg.Client> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function adminClient(): Promise<pg.Client> {
  if (admin) return admin;
  const client = new pg.Client({ connectionString: pgUrl });
  const opened = client.connect().then(() => client);
  admin = opened;
  const forget = () => {
    if (admin === opened) admin = undefined;
  };
  client.on('error', forget);
  client.on('end', forget);
  opened.catch(forget);
  return opened;
}

function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const run = queue.then(async () => work(await adminClient()));
  queue = run.catch(() => {});
  return run;
}

/**
 * Schemas a finished test handed back, emptied and given the template's rows again, for this
 * worker's next test. Restoring the dump and dropping the schema after cost 277 ms a test on the
 * CI machine's PostgreSQL; checking, emptying and refilling one costs 65 ms, and leaves the
 * server's catalogs nothing to grow with (decision 032). A schema whose shape a test changed is
 * dropped instead.
 */
const spare: string[] = [];
/** The template's fingerprint, as a schema fresh from its dump has it (the first one made). */
let templateFingerprint: string | undefined;

function renamed(template: PostgresTemplate, schema: string, text: string): string {
  return text.replaceAll(template.schema, schema);
}

/** The template's tables (partitions too), by their qualified names in its dump. */
const tablesOf = (template: PostgresTemplate): string[] =>
  [...template.dump.matchAll(/^CREATE TABLE (\S+) /gm)].map((match) => match[1] ?? '');

const fingerprint = async (client: pg.Client, schema: string): Promise<string> =>
  (await client.query<{ fingerprint: string }>(FINGERPRINT, [schema])).rows[0]?.fingerprint ?? '';

/** Empties `schema` and puts the template's rows back, or drops it if a test changed its shape. */
async function handBack(template: PostgresTemplate, schema: string): Promise<void> {
  const reused = await withAdmin(async (client) => {
    if ((await fingerprint(client, schema)) !== templateFingerprint) return false;
    // DELETE, not TRUNCATE: a TRUNCATE gives each of the schema's tables and indexes new files,
    // which cost as much as making the schema again. The triggers stay quiet (as in pg_dump's
    // --disable-triggers), so the rows go in any order and come back as the dump has them. A
    // connection a test left behind holding a table is waited on for a moment, then the schema
    // is dropped instead (as it always was). SET LOCAL, and RESET ALL for the dump's own SETs:
    // the connection serves the worker's next schemas.
    try {
      await client.query(
        [
          'begin',
          "set local lock_timeout = '2s'",
          'set local session_replication_role = replica',
          ...tablesOf(template).map((table) => `delete from ${renamed(template, schema, table)}`),
          renamed(template, schema, template.seed),
          'commit',
          'reset all',
        ].join(';\n'),
      );
    } catch (err) {
      await client.query('rollback; reset all').catch(() => {});
      throw err;
    }
    return true;
  }).catch(() => false);
  if (reused) spare.push(schema);
  else await withAdmin((client) => client.query(`drop schema ${schema} cascade`));
}

/**
 * Hands `schema` back once, however often a test calls drop: a schema in the list twice would be
 * two tests' at once.
 */
function handBackOnce(template: PostgresTemplate, schema: string): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= handBack(template, schema);
    return done;
  };
}

/** A new schema in the test database, restored from the template's dump when there is one. */
async function postgresSchema(template: PostgresTemplate | null) {
  const server = pgUrl ?? '';
  const url = (schema: string) => {
    const u = new URL(server);
    u.searchParams.set('schema', schema);
    return u.toString();
  };
  const reuse = template ? spare.pop() : undefined;
  if (template && reuse) return { url: url(reuse), drop: handBackOnce(template, reuse) };
  const schema = `${inject('postgresTemplate')?.prefix ?? 't_'}${randomBytes(6).toString('hex')}`;
  await withAdmin((client) =>
    client.query(
      template
        ? `${renamed(template, schema, template.dump)};\nreset all`
        : `create schema ${schema}`,
    ),
  );
  if (!template)
    return {
      url: url(schema),
      drop: async () => {
        await withAdmin((client) => client.query(`drop schema ${schema} cascade`));
      },
    };
  templateFingerprint ??= await withAdmin((client) => fingerprint(client, schema));
  return { url: url(schema), drop: handBackOnce(template, schema) };
}

export const postgres: TestDatabase = {
  name: 'PostgreSQL',
  create: () => postgresSchema(inject('postgresTemplate')),
  createEmpty: () => postgresSchema(null),
};

/** Declares the same suite once per database dialect. */
export function describeEachDatabase(title: string, suite: (db: TestDatabase) => void) {
  describe(`${title} [SQLite]`, () => suite(sqlite));
  if (pgUrl) {
    describe(`${title} [PostgreSQL]`, () => suite(postgres));
  } else {
    describe.skip(`${title} [PostgreSQL] — skipped: OMEGA_TEST_PG_URL is not set`, () => {
      it('runs on PostgreSQL when OMEGA_TEST_PG_URL=postgres://… is set', () => {});
    });
  }
}
