// The server's own log as the admin Logs page reads it: newest first, filtered by level and
// text, paged by an id cursor so a page costs the same on the millionth row as on the first.
import { type Kysely, sql } from 'kysely';
import {
  FTS_LEVEL_DELETE_TRIGGER,
  LOG_SEARCH_TABLES,
} from '../db/migrations/0020-log-search-level.js';
import type { Database, SystemLogRow, SystemLogsTable } from '../db/schema.js';
import { contains } from '../lib/like-pattern.js';
import { type BucketCount, bucketOf, toBucketCounts } from '../lib/time-buckets.js';

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

export class SystemLogsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
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
    // The trigram index needs three characters; shorter searches match so much that
    // walking the newest rows finds a page quickly anyway.
    if (this.dialect === 'sqlite' && search.length >= TRIGRAM) {
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
   * SQLite: walk the level's full-text index newest first, so a page stops after `limit`
   * matches (migration 0020); without a level, a page from each level's index, merged.
   */
  private async searchIndexed(
    filter: LogFilter & { search: string },
    db: Kysely<Database>,
  ): Promise<SystemLogRow[]> {
    // A quoted FTS5 phrase of trigrams is a "contains" match; quotes inside are doubled.
    const phrase = `"${filter.search.replace(/"/g, '""')}"`;
    const before = filter.before !== undefined ? sql`and rowid < ${filter.before}` : sql``;
    const hits = (table: string) =>
      sql`select * from (select rowid as id from ${sql.table(table)}
        where ${sql.table(table)} match ${phrase} ${before}
        order by rowid desc limit ${filter.limit})`;
    const indexes = filter.level
      ? hits(LOG_SEARCH_TABLES[filter.level])
      : sql.join(Object.values(LOG_SEARCH_TABLES).map(hits), sql` union all `);
    // INFO's index also holds levels outside the three, so the row's level is checked.
    const level = filter.level ? sql`where l.level = ${filter.level}` : sql``;
    const { rows } = await sql<SystemLogRow>`
      with hits as (${indexes})
      select l.* from hits h join system_logs l on l.id = h.id ${level}
      order by h.id desc limit ${filter.limit}`.execute(db);
    return rows;
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
    await db.transaction().execute(async (trx) => {
      await sql`drop trigger system_logs_fts_level_delete`.execute(trx);
      await sql`delete from system_logs`.execute(trx);
      for (const table of Object.values(LOG_SEARCH_TABLES)) {
        await sql`insert into ${sql.table(table)} (${sql.table(table)}) values ('delete-all')`.execute(
          trx,
        );
      }
      await sql.raw(FTS_LEVEL_DELETE_TRIGGER).execute(trx);
    });
    return count;
  }

  /** Keeps the newest `keep` entries (ids only grow, so "newest" is "largest id"). */
  async prune(keep: number, db = this.db): Promise<number> {
    const newest = await this.newestId(db);
    if (newest <= keep) return 0;
    const result = await db
      .deleteFrom('system_logs')
      .where('id', '<=', newest - keep)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
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
