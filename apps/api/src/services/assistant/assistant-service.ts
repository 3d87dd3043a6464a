// The help assistant: finds the passages of the help (and, for admins, the architecture notes)
// that answer a question, composes the answer from them, adds live figures for admins, and
// optionally has an OpenAI-compatible endpoint phrase it. Offline by default. The questions it
// declines and the answers rated 'no' are kept for admins (services/unanswered-questions.ts).
import { randomBytes } from 'node:crypto';
import {
  type Article,
  asksAboutErrors,
  type Composed,
  composeAnswer,
  type Decision,
  decide,
  type Help,
  type HelpIndex,
  noMatchAnswer,
  type SearchScope,
  summariseErrors,
} from '@omega/assistant';
import type { AssistantMetrics, AssistantResponse } from '@omega/contracts';
import { atLeast, type Role } from '@omega/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { requestIdField } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import type { AssistantRepository } from '../../repositories/assistant.js';
import { DEFAULT_SESSION_POLICY } from '../session-store.js';
import type { UnansweredQuestionsService } from '../unanswered-questions.js';
import { type LlmSettings, phraseWithLlm } from './llm.js';

export type HealthStatus = AssistantMetrics['systemHealth']['status'];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** "Active": a session used within this window. */
export const ACTIVE_WINDOW_MS = 15 * MINUTE;

