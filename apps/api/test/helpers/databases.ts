// Every database test runs on SQLite and, when OMEGA_TEST_PG_URL points at a server, on
// PostgreSQL too; each app gets its own schema there so test files can run side by side.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it } from 'vitest';

export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL';
  /** A fresh, empty database URL plus a function that removes it. */
  create(): Promise<{ url: string; drop(): Promise<void> }>;
}

const pgUrl = process.env.OMEGA_TEST_PG_URL;

/**
 * SQLite in memory by default. OMEGA_TEST_SQLITE_FILES=1 puts each test's database in a file
 * instead, the way a deployment runs it, so the suite also runs through the file's group commit
 * and read connection (decision 028); slower, so not the default.
 */
export const sqliteTestUrl = (): string =>
  process.env.OMEGA_TEST_SQLITE_FILES === '1'
    ? `sqlite:${join(mkdtempSync(join(tmpdir(), 'omega-test-db-')), 'omega.db')}`
    : 'sqlite::memory:';

export const sqlite: TestDatabase = {
  name: 'SQLite',
  create: async () => ({ url: sqliteTestUrl(), drop: async () => {} }),
};

const postgres: TestDatabase = {
  name: 'PostgreSQL',
  async create() {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(pgUrl ?? '');
    url.searchParams.set('schema', schema);
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    };
  },
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
