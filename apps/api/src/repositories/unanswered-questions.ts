// The assistant's unanswered questions (migration 0014): questions it declined and answers rated
// 'no', written as they happen, read newest first by the admin console, deleted by age or all
// at once.
import type { Kysely } from 'kysely';
import type { Database, UnansweredQuestionRow } from '../db/schema.js';

export type UnansweredKind = 'declined' | 'rated-no';

export interface NewUnansweredQuestion {
  kind: UnansweredKind;
  /** As asked, trimmed. */
  question: string;
  role: string;
  /** The slugs of the articles the answer quoted (none when declined). */
  articlesShown: readonly string[];
  /** A declined question's nearest article, if the index found one. */
  closestArticle: string | null;
  at: number;
}

export interface UnansweredQuestion extends Omit<NewUnansweredQuestion, 'articlesShown'> {
  id: number;
  articlesShown: string[];
}

export class UnansweredQuestionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(q: NewUnansweredQuestion, db = this.db): Promise<void> {
    await db
      .insertInto('unanswered_questions')
      .values({
        kind: q.kind,
        question: q.question,
        role: q.role,
        articles_shown: JSON.stringify(q.articlesShown),
        closest_article: q.closestArticle,
        asked_at: q.at,
      })
      .execute();
  }

  /** The newest questions asked at or after `since`, newest first (walks the time index). */
  async newest(since: number, limit: number, db = this.db): Promise<UnansweredQuestion[]> {
    const rows = await db
      .selectFrom('unanswered_questions')
      .selectAll()
      .where('asked_at', '>=', since)
      .orderBy('asked_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toQuestion);
  }

  /** How many questions were asked at or after `since`. */
  async countSince(since: number, db = this.db): Promise<number> {
    const row = await db
      .selectFrom('unanswered_questions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('asked_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Deletes the questions asked before `cutoff`; answers how many. */
  async deleteAskedBefore(cutoff: number, db = this.db): Promise<number> {
    const result = await db
      .deleteFrom('unanswered_questions')
      .where('asked_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes every question; answers how many. */
  async clear(db = this.db): Promise<number> {
    const result = await db.deleteFrom('unanswered_questions').executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function toQuestion(r: UnansweredQuestionRow): UnansweredQuestion {
  return {
    id: r.id,
    kind: r.kind,
    question: r.question,
    role: r.role,
    articlesShown: JSON.parse(r.articles_shown) as string[],
    closestArticle: r.closest_article,
    at: Number(r.asked_at),
  };
}
