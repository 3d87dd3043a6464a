// The server's own log as the admin Logs page reads it: newest first, filtered by level and
// text, paged by an id cursor so a page costs the same on the millionth row as on the first.
import { type Kysely, sql } from 'kysely';
import {
  createPartitionSql,
  LOG_SEARCH_PARTITION_ROWS,
  LOG_SEARCH_PARTS,
  LOG_SEARCH_TABLES,
  levelCondition,
  type SealedPart,
  type SearchLevel,
  sealedParts,
  withTriggersRewritten,
} from '../db/migrations/0028-log-search-partitions.js';
import type { Database, SystemLogRow, SystemLogsTable } from '../db/schema.js';
import { contains } from '../lib/like-pattern.js';
import { type BucketCount, bucketOf, toBucketCounts } from '../lib/time-buckets.js';
import { inTransaction } from '../lib/transaction.js';

export type LogLevel = SystemLogsTable['level'];

const TRIGRAM = 3;

export interface NewSystemLog {
  level: LogLevel;
  source: string;
  message: string;
  stackTrace: string | null;
  at: number;
  /** The X-Request-Id of the request that wrote it (decision 020). */
  requestId?: string | null;
}

export interface LogFilter {
  level?: LogLevel;
  /** Text the message or source contains, ignoring case. */
  search?: string;
  /** Only entries older than this id (the cursor of the previous page). */
  before?: number;
  limit: number;
}

/** How many times a search starts again when the partitions changed while it ran. */
const SEARCH_ATTEMPTS = 3;

