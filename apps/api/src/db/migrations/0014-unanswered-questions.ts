// unanswered_questions: the questions the help assistant declined and the answers rated 'no',
// kept for OMEGA_ASSISTANT_RETENTION_DAYS so admins can read what the help does not answer yet
// (the admin console's 'Unanswered questions'). Only the question as asked (trimmed) is kept,
// with the asker's role, never the account: what matters is the wording, not who wrote it.
// Rows are read newest first and deleted by age, so the time is indexed.
import type { Kysely } from 'kysely';
import { idColumn } from './id-column.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('unanswered_questions'))
    // 'declined' (the assistant said it could not answer) or 'rated-no' (the asker said the
    // answer did not help).
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('question', 'varchar(500)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    // The slugs of the articles the answer quoted, as a JSON array ('[]' when declined).
    .addColumn('articles_shown', 'text', (c) => c.notNull())
    // A declined question's nearest article: the index's best hit in the asker's scope, if any.
    .addColumn('closest_article', 'varchar(200)')
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unanswered_questions_asked_idx')
    .on('unanswered_questions')
    .columns(['asked_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unanswered_questions').execute();
}
