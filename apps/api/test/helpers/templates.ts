// The run's migrated databases, made once before the test files start (test/global-setup.ts);
// every test database is a copy of one of them (helpers/databases.ts). No vitest here: this runs
// in vitest's own process, before any test file.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** A migrated PostgreSQL schema as SQL, and the schema name the SQL uses for itself. */
export interface PostgresTemplate {
  dump: string;
  /** Its rows alone (and its sequences' positions): what the schema holds before any test. */
  seed: string;
  schema: string;
  /** How every test schema's name starts in this run: what the run leaves is dropped at its end. */
  prefix: string;
}

/** pg_dump's SQL without psql's meta-commands, which only psql understands. */
const withoutMetaCommands = (dump: string) =>
  dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');

/** A SQLite file in a folder of its own, and a function that removes the folder. */
export function sqliteFile(): { url: string; file: string; drop(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'omega-test-db-'));
  const file = join(dir, 'omega.db');
  return {
    url: `sqlite:${file}`,
    file,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs `work` on a connection of its own to `url`, closed after. */
export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `text` (one or more statements) on its own connection to `url`. */
export async function query(url: string, text: string): Promise<void> {
  await withClient(url, (client) => client.query(text));
}

/** Drops every schema whose name starts with `prefix` (the test schemas a run left). */
async function dropSchemasStartingWith(url: string, prefix: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
      [prefix],
    );
    for (const { name } of rows) await client.query(`drop schema ${name} cascade`);
  });
}

function pgDump(args: string[]): string {
  try {
    return execFileSync('pg_dump', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'pg_dump is missing: the PostgreSQL tests copy one migrated schema with it ' +
          '(apt-get install -y postgresql-client)',
      );
    }
    throw err;
  }
}

async function migrate(handle: DatabaseHandle): Promise<void> {
  try {
    await migrateToLatest(handle.db, handle.schema);
  } finally {
    await handle.close();
  }
}

/**
 * The run's migrated databases (test/global-setup.ts, once per run): a SQLite file, and on
 * PostgreSQL a schema migrated then dumped (pg_dump's SQL, without psql's meta-commands), the
 * schema itself dropped again.
 */
export async function migrateTemplates(): Promise<{
  sqliteTemplate: string;
  postgresTemplate: PostgresTemplate | null;
  drop(): Promise<void>;
}> {
  const file = sqliteFile();
  const pgUrl = process.env.OMEGA_TEST_PG_URL;
  await migrate(openDatabase(file.url));
  if (!pgUrl) return { sqliteTemplate: file.file, postgresTemplate: null, drop: file.drop };
  // Random, so that two runs on one server do not meet; each copy replaces it with its own.
  const run = randomBytes(6).toString('hex');
  const schema = `omega_template_${run}`;
  const prefix = `t_${run}_`;
  await query(pgUrl, `create schema ${schema}`);
  const url = new URL(pgUrl);
  url.searchParams.set('schema', schema);
  try {
    await migrate(openDatabase(url.toString()));
    // Its rows too (the plans' features, the migrations applied), as INSERTs one query runs.
    const options = ['--inserts', '--no-owner', '--no-privileges', '--schema', schema, pgUrl];
    return {
      sqliteTemplate: file.file,
      postgresTemplate: {
        dump: withoutMetaCommands(pgDump(options)),
        seed: withoutMetaCommands(pgDump(['--data-only', ...options])),
        schema,
        prefix,
      },
      drop: async () => {
        await file.drop();
        await dropSchemasStartingWith(pgUrl, prefix);
      },
    };
  } finally {
    await query(pgUrl, `drop schema ${schema} cascade`);
  }
}
