// Text search over the system log on PostgreSQL: trigram GIN indexes (pg_trgm) let ILIKE
// '%text%' find rare or absent text without reading every row. pg_trgm ships with PostgreSQL
// but creating an extension needs the right privilege; without it the migration leaves the
// indexes out and searches still work, only slower (a savepoint keeps the migration whole).
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`savepoint log_search`.execute(db);
  try {
    // In `public`, not the schema in use: an extension belongs to the whole database.
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    // Wherever an earlier install put it, use its operator class by its full name.
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_opclass c
      join pg_namespace n on n.oid = c.opcnamespace
      where c.opcname = 'gin_trgm_ops' limit 1`.execute(db);
    const schema = rows[0]?.schema;
    if (!schema) throw new Error('pg_trgm has no gin_trgm_ops');
    const ops = sql.raw(`${sql.id(schema).compile(db).sql}.gin_trgm_ops`);
    await sql`create index system_logs_message_trgm_idx on system_logs using gin (message ${ops})`.execute(
      db,
    );
    await sql`create index system_logs_source_trgm_idx on system_logs using gin (source ${ops})`.execute(
      db,
    );
    await sql`release savepoint log_search`.execute(db);
  } catch {
    await sql`rollback to savepoint log_search`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists system_logs_source_trgm_idx`.execute(db);
  await sql`drop index if exists system_logs_message_trgm_idx`.execute(db);
}
