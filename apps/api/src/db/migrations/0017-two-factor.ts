// Two-factor sign-in with an authenticator app (issue 36): one TOTP secret per account, stored
// encrypted (services/two-factor.ts), pending until a first code confirms it; the last time step
// a code was accepted for (a code is accepted once); and ten single-use recovery codes, stored
// as hashes. Both go with the account.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret_enc', 'varchar(256)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
}
