// SQLite's log search, each level's index in partitions by id (decision 046). FTS5 does not seek
// to a rowid: a page below a cursor walks the index from its newest row down to the cursor, so a
// page from the middle of a million rows cost as much as walking half of them (57.5 ms at p95 in
// bench/admin-scale, at any level). Here each level's index holds at most about
// LOG_SEARCH_PARTITION_ROWS rows: the open partition keeps 0020's table name, so the insert
// trigger and the previous release still write to it; once it is full the server renames it to
// a sealed partition (`<name>_<first id>`, listed in system_logs_fts_parts with its id range) and
// opens an empty one. A search walks the partition holding its cursor from there, and the older
// ones from their newest rows, which stops as soon as the page is full.
// The delete trigger deletes from the partition holding the row, so it is rewritten whenever the
// partitions change. This migration splits the indexes 0020 built into partitions.
import { type Kysely, SqliteAdapter, sql } from 'kysely';

/** A level's open partition (0020's table); its sealed ones are named `<this>_<first id>`. */
export const LOG_SEARCH_TABLES = {
  ERROR: 'system_logs_fts_error',
  WARNING: 'system_logs_fts_warning',
  INFO: 'system_logs_fts_info',
} as const;

export type SearchLevel = keyof typeof LOG_SEARCH_TABLES;

/** Rows in a sealed partition: a page below a cursor walks at most about this many. */
export const LOG_SEARCH_PARTITION_ROWS = 100_000;

/** The sealed partitions, each with the ids it covers (the open one covers the rest). */
export const LOG_SEARCH_PARTS = 'system_logs_fts_parts';

export interface SealedPart {
  name: string;
  level: SearchLevel;
  minId: number;
  maxId: number;
}

/** The rows of system_logs a level's partitions hold (INFO's also hold any level not listed). */
export const levelCondition = (level: SearchLevel, row = '') =>
  level === 'INFO' ? `${row}level not in ('ERROR', 'WARNING')` : `${row}level = '${level}'`;

export const createPartitionSql = (table: string) =>
  `create virtual table ${table} using fts5(
    message, source, content='', contentless_delete=1, tokenize='trigram'
  )`;

const levels = Object.entries(LOG_SEARCH_TABLES) as Array<[SearchLevel, string]>;

/** 0020's insert trigger: new rows go to their level's open partition. */
export const INSERT_TRIGGER = `create trigger system_logs_fts_level_insert after insert on system_logs begin
${levels
  .map(
    ([level, table]) =>
      `    insert into ${table} (rowid, message, source) select new.id, new.message, new.source where ${levelCondition(level, 'new.')};`,
  )
  .join('\n')}
  end`;

/**
 * The delete trigger for these sealed partitions: a deleted row leaves the partition holding it.
 * A term on `old` alone is decided once per row, so the other partitions are not touched.
 */
export function deleteTriggerSql(sealed: readonly SealedPart[]): string {
  const open = levels.map(
    ([level, table]) =>
      `    delete from ${table} where ${levelCondition(level, 'old.')} and rowid = old.id;`,
  );
  const closed = sealed.map(
    (p) =>
      `    delete from ${p.name} where ${levelCondition(p.level, 'old.')} and old.id between ${p.minId} and ${p.maxId} and rowid = old.id;`,
  );
  return `create trigger system_logs_fts_level_delete after delete on system_logs begin
${[...open, ...closed].join('\n')}
  end`;
}

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function sealedParts(
  // biome-ignore lint/suspicious/noExplicitAny: read by the migration and the repository alike.
  db: Kysely<any>,
): Promise<SealedPart[]> {
  const { rows } = await sql<{ name: string; level: SearchLevel; min_id: number; max_id: number }>`
    select name, level, min_id, max_id from ${sql.table(LOG_SEARCH_PARTS)} order by max_id desc`.execute(
    db,
  );
  return rows.map((r) => ({
    name: r.name,
    level: r.level,
    minId: Number(r.min_id),
    maxId: Number(r.max_id),
  }));
}

/**
 * Runs `work` with both triggers dropped, then creates them again: renaming a table rewrites the
 * triggers that name it, and the delete trigger names every sealed partition, read here from the
 * table of ranges once `work` has changed it.
 */
export async function withTriggersRewritten(
  // biome-ignore lint/suspicious/noExplicitAny: run by the migration and the repository alike.
  db: Kysely<any>,
  work: () => Promise<void>,
): Promise<void> {
  await sql`drop trigger system_logs_fts_level_delete`.execute(db);
  await sql`drop trigger system_logs_fts_level_insert`.execute(db);
  await work();
  await sql.raw(INSERT_TRIGGER).execute(db);
  await sql.raw(deleteTriggerSql(await sealedParts(db))).execute(db);
}

/** A new partition `name` holding the level's rows from `fromId` (to `toId`, or the newest). */
async function buildPartition(
  db: Kysely<unknown>,
  name: string,
  level: SearchLevel,
  fromId: number,
  toId?: number,
): Promise<void> {
  await sql.raw(createPartitionSql(name)).execute(db);
  await sql
    .raw(`insert into ${name} (rowid, message, source)
      select id, message, source from system_logs
      where ${levelCondition(level)} and id >= ${fromId}${toId === undefined ? '' : ` and id <= ${toId}`}`)
    .execute(db);
}

/**
 * Splits each level's open partition into sealed ones of `rows` rows, rebuilt from system_logs,
 * and an open one with the rest. Used on the indexes 0020 built; the server seals by renaming.
 */
export async function splitLevelIndexes(
  // biome-ignore lint/suspicious/noExplicitAny: run by the migration, and by its test at a small size.
  db: Kysely<any>,
  rows: number,
): Promise<void> {
  await withTriggersRewritten(db, async () => {
    for (const [level, open] of levels) {
      const { rows: ends } = await sql<{ id: number }>`
        select id from (
          select id, row_number() over (order by id) as n from system_logs
          where ${sql.raw(levelCondition(level))}
        ) where n % ${rows} = 0 order by id`.execute(db);
      if (ends.length === 0) continue;
      let from = 1;
      for (const { id } of ends) {
        const to = Number(id);
        const name = `${open}_${from}`;
        await buildPartition(db, name, level, from, to);
        await sql`insert into ${sql.table(LOG_SEARCH_PARTS)} (name, level, min_id, max_id)
          values (${name}, ${level}, ${from}, ${to})`.execute(db);
        from = to + 1;
      }
      // The open partition keeps what is newer than the last sealed one.
      await sql.raw(`drop table ${open}`).execute(db);
      await buildPartition(db, open, level, from);
    }
  });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`create table ${sql.table(LOG_SEARCH_PARTS)} (
    name text primary key,
    level text not null,
    min_id integer not null,
    max_id integer not null
  )`.execute(db);
  await splitLevelIndexes(db, LOG_SEARCH_PARTITION_ROWS);
}

/** Back to one index per level (0020's), rebuilt from the rows. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  const sealed = await sealedParts(db);
  if (sealed.length > 0) {
    await withTriggersRewritten(db, async () => {
      for (const part of sealed) await sql.raw(`drop table ${part.name}`).execute(db);
      await sql`delete from ${sql.table(LOG_SEARCH_PARTS)}`.execute(db);
      for (const [level, open] of levels) {
        await sql.raw(`drop table ${open}`).execute(db);
        await buildPartition(db, open, level, 1);
      }
    });
  }
  await sql`drop table ${sql.table(LOG_SEARCH_PARTS)}`.execute(db);
}
