// Server-wide settings that live in the database (for example registration key hashes).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string, db = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string, db = this.db): Promise<void> {
    await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
