// request_id on system-log and activity rows: the X-Request-Id of the request that wrote them
// (decision 020), so the admin's user page finds the log lines of a user's requests and an
// operator can follow one request through both logs. Null for rows written outside a request
// (the renewal job, start-up) and for rows from before this migration. Also the index the user
// page's activity list reads by (user, newest first).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['system_logs', 'activity_logs']) {
    await db.schema.alterTable(table).addColumn('request_id', 'varchar(128)').execute();
    await db.schema.createIndex(`${table}_request_idx`).on(table).column('request_id').execute();
  }
  await db.schema
    .createIndex('activity_logs_user_idx')
    .on('activity_logs')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_logs_user_idx').execute();
  for (const table of ['system_logs', 'activity_logs']) {
    await db.schema.dropIndex(`${table}_request_idx`).execute();
    await db.schema.alterTable(table).dropColumn('request_id').execute();
  }
}
