// Text search over the system log without reading every row: on SQLite a trigram full-text
// index (FTS5) answers "contains" searches of three or more characters, kept in step with
// system_logs by triggers. Contentless with contentless_delete, so it stores no second copy
// of the text and a delete needs only the row id. PostgreSQL searches with ILIKE as before.
import { type Kysely, SqliteAdapter, sql } from 'kysely';

/** Migration 0020 replaces this index with one per level (and the repository's clear with it). */
const FTS_DELETE_TRIGGER = `create trigger system_logs_fts_delete after delete on system_logs begin
    delete from system_logs_fts where rowid = old.id;
  end`;

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`create virtual table system_logs_fts using fts5(
    message, source, content='', contentless_delete=1, tokenize='trigram'
  )`.execute(db);
  await sql`insert into system_logs_fts (rowid, message, source)
    select id, message, source from system_logs`.execute(db);
  await sql`create trigger system_logs_fts_insert after insert on system_logs begin
    insert into system_logs_fts (rowid, message, source) values (new.id, new.message, new.source);
  end`.execute(db);
  await sql.raw(FTS_DELETE_TRIGGER).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`drop trigger system_logs_fts_delete`.execute(db);
  await sql`drop trigger system_logs_fts_insert`.execute(db);
  await sql`drop table system_logs_fts`.execute(db);
}
