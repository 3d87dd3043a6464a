// The admin log search over an index kept in partitions by id (SQLite, migration 0028, decision
// 046): every page, from every cursor, at every level and at none, is what a scan of the rows
// would answer, while partitions are sealed, pruned away and cleared; the migration splits an
// existing database's indexes the same way. On PostgreSQL the same pages come from the table.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import {
  LOG_SEARCH_PARTS,
  splitLevelIndexes,
} from '../src/db/migrations/0028-log-search-partitions.js';
import {
  type LogFilter,
  type LogLevel,
  type NewSystemLog,
  SystemLogsRepository,
} from '../src/repositories/system-logs.js';
import { describeEachDatabase } from './helpers/databases.js';

const TEMPLATES = [
  (n: number) => `slow query on ledger_entries took ${n} ms`,
  (n: number) => `payment declined for card ending ${String(n).padStart(4, '0')}`,
  (n: number) => `renewal run: ${n % 7} subscription(s) renewed`,
  (n: number) => `Slow Query again (${n})`,
];
/** Mostly INFO, as a server writes them, with a level the app never writes among them. */
const LEVELS = ['INFO', 'INFO', 'WARNING', 'INFO', 'ERROR', 'INFO', 'NOTICE'] as const;
const SEARCHES = ['slow query', 'declined', 'ledger', 'renewals', 'card ending 0042', 'nothing'];

const entry = (n: number): NewSystemLog & { id: number } => ({
  id: n,
  level: LEVELS[n % LEVELS.length] as LogLevel,
  source: n % 5 === 0 ? 'renewals' : 'database',
  message: TEMPLATES[n % TEMPLATES.length]?.(n) ?? '',
  stackTrace: null,
  at: n,
});

