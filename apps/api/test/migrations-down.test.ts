// Every migration's `down` undoes its `up`: from the latest schema, running every `down` leaves
// nothing but the migrator's own tables, and migrating again gives the same schema as before.
// A down that forgets an object, drops one it did not make, or fails outright shows here.
import { NO_MIGRATIONS, sql } from 'kysely';
import { expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrate.js';
import { describeEachDatabase } from './helpers/databases.js';

/** The schema's tables, indexes, triggers, views and functions, by kind and name. */
async function schemaObjects(handle: DatabaseHandle): Promise<string[]> {
  const query =
    handle.dialect === 'sqlite'
      ? sql<{ object: string }>`
          select type || ' ' || name as object from sqlite_master
          where name not like 'sqlite_%' and name not like 'kysely_migration%'`
      : sql<{ object: string }>`
          select 'table ' || tablename as object from pg_tables
            where schemaname = current_schema() and tablename not like 'kysely_migration%'
          union all
          select 'index ' || indexname from pg_indexes
            where schemaname = current_schema() and tablename not like 'kysely_migration%'
          union all
          select 'trigger ' || tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
            where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal
          union all
          select 'view ' || viewname from pg_views where schemaname = current_schema()
          union all
          select 'function ' || proname from pg_proc
            where pronamespace = current_schema()::regnamespace`;
  const { rows } = await query.execute(handle.db);
  return rows.map((r) => r.object).sort();
}

describeEachDatabase('migrations undone', (database) => {
  it('runs every down back to an empty schema, and every up again to the same schema', async () => {
    const { url, drop } = await database.createEmpty();
    const handle = openDatabase(url);
    try {
      await migrateToLatest(handle.db, handle.schema);
      const latest = await schemaObjects(handle);
      expect(latest).toContain('table wallet_balances');

      await migrateUpTo(handle.db, handle.schema, NO_MIGRATIONS);
      expect(await schemaObjects(handle)).toEqual([]);

      await migrateToLatest(handle.db, handle.schema);
      expect(await schemaObjects(handle)).toEqual(latest);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
