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

// The migrator finds its own tables through the dialect's table list (db/database.ts reads it
// from pg_depend on PostgreSQL): the list is the schema's tables and views, and only its own,
// with the migrator's tables only when asked for.
describeEachDatabase('the table list the migrator reads', (database) => {
  it("lists the schema's own tables and views, the migrator's only when asked for", async () => {
    const { url, drop } = await database.create();
    const other = await database.create();
    const handle = openDatabase(url);
    try {
      const { rows } = await (handle.dialect === 'sqlite'
        ? sql<{ name: string }>`
            select name from sqlite_master where type in ('table', 'view')
            and name not like 'sqlite_%'`
        : sql<{ name: string }>`
            select tablename as name from pg_tables where schemaname = current_schema()
            union all select viewname from pg_views where schemaname = current_schema()`
      ).execute(handle.db);
      const all = rows.map((r) => r.name).sort();
      const internal = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(internal.map((t) => t.name).sort()).toEqual(all);
      expect(all).toContain('kysely_migration');
      const listed = await handle.db.introspection.getTables();
      expect(listed.map((t) => t.name).sort()).toEqual(
        all.filter((name) => !name.startsWith('kysely_migration')),
      );
      expect(listed.find((t) => t.name === 'users')).toMatchObject({ isView: false });
      if (handle.schema)
        expect(new Set(listed.map((t) => t.schema))).toEqual(new Set([handle.schema]));
    } finally {
      await handle.close();
      await drop();
      await other.drop();
    }
  });
});
