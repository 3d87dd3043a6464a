// Passkeys (issue 37, decision 034): the WebAuthn credentials an account registered. The
// credential id (base64url) is unique across every account, so one authenticator's credential is
// stored once; the public key is its COSE form in base64url; the signature counter is an
// unsigned 32-bit number (a bigint column on both dialects). `user_handle` is the WebAuthn user
// id the authenticator keeps with the credential: random, the same for every passkey of an
// account, never the username. The passkeys go with their account.
import type { Kysely } from 'kysely';
import { idColumn } from './id-column.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('passkeys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('user_handle', 'varchar(128)', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(256)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('aaguid', 'varchar(36)')
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkeys').execute();
}
