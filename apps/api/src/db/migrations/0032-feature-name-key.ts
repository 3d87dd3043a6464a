// Feature names are unique ignoring case ('BUY CRYPTO' is 'Buy crypto'): the service checked it
// in its transaction, which two administrators adding two spellings at once on PostgreSQL both
// passed. The key (the name lower-cased, as usernames' is) now has a unique index.
//
// Lower-cased here, in JS, on both databases: SQLite's lower() knows only ASCII. Rows that
// already share a key (added before the check) keep their names; the later ones get their id
// in the key, so they stay as they are and no new spelling joins them. The column stays
// nullable (SQLite adds NOT NULL only by rebuilding the table); every insert sets it.
import type { Kysely } from 'kysely';

/** The one table this migration reads and writes, as it is at this migration. */
interface Features {
  features: { id: number; name: string; name_key: string | null };
}

export async function up(schemaDb: Kysely<unknown>): Promise<void> {
  // Lower-casing may lengthen a name ('İ' is two characters lower-cased), and a copy's key
  // carries its id: more room than the name's 80 characters.
  await schemaDb.schema.alterTable('features').addColumn('name_key', 'varchar(200)').execute();
  const db = schemaDb as Kysely<Features>;
  const rows = await db.selectFrom('features').select(['id', 'name']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const row of rows) {
    let key = row.name.toLowerCase();
    if (taken.has(key)) key = `${key}#${row.id}`;
    taken.add(key);
    await db.updateTable('features').set({ name_key: key }).where('id', '=', row.id).execute();
  }
  await schemaDb.schema
    .createIndex('features_name_key_idx')
    .on('features')
    .column('name_key')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('features_name_key_idx').execute();
  await db.schema.alterTable('features').dropColumn('name_key').execute();
}
