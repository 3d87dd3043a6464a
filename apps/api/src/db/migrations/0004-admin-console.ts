// The admin console's tables: the server's own log (warnings, errors and notable events, read
// by the Logs page), announcements with each user's read mark, and assistant ratings.
import { type Kysely, sql } from 'kysely';
import { idColumn } from './id-column.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('system_logs'))
    // 'INFO', 'WARNING' or 'ERROR'.
    .addColumn('level', 'varchar(8)', (c) => c.notNull())
    .addColumn('source', 'varchar(100)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack_trace', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Newest-first pages walk the id; a level filter walks (level, id); time windows (error rate
  // over the last hour) use (level, created_at).
  await db.schema
    .createIndex('system_logs_level_id_idx')
    .on('system_logs')
    .columns(['level', 'id'])
    .execute();
  await db.schema
    .createIndex('system_logs_level_created_idx')
    .on('system_logs')
    .columns(['level', 'created_at'])
    .execute();

  await idColumn(db, db.schema.createTable('announcements'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('announcement_reads')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    // The newest announcement id the user has seen; unread = announcements with a larger id.
    .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db, db.schema.createTable('assistant_feedback'))
    .addColumn('response_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('helpful', 'integer', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('users_created_idx')
    .on('users')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_created_idx').execute();
  for (const t of ['assistant_feedback', 'announcement_reads', 'announcements', 'system_logs']) {
    await db.schema.dropTable(t).execute();
  }
}
