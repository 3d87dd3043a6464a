// Turns search hits into the assistant's answer: the best passages quoted with links to the
// pages they describe, follow-up questions, the articles' action buttons and the sources. When
// the question is declined (see relevance.ts) it says so and offers topics — it never makes an
// answer up. Pure.
import type { AssistantAction, AssistantSource } from '@omega/contracts';
import { atLeast, type Role } from '@omega/domain';
import type { Article, Passage } from './articles.js';
import type { Hit } from './retrieval.js';

export interface Composed {
  answer: string;
  suggestions: string[];
  actions: AssistantAction[];
  sources: AssistantSource[];
  /** The passages quoted, for an LLM to phrase from. */
  quoted: Passage[];
}

const MAX_QUOTES = 3;
const MAX_QUOTE_CHARS = 700;
const MAX_SUGGESTIONS = 3;
const MAX_ACTIONS = 3;
/** A further passage is quoted only when it scores at least this share of the best one. */
const FOLLOWER_SHARE = 0.45;

/** Cuts a passage at a sentence or line end near the limit. */
export function clip(text: string, max = MAX_QUOTE_CHARS): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const cut = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'), head.lastIndexOf('\n'));
  return `${(cut > max / 2 ? head.slice(0, cut + 1) : head).trimEnd()} …`;
}

const link = (title: string, path: string) => `[${title}](${path})`;

function suggestionFor(p: Passage): string {
  // Headings such as 'stats' or 'help' say little on their own.
  return p.heading === p.title || p.heading.length >= 14 ? p.heading : `${p.title}: ${p.heading}`;
}

function pickQuotes(hits: readonly Hit[]): Hit[] {
  const best = hits[0];
  if (!best) return [];
  const quotes = [best];
  for (const h of hits.slice(1)) {
    if (quotes.length >= MAX_QUOTES) break;
    if (h.score < best.score * FOLLOWER_SHARE) break;
    if (quotes.some((q) => q.passage.text === h.passage.text)) continue;
    // A passage that only its article's aliases matched says nothing about the question itself.
    if (h.textMatched.length === 0) continue;
    quotes.push(h);
  }
  return quotes;
}

/**
 * The answer quoting the best hits. An article's action button is offered only to the roles its
 * `action-for` allows: the supergod console's button to supergods, not to every admin.
 */
export function composeAnswer(
  hits: readonly Hit[],
  articles: readonly Article[],
  role: Role,
): Composed {
  const quotes = pickQuotes(hits);
  const quoted = quotes.map((q) => q.passage);
  const blocks = quoted.map((p) => {
    const heading = p.heading === p.title ? p.title : `${p.title} › ${p.heading}`;
    return [`**${heading}**`, clip(p.text), `Read more: ${link(p.title, p.path)}`].join('\n');
  });
  const answer = ['From the Omega help:', ...blocks].join('\n\n');

  const sources: AssistantSource[] = [];
  for (const p of quoted) {
    if (!sources.some((s) => s.title === p.title)) sources.push({ title: p.title, path: p.path });
  }

  const bySlug = new Map(articles.map((a) => [`${a.kind}/${a.slug}`, a]));
  const actions: AssistantAction[] = [];
  for (const p of quoted) {
    const article = bySlug.get(`${p.kind}/${p.slug}`);
    const action = article && atLeast(role, article.actionFor) ? article.action : undefined;
    if (action && !actions.some((a) => a.endpoint === action.endpoint)) actions.push(action);
  }

  // Follow-ups: the next passages the search found, then the rest of the best article.
  const quotedIds = new Set(quoted.map((p) => p.id));
  const bestArticle = quoted[0] && bySlug.get(`${quoted[0].kind}/${quoted[0].slug}`);
  const candidates = [
    ...hits.slice(quotes.length).map((h) => h.passage),
    ...(bestArticle?.passages ?? []),
  ];
  const suggestions: string[] = [];
  for (const p of candidates) {
    if (suggestions.length >= MAX_SUGGESTIONS) break;
    const s = suggestionFor(p);
    if (!quotedIds.has(p.id) && !suggestions.includes(s)) suggestions.push(s);
  }

  return { answer, suggestions, actions: actions.slice(0, MAX_ACTIONS), sources, quoted };
}

/** The honest answer when the help has nothing on the question, with topics it does cover. */
export function noMatchAnswer(query: string, topics: readonly Article[]): Composed {
  const shown = query.length > 80 ? `${query.slice(0, 80)}…` : query;
  const answer = [
    `I could not find anything about "${shown}" in the Omega help, so I will not guess.`,
    'Topics I can help with:',
    topics.map((t) => `- ${link(t.title, t.path)}`).join('\n'),
  ].join('\n\n');
  return {
    answer,
    suggestions: topics.slice(0, MAX_SUGGESTIONS).map((t) => t.title),
    actions: [],
    sources: [],
    quoted: [],
  };
}

export interface ErrorSummary {
  lastHour: number;
  lastDay: number;
  /** Sources of the last day's errors, most frequent first. */
  topSources: Array<{ source: string; count: number }>;
  /** The newest errors, newest first. */
  latest: Array<{ source: string; message: string; at: number }>;
}

/** A short report of the recent error logs, for the admin assistant's error questions. */
export function summariseErrors(s: ErrorSummary): string {
  const lines = [
    '**Recent errors (from the system logs)**',
    `${s.lastHour} error${s.lastHour === 1 ? '' : 's'} in the last hour, ${s.lastDay} in the last 24 hours.`,
  ];
  if (s.topSources.length > 0) {
    lines.push(`Top sources: ${s.topSources.map((t) => `${t.source} (${t.count})`).join(', ')}.`);
  }
  if (s.latest.length > 0) {
    lines.push('Latest:');
    for (const e of s.latest) {
      lines.push(`- ${new Date(e.at).toISOString()} [${e.source}] ${clip(e.message, 200)}`);
    }
  } else {
    lines.push('No errors are recorded in the system logs.');
  }
  lines.push(`Full entries with stack traces: ${link('System logs', '/admin/logs')}`);
  return lines.join('\n');
}

/** Whether an admin's question is about the system's errors (answered from the logs). */
export function asksAboutErrors(query: string): boolean {
  return /\b(errors?|exceptions?|crash(es|ing)?|stack ?traces?|incidents?|failing|outages?)\b/i.test(
    query,
  );
}
