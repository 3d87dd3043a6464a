// Where a session was begun (issue 36): the client address and the browser's User-Agent at
// sign-in, so a user's list of sessions can tell their devices apart. Both are null for sessions
// begun before this migration and for a client that sent no User-Agent.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
}
