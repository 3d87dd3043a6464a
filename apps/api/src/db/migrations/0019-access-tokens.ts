// Personal access tokens (issue 37): a user's tokens for scripts and other clients. Only the
// SHA-256 of a token is kept (a leaked table opens nothing) and its last four characters, to
// tell tokens apart in a list. Revoking one deletes its row; they go with the account.
import type { Kysely } from 'kysely';
import { idColumn } from './id-column.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('scopes', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('access_tokens_user')
    .on('access_tokens')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_tokens').execute();
}
