// Every database test runs on SQLite and, when OMEGA_TEST_PG_URL points at a server, on
// PostgreSQL too. Each database starts as a copy of one the run migrated once
// (test/global-setup.ts): a file copied on SQLite, a schema restored from the migrated one's
// dump on PostgreSQL. The app still runs its migrations at start, as a server does, and finds
// them applied.
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { describe, inject, it } from 'vitest';
import { type PostgresTemplate, query, sqliteFile } from './templates.js';

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

/** A new schema in the test database, restored from the template's dump when there is one. */
async function postgresSchema(template: PostgresTemplate | null) {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const server = pgUrl ?? '';
  await query(
    server,
    template ? template.dump.replaceAll(template.schema, schema) : `create schema ${schema}`,
  );
  const url = new URL(server);
  url.searchParams.set('schema', schema);
  return { url: url.toString(), drop: () => query(server, `drop schema ${schema} cascade`) };
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
