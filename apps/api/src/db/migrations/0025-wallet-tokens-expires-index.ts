// The retention sweep deletes keypad wallet tokens past their expiry (they were kept for ever):
// this index finds them without reading the whole table every minute.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('wallet_tokens_expires_idx')
    .on('wallet_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_tokens_expires_idx').execute();
}
