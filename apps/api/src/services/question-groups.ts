// Groups the assistant's unanswered questions by wording for the admin console: two questions
// are one group when they have the same meaningful terms as the help index analyses them, so
// 'How do I cancel?' and 'how to cancel' meet. Pure.
import type { HelpIndex } from '@omega/assistant';

/** Other wordings a group shows beside its newest one. */
export const GROUP_EXAMPLES = 3;

export interface AskedQuestion {
  kind: 'declined' | 'rated-no';
  question: string;
  role: string;
  articlesShown: readonly string[];
  closestArticle: string | null;
  at: number;
}

export interface QuestionGroup {
  /** The newest question of the group, as asked. */
  wording: string;
  count: number;
  lastAskedAt: number;
  /** The askers' roles, in the order first met (newest first). */
  roles: string[];
  declined: number;
  ratedNo: number;
  /** The article the group's questions were nearest to most often (the newest on a tie). */
  nearest: string | null;
  /** Up to GROUP_EXAMPLES other wordings, newest first. */
  examples: string[];
}

/**
 * The grouping key of a question: the distinct first terms (the stem, or a typo's correction) of
 * its meaningful words, sorted; a question with none ('hi', '???') is its own lower-cased text.
 */
export function wordingKey(index: Pick<HelpIndex, 'analyse'>, question: string): string {
  const terms = new Set<string>();
  for (const word of index.analyse(question)) {
    const [first] = word.terms;
    if (first) terms.add(first);
  }
  if (terms.size > 0) return [...terms].sort().join(' ');
  return question.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The nearest article a question names: a declined one's closest, else the first one shown. */
const nearestOf = (q: AskedQuestion) => q.closestArticle ?? q.articlesShown[0] ?? null;

/**
 * `questions` (newest first) in groups of the same `keyOf`, the group asked most recently first.
 */
export function groupQuestions(
  questions: readonly AskedQuestion[],
  keyOf: (question: string) => string,
): QuestionGroup[] {
  const groups = new Map<string, { group: QuestionGroup; nearest: Map<string, number> }>();
  for (const q of questions) {
    const key = keyOf(q.question);
    let entry = groups.get(key);
    if (!entry) {
      entry = {
        group: {
          wording: q.question,
          count: 0,
          lastAskedAt: q.at,
          roles: [],
          declined: 0,
          ratedNo: 0,
          nearest: null,
          examples: [],
        },
        nearest: new Map(),
      };
      groups.set(key, entry);
    }
    const { group } = entry;
    group.count += 1;
    if (q.kind === 'declined') group.declined += 1;
    else group.ratedNo += 1;
    if (!group.roles.includes(q.role)) group.roles.push(q.role);
    const seen = [group.wording, ...group.examples].map((w) => w.toLowerCase());
    if (group.examples.length < GROUP_EXAMPLES && !seen.includes(q.question.toLowerCase())) {
      group.examples.push(q.question);
    }
    const nearest = nearestOf(q);
    if (nearest !== null) entry.nearest.set(nearest, (entry.nearest.get(nearest) ?? 0) + 1);
  }
  return [...groups.values()].map(({ group, nearest }) => {
    // Maps keep insertion order, so on a tie the article met first (the newest) wins.
    let best: [string, number] | undefined;
    for (const candidate of nearest) if (!best || candidate[1] > best[1]) best = candidate;
    return { ...group, nearest: best?.[0] ?? null };
  });
}
