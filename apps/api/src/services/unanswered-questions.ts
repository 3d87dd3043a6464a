// The assistant's unanswered questions, the help's real signals (DESIGN.md section 6): what it
// declined and what was rated 'no' are recorded as they happen (assistant/assistant-service.ts),
// kept for OMEGA_ASSISTANT_RETENTION_DAYS, grouped by wording for the admin console, cleared by
// an admin (with an activity entry) and deleted past the retention period by the periodic job.

import type { Help } from '@omega/assistant';
import type { UnansweredArticle, UnansweredQuestionsResponse } from '@omega/contracts';
import { ROLES } from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { inTransaction } from '../lib/transaction.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type {
  NewUnansweredQuestion,
  UnansweredQuestionsRepository,
} from '../repositories/unanswered-questions.js';
import { groupQuestions, wordingKey } from './question-groups.js';

export const DAY_MS = 86_400_000;

export interface UnansweredQuestionsDeps {
  db: Kysely<Database>;
  repo: UnansweredQuestionsRepository;
  activity: ActivityRepository;
  /** The help the questions were asked of: its index groups them, its articles name them. */
  help: () => Help;
  clock: Clock;
  /** How long a question is kept (OMEGA_ASSISTANT_RETENTION_DAYS). */
  retentionDays: number;
}

export class UnansweredQuestionsService {
  constructor(private readonly deps: UnansweredQuestionsDeps) {}

  /** Stores one question, asked now (inside the caller's transaction when given one). */
  record(question: Omit<NewUnansweredQuestion, 'at'>, db?: Kysely<Database>): Promise<void> {
    return this.deps.repo.insert({ ...question, at: this.deps.clock() }, db);
  }

  /** The oldest time still kept: rows before it are past the retention period. */
  private cutoff(): number {
    return this.deps.clock() - this.deps.retentionDays * DAY_MS;
  }

  /**
   * The newest `limit` questions within the retention period, grouped by wording, the group asked
   * most recently first; rows the periodic job has not deleted yet are not shown.
   */
  async list(limit: number): Promise<UnansweredQuestionsResponse> {
    const since = this.cutoff();
    const [rows, total] = await Promise.all([
      this.deps.repo.newest(since, limit),
      this.deps.repo.countSince(since),
    ]);
    const { retentionDays } = this.deps;
    // Grouping reads the help, which a test app loads only when first asked: not for no rows.
    if (rows.length === 0) return { groups: [], total, grouped: 0, retentionDays };
    const help = this.deps.help();
    const articles = articlesBySlug(help);
    const keys = new Map<string, string>();
    const keyOf = (question: string) => {
      let key = keys.get(question);
      if (key === undefined) {
        key = wordingKey(help.index, question);
        keys.set(question, key);
      }
      return key;
    };
    const groups = groupQuestions(rows, keyOf).map((g) => ({
      wording: g.wording,
      count: g.count,
      lastAskedAt: new Date(g.lastAskedAt).toISOString(),
      roles: ROLES.filter((r) => g.roles.includes(r)),
      kind: { declined: g.declined, ratedNo: g.ratedNo },
      closestArticle: (g.nearest !== null && articles.get(g.nearest)) || null,
      examples: g.examples,
    }));
    return { groups, total, grouped: rows.length, retentionDays };
  }

  /** Deletes every question, with an activity entry naming who did it, in one transaction. */
  async clear(actorId: number, requestId: string | null): Promise<number> {
    return inTransaction(this.deps.db, async (trx) => {
      const cleared = await this.deps.repo.clear(trx);
      await this.deps.activity.record(
        {
          userId: actorId,
          action: 'assistant_questions_clear',
          details: `cleared ${cleared} unanswered assistant question${cleared === 1 ? '' : 's'}`,
          at: this.deps.clock(),
          requestId,
        },
        trx,
      );
      return cleared;
    });
  }

  /** Deletes the questions past the retention period (the periodic job, renewal-job.ts). */
  purgeExpired(): Promise<number> {
    return this.deps.repo.deleteAskedBefore(this.cutoff());
  }
}

/**
 * Each slug's article as the console links it. Slugs are unique within a kind; where a help
 * article and an architecture note share one, the help article is named: it is the one a user's
 * question is about, and the one to improve.
 */
function articlesBySlug(help: Help): Map<string, UnansweredArticle> {
  const bySlug = new Map<string, UnansweredArticle>();
  for (const a of help.articles) {
    if (a.kind === 'help' || !bySlug.has(a.slug)) {
      bySlug.set(a.slug, { slug: a.slug, title: a.title, path: a.path });
    }
  }
  return bySlug;
}
