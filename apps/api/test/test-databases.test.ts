// The PostgreSQL test databases themselves (helpers/databases.ts): a schema a test is done with
// goes to the next test emptied, with the template's rows and its ids starting over, as a schema
// fresh from the dump would be; one whose shape a test changed is dropped, never handed on.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser } from './helpers/app.js';
import { postgres } from './helpers/databases.js';

const schemaOf = (url: string) => new URL(url).searchParams.get('schema');
const describePg = process.env.OMEGA_TEST_PG_URL ? describe : describe.skip;

describePg('PostgreSQL test databases', () => {
  /** A user's id, the plans and the user count in a fresh test database and in the next one. */
  async function useOnce() {
    const database = await postgres.create();
    const t = await createTestApp(postgres, {}, database);
    const db = t.app.database.db;
    const users = await db.selectFrom('users').select('id').execute();
    const plans = await db.selectFrom('plans').selectAll().orderBy('id').execute();
    const { id } = await createUser(t.app, 'somebody');
    await t.close();
    return { schema: schemaOf(database.url), users, plans, id };
  }

  it('hands the next test an emptied schema with the template rows, its ids starting over', async () => {
    const first = await useOnce();
    const second = await useOnce();
    expect(second.schema).toBe(first.schema);
    expect(second.users).toEqual([]);
    expect(second.plans).toEqual(first.plans);
    expect(second.plans.length).toBeGreaterThan(0);
    expect(second.id).toBe(first.id);
  });

  it('drops a schema whose shape a test changed instead of handing it on', async () => {
    const changed = await postgres.create();
    const t = await createTestApp(postgres, {}, changed);
    await sql`alter table users add column nickname text`.execute(t.app.database.db);
    await t.close();
    const next = await postgres.create();
    const u = await createTestApp(postgres, {}, next);
    try {
      expect(schemaOf(next.url)).not.toBe(schemaOf(changed.url));
      const columns = await sql<{ name: string }>`
        select column_name as name from information_schema.columns
        where table_schema = ${schemaOf(next.url)} and table_name = 'users'`.execute(
        u.app.database.db,
      );
      expect(columns.rows.map((c) => c.name)).not.toContain('nickname');
    } finally {
      await u.close();
    }
  });
});