/** Offered when nothing matches, for each audience, in this order. */
const TOPICS: Record<'user' | 'admin', string[]> = {
  user: [
    'signing-in',
    'keypad-signing-in',
    'keypad-menu-and-keys',
    'plans',
    'upgrading-and-pro-rating',
    'cancelling-and-resuming',
    'locked-features',
    'modules',
  ],
  admin: ['admin-dashboard', 'admin-logs', 'admin-subscription-manager', 'supergod-commands'],
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A random 21-character id (the shape of the spec's responseId). */
export function newResponseId(): string {
  return [...randomBytes(21)].map((b) => ID_ALPHABET[b & 63]).join('');
}

export interface AssistantDeps {
  /** The help, built at start or, in a test app, when first asked (plugins/app/help.ts). */
  help: () => Help;
  db: Kysely<Database>;
  repo: AssistantRepository;
  /** Where declined questions and answers rated 'no' are kept. */
  unanswered: UnansweredQuestionsService;
  clock: Clock;
  /** The health check's verdict. */
  health: () => Promise<HealthStatus>;
  llm: LlmSettings | null;
  log: FastifyBaseLogger;
}

export class AssistantService {
  constructor(private readonly deps: AssistantDeps) {}

  /**
   * Answers `query` (already trimmed, 1..500 characters) for a user of `role`. `requestId`, the
   * asking request, goes on the warning logged when the LLM's phrasing is given up. `keep:
   * false` answers without keeping a declined question: an admin viewing as a user asks with
   * the user's role, and the question is the admin's, not the user's (decision 021).
   */
  async ask(
    role: Role,
    query: string,
    requestId: string | null,
    { keep = true }: { keep?: boolean } = {},
  ): Promise<AssistantResponse> {
    const { admin, relevant, errors, composed, declined } = this.consider(role, query);
    if (declined && keep) {
      // Kept for admins, like a log line: asking stays a read (open in maintenance mode), and
      // the asker gets the answer even when the database cannot take the row.
      await this.deps.unanswered
        .record({ kind: 'declined', question: query, role, ...declined })
        .catch((err: unknown) =>
          this.deps.log.warn(
            { err, source: 'assistant', ...requestIdField(requestId) },
            'assistant: could not keep a declined question',
          ),
        );
    }

    let answer = composed.answer;
    // The endpoint sees the question and the quoted passages only (llm.ts), and only when the
    // help answers it: a declined question, injection attempts included, never reaches it.
    if (relevant && this.deps.llm) {
      const phrased = await phraseWithLlm(this.deps.llm, query, composed.quoted, (reason) =>
        this.deps.log.warn(
          { reason, ...requestIdField(requestId) },
          'assistant: using the retrieval answer',
        ),
      );
      if (phrased) {
        const links = composed.sources.map((s) => `[${s.title}](${s.path})`).join(', ');
        answer = `${phrased}\n\nSources: ${links}`;
      }
    }

    const actions = [...composed.actions];
    let metrics: AssistantMetrics | undefined;
    if (admin) {
      metrics = await this.metrics();
      if (errors) {
        const summary = summariseErrors(await this.errorSummary());
        answer = answer ? `${summary}\n\n${answer}` : summary;
        if (!actions.some((a) => a.endpoint === '/admin/logs')) {
          actions.unshift({ label: 'Open system logs', type: 'navigate', endpoint: '/admin/logs' });
        }
      }
    }

    return {
      answer,
      suggestions: composed.suggestions,
      actions,
      ...(metrics ? { metrics } : {}),
      sources: composed.sources,
      responseId: newResponseId(),
    };
  }

  /**
   * Live figures: errorRate is ERROR log entries per minute over the last hour (the count ÷ 60,
   * two decimals); activeUsers counts distinct users with a session used in the last 15 minutes;
   * systemHealth is the health check's status.
   */
  async metrics(): Promise<AssistantMetrics> {
    const now = this.deps.clock();
    const { idleMs, absoluteMs } = DEFAULT_SESSION_POLICY;
    const [errors, activeUsers, status] = await Promise.all([
      this.deps.repo.errorCountSince(now - HOUR),
      // A session row keeps its idle deadline (last use + idle timeout), so "used since t" is
      // "deadline at or after t + idle timeout". The store moves the deadline at most every
      // few minutes, so this counts a session by its last recorded use — never one older.
      this.deps.repo.usersWithSessionDeadlineFrom(
        now - ACTIVE_WINDOW_MS + idleMs,
        now - absoluteMs,
      ),
      this.deps.health().catch(() => 'unhealthy' as const),
    ]);
    return {
      errorRate: Math.round((errors / 60) * 100) / 100,
      activeUsers,
      systemHealth: { status },
    };
  }

  async errorSummary() {
    const now = this.deps.clock();
    const [lastHour, lastDay, topSources, latest] = await Promise.all([
      this.deps.repo.errorCountSince(now - HOUR),
      this.deps.repo.errorCountSince(now - 24 * HOUR),
      this.deps.repo.errorSourcesSince(now - 24 * HOUR, 3),
      this.deps.repo.latestErrors(3),
    ]);
    return { lastHour, lastDay, topSources, latest };
  }

  /**
   * Stores a rating, once per person, answer and question (a rating sent again is thanked for
   * and changes nothing). A 'no' also keeps the question with the articles the answer showed, found
   * again here: the answer is a pure function of the question, the role and the help, so what
   * a client says it was shown is never needed (nor trusted).
   */
  async feedback(input: {
    responseId: string;
    userId: number;
    role: Role;
    rating: 5 | 1;
    helpful: boolean;
    query: string | undefined;
  }): Promise<void> {
    const query = input.query?.trim() ?? '';
    // Either field saying 'no' is a 'no' (the spec's client sends both, and they agree).
    const no = input.rating === 1 || !input.helpful;
    const considered = no && query ? this.consider(input.role, query) : undefined;
    await inTransaction(this.deps.db, async (trx) => {
      const stored = await this.deps.repo.insertFeedback(
        {
          responseId: input.responseId,
          userId: input.userId,
          rating: input.rating,
          helpful: input.helpful,
          query,
          at: this.deps.clock(),
        },
        trx,
      );
      // A rating sent again was counted the first time; a declined question was kept when it
      // was asked, and a 'no' for the decline does not make it asked twice.
      if (!stored || !considered || considered.declined) return;
      await this.deps.unanswered.record(
        {
          kind: 'rated-no',
          question: query,
          role: input.role,
          articlesShown: shownSlugs(considered.composed),
          closestArticle: null,
        },
        trx,
      );
    });
  }

  /**
   * What the assistant makes of `query` for `role`, before any LLM phrasing or live figures: the
   * decision, the composed answer, and for a question it declines (an admin's question about the
   * errors is answered from the logs, not declined) the nearest article to keep with it.
   */
  private consider(role: Role, query: string) {
    const admin = atLeast(role, 'admin');
    const scope: SearchScope = { audience: admin ? 'admin' : 'user', architecture: admin };
    const help = this.deps.help();
    const { index, model } = help;
    const decision = decide(index, query, scope, undefined, model);
    const relevant = decision.decline === undefined;
    // An injection attempt gets the decline answer and nothing else, whatever it mentions.
    const errors = admin && decision.decline !== 'injection' && asksAboutErrors(query);

    let composed: Composed;
    if (relevant) composed = composeAnswer(decision.hits, help.articles, role);
    else if (errors)
      composed = { answer: '', suggestions: [], actions: [], sources: [], quoted: [] };
    else composed = noMatchAnswer(query, this.topics(admin));

    const declined =
      relevant || errors
        ? undefined
        : { articlesShown: [], closestArticle: closestSlug(help.index, query, scope, decision) };
    return { admin, relevant, errors, composed, declined };
  }

  private topics(admin: boolean): Article[] {
    const slugs = admin ? [...TOPICS.user, ...TOPICS.admin] : TOPICS.user;
    const help = new Map(
      this.deps
        .help()
        .articles.filter((a) => a.kind === 'help')
        .map((a) => [a.slug, a] as const),
    );
    return slugs.flatMap((s) => help.get(s) ?? []);
  }
}

/** The slugs of the articles an answer quoted, in the order it quoted them. */
function shownSlugs(composed: Composed): string[] {
  return [...new Set(composed.quoted.map((p) => p.slug))];
}

/**
 * The article a declined question was nearest to: its best hit in the asker's scope. A question
 * ruled out before any search (an injection attempt, one about something else) is searched for
 * here, so it too names one when the index shares a word with it.
 */
function closestSlug(
  index: HelpIndex,
  query: string,
  scope: SearchScope,
  decision: Decision,
): string | null {
  const best = decision.hits[0] ?? index.find(query, scope, 1)[0];
  return best?.passage.slug ?? null;
}
