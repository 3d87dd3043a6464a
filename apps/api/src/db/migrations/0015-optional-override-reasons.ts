// A feature override's reason becomes optional (issue 35): the specification's call sends only
// userId, featureId and enabled, and an override set that way has no reason (null, shown as 'no
// reason given'); the admin console still asks for one. Rows already there keep theirs.
// PostgreSQL drops the NOT NULL; SQLite cannot alter a column, so the table is made again with the
// same columns, keys and rows.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('user_feature_overrides')
      .alterColumn('reason', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable('user_feature_overrides')
      .alterColumn('reason', (c) => c.dropDefault())
      .execute();
    return;
  }
  await rebuildOnSqlite(db, (c) => c);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update user_feature_overrides set reason = 'No reason given' where reason is null`.execute(
    db,
  );
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('user_feature_overrides')
      .alterColumn('reason', (c) => c.setNotNull())
      .execute();
    return;
  }
  await rebuildOnSqlite(db, (c) => c.notNull());
}

/** SQLite: the table made again with `reason` as `column` makes it, rows and keys kept. */
async function rebuildOnSqlite(
  db: Kysely<unknown>,
  column: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
) {
  await db.schema
    .createTable('user_feature_overrides_next')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature_id', 'integer', (c) =>
      c.notNull().references('features.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', column)
    .addColumn('set_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'bigint')
    .addPrimaryKeyConstraint('user_feature_overrides_pk', ['user_id', 'feature_id'])
    .execute();
  await sql`insert into user_feature_overrides_next
    (user_id, feature_id, enabled, updated_at, reason, set_by, expires_at)
    select user_id, feature_id, enabled, updated_at, reason, set_by, expires_at
    from user_feature_overrides`.execute(db);
  await db.schema.dropTable('user_feature_overrides').execute();
  await db.schema
    .alterTable('user_feature_overrides_next')
    .renameTo('user_feature_overrides')
    .execute();
}