export class SystemLogsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
    /** Rows in a sealed search partition (SQLite; decision 046). Small in tests. */
    private readonly partitionRows = LOG_SEARCH_PARTITION_ROWS,
  ) {}

  async insertMany(entries: readonly NewSystemLog[], db = this.db): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insertInto('system_logs')
      .values(
        entries.map((e) => ({
          level: e.level,
          source: e.source,
          message: e.message,
          stack_trace: e.stackTrace,
          created_at: e.at,
          request_id: e.requestId ?? null,
        })),
      )
      .execute();
  }

  page(filter: LogFilter, db = this.db): Promise<SystemLogRow[]> {
    const search = filter.search?.trim() ?? '';
    // The trigram index needs three characters (code points: an emoji is one, though two UTF-16
    // units); shorter searches match so much that walking the newest rows finds a page quickly
    // anyway.
    if (this.dialect === 'sqlite' && [...search].length >= TRIGRAM) {
      return this.searchIndexed({ ...filter, search }, db);
    }
    let query = db.selectFrom('system_logs').selectAll();
    if (filter.level) query = query.where('level', '=', filter.level);
    if (filter.before !== undefined) query = query.where('id', '<', filter.before);
    if (search) {
      query = query.where((eb) =>
        eb.or([
          contains(sql.ref('message'), search, this.dialect),
          contains(sql.ref('source'), search, this.dialect),
        ]),
      );
    }
    return query.orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /**
   * SQLite: each level's index is in partitions by id (migration 0028, decision 046). FTS5 walks
   * an index from its newest row down to a cursor, so the walk starts in the partition holding
   * the cursor and goes on to the older ones from their newest rows, stopping once the page is
   * full; without a level, each level's page, merged. If the partitions changed meanwhile (the
   * writer sealed or dropped one), the search starts again.
   */
  private async searchIndexed(
    filter: LogFilter & { search: string },
    db: Kysely<Database>,
  ): Promise<SystemLogRow[]> {
    for (let attempt = 1; ; attempt++) {
      const sealed = await sealedParts(db);
      try {
        const ids = await this.indexedIds(filter, sealed, db);
        if (sameParts(sealed, await sealedParts(db))) return this.rowsOf(ids, filter.level, db);
      } catch (err) {
        // A partition dropped by the retention sweep while this search ran.
        if (!/no such table/.test(String(err)) || attempt >= SEARCH_ATTEMPTS) throw err;
        continue;
      }
      if (attempt >= SEARCH_ATTEMPTS) throw new Error('The log search index kept changing');
    }
  }

  /** The ids of the page's matches, newest first, from each level's partitions. */
  private async indexedIds(
    filter: LogFilter & { search: string },
    sealed: readonly SealedPart[],
    db: Kysely<Database>,
  ): Promise<number[]> {
    // A quoted FTS5 phrase of trigrams is a "contains" match; quotes inside are doubled.
    const phrase = `"${filter.search.replace(/"/g, '""')}"`;
    const { before, limit } = filter;
    const levels = filter.level
      ? [filter.level]
      : (Object.keys(LOG_SEARCH_TABLES) as SearchLevel[]);
    const found: number[] = [];
    for (const level of levels) {
      const mine: number[] = [];
      for (const part of partitionsOf(level, sealed)) {
        // Wholly at or after the cursor: nothing of it is on this page.
        if (before !== undefined && part.minId >= before) continue;
        const table = sql.table(part.name);
        const below =
          before !== undefined && part.maxId >= before
            ? sql`and ${table}.rowid < ${before}`
            : sql``;
        // INFO's index also holds levels outside the three: checked on the way, so the page
        // is still full when some of its matches are of another level.
        const { rows } =
          filter.level === 'INFO'
            ? await sql<{ id: number }>`
                select ${table}.rowid as id from ${table} join system_logs l on l.id = ${table}.rowid
                where ${table} match ${phrase} ${below} and l.level = 'INFO'
                order by ${table}.rowid desc limit ${limit - mine.length}`.execute(db)
            : await sql<{ id: number }>`
                select rowid as id from ${table} where ${table} match ${phrase} ${below}
                order by rowid desc limit ${limit - mine.length}`.execute(db);
        for (const row of rows) mine.push(Number(row.id));
        if (mine.length >= limit) break;
      }
      found.push(...mine);
    }
    return found.sort((a, b) => b - a).slice(0, limit);
  }

  /** The rows of these ids, newest first; INFO's index also holds levels outside the three. */
  private async rowsOf(
    ids: readonly number[],
    level: LogLevel | undefined,
    db: Kysely<Database>,
  ): Promise<SystemLogRow[]> {
    if (ids.length === 0) return [];
    let query = db.selectFrom('system_logs').selectAll().where('id', 'in', ids);
    if (level) query = query.where('level', '=', level);
    return query.orderBy('id', 'desc').execute();
  }

  /**
   * SQLite: seals each level's open search partition that holds `partitionRows` rows or more
   * (renamed to `<name>_<first id>`, an empty one opened in its place), in one transaction with
   * the triggers that name it. Answers how many were sealed. Called by the log writer after
   * it prunes (services/system-log.ts).
   */
  async sealFullPartitions(db = this.db): Promise<number> {
    if (this.dialect !== 'sqlite') return 0;
    let count = 0;
    const newest = await this.newestId(db);
    for (const [level, open] of Object.entries(LOG_SEARCH_TABLES) as Array<[SearchLevel, string]>) {
      const sealed = await sealedParts(db);
      const from = (sealed.find((p) => p.level === level)?.maxId ?? 0) + 1;
      // Fewer ids than a partition's rows since its start: it cannot be full (cheaper than a count).
      if (newest - from + 1 < this.partitionRows) continue;
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from system_logs
        where id >= ${from} and ${sql.raw(levelCondition(level))}`.execute(db);
      if (Number(rows[0]?.n ?? 0) < this.partitionRows) continue;
      await inTransaction(db, async (trx) => {
        const { rows: last } = await sql<{ id: number | null }>`
          select max(id) as id from system_logs where ${sql.raw(levelCondition(level))}`.execute(
          trx,
        );
        const to = Number(last[0]?.id ?? 0);
        const name = `${open}_${from}`;
        await withTriggersRewritten(trx, async () => {
          await sql.raw(`alter table ${open} rename to ${name}`).execute(trx);
          await sql.raw(createPartitionSql(open)).execute(trx);
          await sql`insert into ${sql.table(LOG_SEARCH_PARTS)} (name, level, min_id, max_id)
            values (${name}, ${level}, ${from}, ${to})`.execute(trx);
        });
      });
      count += 1;
    }
    return count;
  }

  /** The id of the newest entry (0 when empty): cheap enough to tag every poll with. */
  /**
   * The newest rows written while serving the user's requests: those whose request id is on
   * one of the user's latest `requests` activity entries (the user page). Written in SQL
   * rather than the builder so it compiles before migration 0011 adds the request_id columns;
   * `hasRequestIds` says whether this database has them yet.
   */
  async forUserRequests(
    userId: number,
    requests: number,
    limit: number,
    db = this.db,
  ): Promise<SystemLogRow[]> {
    const result = await sql<SystemLogRow>`
      select s.id, s.level, s.source, s.message, s.stack_trace, s.created_at
      from system_logs s
      where s.request_id in (
        select a.request_id from activity_logs a
        where a.user_id = ${userId} and a.request_id is not null
        order by a.id desc limit ${requests}
      )
      order by s.id desc limit ${limit}`.execute(db);
    return result.rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) }));
  }

  /** Whether system_logs and activity_logs carry request ids (migration 0011). */
  async hasRequestIds(db = this.db): Promise<boolean> {
    try {
      await sql`select request_id from system_logs where 1 = 0`.execute(db);
      await sql`select request_id from activity_logs where 1 = 0`.execute(db);
      return true;
    } catch {
      return false;
    }
  }

  async newestId(db = this.db): Promise<number> {
    const row = await db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  async count(level?: LogLevel, db = this.db): Promise<number> {
    let query = db.selectFrom('system_logs').select((eb) => eb.fn.countAll<number>().as('n'));
    if (level) query = query.where('level', '=', level);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countSince(level: LogLevel, since: number, db = this.db): Promise<number> {
    const row = await db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('level', '=', level)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  recent(level: LogLevel, limit: number, db = this.db): Promise<SystemLogRow[]> {
    return db
      .selectFrom('system_logs')
      .selectAll()
      .where('level', '=', level)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Deletes every entry; answers how many there were. */
  async clear(db = this.db): Promise<number> {
    const count = await this.count(undefined, db);
    if (this.dialect === 'postgres') {
      await db.deleteFrom('system_logs').execute();
      return count;
    }
    // SQLite: row by row, the full-text trigger made a million-row clear take 5 s of a
    // single connection. Without the trigger SQLite empties the table at once, and each level's
    // index is emptied with one command; all of it in one transaction, so readers never see
    // the table and its indexes disagree.
    await inTransaction(db, (trx) =>
      withTriggersRewritten(trx, async () => {
        await sql`delete from system_logs`.execute(trx);
        for (const table of Object.values(LOG_SEARCH_TABLES)) {
          await sql`insert into ${sql.table(table)} (${sql.table(table)}) values ('delete-all')`.execute(
            trx,
          );
        }
        for (const part of await sealedParts(trx)) {
          await sql.raw(`drop table ${part.name}`).execute(trx);
        }
        await sql`delete from ${sql.table(LOG_SEARCH_PARTS)}`.execute(trx);
      }),
    );
    return count;
  }

  /** Keeps the newest `keep` entries (ids only grow, so "newest" is "largest id"). */
  async prune(keep: number, db = this.db): Promise<number> {
    const newest = await this.newestId(db);
    if (newest <= keep) return 0;
    await this.dropPartitionsUpTo(newest - keep, db);
    const result = await db
      .deleteFrom('system_logs')
      .where('id', '<=', newest - keep)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * SQLite: drops the sealed search partitions whose rows are all at or below `id` (about to be
   * deleted): dropping a partition is one statement, where the delete trigger would take its
   * rows out of the index one by one.
   */
  private async dropPartitionsUpTo(id: number, db: Kysely<Database>): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    const gone = (await sealedParts(db)).filter((p) => p.maxId <= id);
    if (gone.length === 0) return;
    await inTransaction(db, (trx) =>
      withTriggersRewritten(trx, async () => {
        for (const part of gone) {
          await sql.raw(`drop table ${part.name}`).execute(trx);
          await sql`delete from ${sql.table(LOG_SEARCH_PARTS)} where name = ${part.name}`.execute(
            trx,
          );
        }
      }),
    );
  }

  /** ERROR and WARNING rows per time bucket since `from` (index system_logs_level_created_idx). */
  async levelCounts(from: number, widthMs: number): Promise<BucketCount[]> {
    const bucket = bucketOf('created_at', from, widthMs);
    const rows = await this.db
      .selectFrom('system_logs')
      .select([bucket.as('bucket'), 'level as key', (eb) => eb.fn.countAll<number>().as('count')])
      .where('level', 'in', ['ERROR', 'WARNING'])
      .where('created_at', '>=', from)
      .groupBy([sql.raw('1'), 'level'])
      .execute();
    return toBucketCounts(rows);
  }
}

/** A level's partitions newest first: the open one (ids after the newest sealed), then sealed. */
function partitionsOf(
  level: SearchLevel,
  sealed: readonly SealedPart[],
): Array<Omit<SealedPart, 'level'>> {
  const mine = sealed.filter((p) => p.level === level);
  return [
    {
      name: LOG_SEARCH_TABLES[level],
      minId: (mine[0]?.maxId ?? 0) + 1,
      maxId: Number.MAX_SAFE_INTEGER,
    },
    ...mine,
  ];
}

const sameParts = (a: readonly SealedPart[], b: readonly SealedPart[]) =>
  a.length === b.length && a.every((p, i) => p.name === b[i]?.name);
