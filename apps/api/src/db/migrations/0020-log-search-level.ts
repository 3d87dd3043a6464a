// The level inside the SQLite log search index (issue 38): one trigram index per level instead
// of one for every row. Seeking a cursor in a phrase's trigram lists costs time in proportion to
// their length, and filtering the level after the index walked 50 times the rows a page needs,
// so a common phrase at a level from a random cursor took 73.6 ms at p95 on a million rows; the
// index of that level alone holds only its own rows. INFO's index also keeps any other level, so
// a search without a level still finds every row. PostgreSQL keeps its trigram indexes (0007):
// the same search takes a few milliseconds there (bench/README.md, admin-scale).
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { up as createSingleIndex } from './0005-log-search.js';

/** Each level's index; INFO's also holds any level not listed (searches check the row's level). */
const LOG_SEARCH_TABLES = {
  ERROR: 'system_logs_fts_error',
  WARNING: 'system_logs_fts_warning',
  INFO: 'system_logs_fts_info',
} as const;

const inTable = (table: string, level: string) =>
  table === LOG_SEARCH_TABLES.INFO ? `level not in ('ERROR', 'WARNING')` : `level = '${level}'`;

const tables = Object.entries(LOG_SEARCH_TABLES);

/**
 * Migration 0028 rewrites it for the sealed partitions it adds (decision 046). A term
 * on `old` alone is decided once per statement, so the two other indexes are not touched.
 */
const FTS_LEVEL_DELETE_TRIGGER = `create trigger system_logs_fts_level_delete after delete on system_logs begin
${tables.map(([level, table]) => `    delete from ${table} where old.${inTable(table, level)} and rowid = old.id;`).join('\n')}
  end`;

const INSERT_TRIGGER = `create trigger system_logs_fts_level_insert after insert on system_logs begin
${tables
  .map(
    ([level, table]) =>
      `    insert into ${table} (rowid, message, source) select new.id, new.message, new.source where new.${inTable(table, level)};`,
  )
  .join('\n')}
  end`;

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`drop trigger system_logs_fts_delete`.execute(db);
  await sql`drop trigger system_logs_fts_insert`.execute(db);
  await sql`drop table system_logs_fts`.execute(db);
  for (const [level, table] of tables) {
    await sql
      .raw(`create virtual table ${table} using fts5(
      message, source, content='', contentless_delete=1, tokenize='trigram'
    )`)
      .execute(db);
    await sql
      .raw(`insert into ${table} (rowid, message, source)
      select id, message, source from system_logs where ${inTable(table, level)}`)
      .execute(db);
  }
  await sql.raw(INSERT_TRIGGER).execute(db);
  await sql.raw(FTS_LEVEL_DELETE_TRIGGER).execute(db);
}

/** Back to 0005's single index, rebuilt from the rows. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`drop trigger system_logs_fts_level_delete`.execute(db);
  await sql`drop trigger system_logs_fts_level_insert`.execute(db);
  for (const table of Object.values(LOG_SEARCH_TABLES)) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
  await createSingleIndex(db);
}
