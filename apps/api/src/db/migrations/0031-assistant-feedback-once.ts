// An assistant answer is rated once per person: a rating sent again (a double click, a client's
// retry) changes nothing, and the unanswered-questions list stops counting it twice. Ratings are
// keyed by who rated, the answer's id and the question: the spec's client sends one id for a
// whole conversation, so the question tells its answers apart.
//
// Copies already stored are merged first, keeping the earliest. The key fits a B-tree entry:
// the question is at most ASSISTANT_QUERY_MAX (500) characters, 2,000 bytes in UTF-8, under
// PostgreSQL's 2,704-byte limit with the id; raising that limit means revisiting this index.
// Ratings whose account was deleted (user_id null) are left as they are: nulls never conflict.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from assistant_feedback
    where user_id is not null
      and id > (
        select min(earliest.id) from assistant_feedback earliest
        where earliest.user_id = assistant_feedback.user_id
          and earliest.response_id = assistant_feedback.response_id
          and earliest.query = assistant_feedback.query
      )
  `.execute(db);
  await db.schema
    .createIndex('assistant_feedback_once_idx')
    .on('assistant_feedback')
    .columns(['user_id', 'response_id', 'query'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assistant_feedback_once_idx').execute();
}
