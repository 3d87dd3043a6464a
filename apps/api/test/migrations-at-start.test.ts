// What a server does with its database's migrations as it starts: a database this build left runs
// no migrator (on PostgreSQL the migrator opens a connection of its own and takes a lock at every
// instance's start); a database behind the build is brought up to it; a database a newer release
// migrated stops the start, naming the migration this build does not know.
import { Migrator, sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo, migrationsPending } from '../src/db/migrate.js';
import { createTestApp } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

describeEachDatabase('migrations at start', (database) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A server's start on `url`, as production starts it (migrations included). */
  async function start(url: string) {
    // The database is dropped by the test's own cleanup, after its connection is closed.
    const { app } = await createTestApp(database, {}, { url, drop: async () => {} });
    cleanups.push(() => app.close());
    return app;
  }

  /** A new, empty database, and a connection to it closed after the test. */
  async function emptyDatabase() {
    const { url, drop } = await database.createEmpty();
    cleanups.push(drop);
    const handle = openDatabase(url);
    cleanups.push(() => handle.close());
    return { url, handle };
  }

  it('runs no migrator on a database this build has migrated', async () => {
    const { url, handle } = await emptyDatabase();
    await migrateToLatest(handle.db, handle.schema);
    expect(await migrationsPending(handle.db, handle.schema)).toBe(false);
    const migrate = vi.spyOn(Migrator.prototype, 'migrateToLatest');
    const app = await start(url);
    expect(migrate).not.toHaveBeenCalled();
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('migrates a new database at its first start', async () => {
    const { url, handle } = await emptyDatabase();
    expect(await migrationsPending(handle.db, handle.schema)).toBe(true);
    await start(url);
    expect(await migrationsPending(handle.db, handle.schema)).toBe(false);
  });

  it('runs the migrations a database is missing', async () => {
    const { url, handle } = await emptyDatabase();
    await migrateUpTo(handle.db, handle.schema, '0031-assistant-feedback-once');
    expect(await migrationsPending(handle.db, handle.schema)).toBe(true);
    const migrate = vi.spyOn(Migrator.prototype, 'migrateToLatest');
    await start(url);
    expect(migrate).toHaveBeenCalledOnce();
    expect(await migrationsPending(handle.db, handle.schema)).toBe(false);
  });

  it('refuses to start on a database a newer release migrated, naming its migration', async () => {
    const { url, handle } = await emptyDatabase();
    await migrateToLatest(handle.db, handle.schema);
    const table = handle.schema
      ? sql.id(handle.schema, 'kysely_migration')
      : sql.id('kysely_migration');
    await sql`insert into ${table} (name, timestamp) values ('9999-from-a-newer-release', '2026-12-01T00:00:00.000Z')`.execute(
      handle.db,
    );
    expect(await migrationsPending(handle.db, handle.schema)).toBe(true);
    await expect(start(url)).rejects.toThrow(
      'corrupted migrations: previously executed migration 9999-from-a-newer-release is missing',
    );
  });
});