describeEachDatabase('log search partitions', (database) => {
  let handle: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await dropDatabase?.();
    handle = undefined;
    dropDatabase = undefined;
  });

  /** The rows a page should show, by scanning them as PostgreSQL's ILIKE would. */
  function expected(rows: ReturnType<typeof entry>[], filter: LogFilter & { search: string }) {
    const text = filter.search.toLowerCase();
    return rows
      .filter(
        (r) =>
          (!filter.level || r.level === filter.level) &&
          (filter.before === undefined || r.id < filter.before) &&
          (r.message.toLowerCase().includes(text) || r.source.toLowerCase().includes(text)),
      )
      .sort((a, b) => b.id - a.id)
      .slice(0, filter.limit)
      .map((r) => `${r.id} ${r.level} ${r.message}`);
  }

  /**
   * Every search and level, from no cursor, from a sample of rows and from each edge of each
   * sealed partition: the repository's page against the scan.
   */
  async function expectEveryPage(logs: SystemLogsRepository, rows: ReturnType<typeof entry>[]) {
    const ids = rows.map((r) => r.id);
    const edges = (await sealedRanges()).flatMap(({ min, max }) => [min, min + 1, max, max + 1]);
    const cursors = [
      undefined,
      ...new Set([...ids.filter((_, i) => i % 7 === 3), ...edges, Math.max(0, ...ids) + 1]),
    ];
    for (const search of SEARCHES) {
      for (const level of [undefined, 'INFO', 'WARNING', 'ERROR'] as const) {
        for (const before of cursors) {
          const filter = { search, level, before, limit: 4 };
          const page = (await logs.page(filter)).map((r) => `${r.id} ${r.level} ${r.message}`);
          expect(page, JSON.stringify(filter)).toEqual(expected(rows, filter));
        }
      }
    }
  }

  async function sealedRanges(): Promise<Array<{ min: number; max: number }>> {
    if (handle?.dialect !== 'sqlite') return [];
    const { rows } = await sql<{ min_id: number; max_id: number }>`
      select min_id, max_id from ${sql.table(LOG_SEARCH_PARTS)}`.execute(handle.db);
    return rows.map((r) => ({ min: Number(r.min_id), max: Number(r.max_id) }));
  }

  async function sealedNames(h: DatabaseHandle): Promise<string[]> {
    if (h.dialect !== 'sqlite') return [];
    const { rows } = await sql<{ name: string }>`
      select name from ${sql.table(LOG_SEARCH_PARTS)} order by name`.execute(h.db);
    return rows.map((r) => r.name);
  }

  it('answers every page as a scan would while partitions are sealed, pruned and cleared', async () => {
    const { url, drop } = await database.create();
    dropDatabase = drop;
    handle = openDatabase(url);
    const logs = new SystemLogsRepository(handle.db, handle.dialect, 8);
    const rows: ReturnType<typeof entry>[] = [];
    // Written in batches as the log writer does, sealing after each as it does after a prune.
    for (let n = 1; n <= 120; n += 10) {
      const batch = Array.from({ length: 10 }, (_, i) => entry(n + i));
      await logs.insertMany(batch);
      rows.push(...batch);
      await logs.sealFullPartitions();
    }
    const sealed = await sealedNames(handle);
    if (handle.dialect === 'sqlite') {
      // INFO (4 rows in 7, with NOTICE) fills a partition of 8 every 14 ids or so.
      expect(sealed.filter((n) => n.startsWith('system_logs_fts_info_')).length).toBeGreaterThan(5);
      expect(sealed.some((n) => n.startsWith('system_logs_fts_error_'))).toBe(true);
    }
    await expectEveryPage(logs, rows);

    // The oldest entries pruned: the partitions wholly below go, the one across the line keeps
    // its newer rows, and nothing deleted is found.
    expect(await logs.prune(50)).toBe(70);
    const kept = rows.filter((r) => r.id > 70);
    if (handle.dialect === 'sqlite') {
      const after = await sealedNames(handle);
      expect(after.length).toBeLessThan(sealed.length);
      expect(after.length).toBeGreaterThan(0);
    }
    await expectEveryPage(logs, kept);

    // Written after the prune, sealed again: still in step.
    const more = Array.from({ length: 30 }, (_, i) => entry(121 + i));
    await logs.insertMany(more);
    await logs.sealFullPartitions();
    await expectEveryPage(logs, [...kept, ...more]);

    expect(await logs.clear()).toBe(kept.length + more.length);
    expect(await sealedNames(handle)).toEqual([]);
    await expectEveryPage(logs, []);
    const fresh = [entry(151), entry(152)].map((r, i) => ({ ...r, id: 151 + i }));
    await logs.insertMany(fresh);
    expect((await logs.page({ search: 'slow query', limit: 10 })).length).toBeGreaterThan(0);
  });

  it('splits the indexes of an existing database into partitions, and keeps them in step', async () => {
    const { url, drop } = await database.createEmpty();
    dropDatabase = drop;
    handle = openDatabase(url);
    await migrateUpTo(handle.db, handle.schema, '0027-revenue-day-shards');
    const rows = Array.from({ length: 90 }, (_, i) => entry(i + 1));
    // The rows as 0027's server wrote them (on SQLite, into one index per level).
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was, with a level the app never writes.
    const db = handle.db as any;
    await db
      .insertInto('system_logs')
      .values(
        rows.map((r) => ({
          level: r.level,
          source: r.source,
          message: r.message,
          stack_trace: null,
          created_at: r.at,
        })),
      )
      .execute();
    await migrateToLatest(handle.db, handle.schema);
    const logs = new SystemLogsRepository(handle.db, handle.dialect, 8);
    // A database this small keeps one partition per level at the shipped size.
    expect(await sealedNames(handle)).toEqual([]);
    await expectEveryPage(logs, rows);
    if (handle.dialect === 'sqlite') {
      // What the migration does to a large one, at a size this test can reach.
      await splitLevelIndexes(handle.db, 8);
      expect((await sealedNames(handle)).length).toBeGreaterThan(6);
    }
    await expectEveryPage(logs, rows);
    const more = Array.from({ length: 20 }, (_, i) => entry(91 + i));
    await logs.insertMany(more);
    await logs.sealFullPartitions();
    expect(await logs.prune(60)).toBe(50);
    await expectEveryPage(logs, [...rows, ...more].slice(50));
  });
});
