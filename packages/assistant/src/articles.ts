// Help and architecture articles as the assistant reads them: front matter (title, the page the
// article describes, audience, an optional action button and who may see it, the words and
// questions people use for the topic) and the body split at its `##` headings into passages, the
// units the index finds and the answer quotes. Pure: no file access.
import { ROLES, type Role } from '@omega/domain';

export type Audience = 'user' | 'admin';
export type ArticleKind = 'help' | 'architecture';

export interface ArticleAction {
  label: string;
  type: 'navigate' | 'call';
  endpoint: string;
}

export interface Article {
  /** File name without `.md`, unique within its kind. */
  slug: string;
  kind: ArticleKind;
  title: string;
  /** The page the article describes: the link target of every passage quoted from it. */
  path: string;
  audience: Audience;
  action?: ArticleAction;
  /** The lowest role offered the action (`action-for`); the article's audience by default. */
  actionFor: Role;
  /** Words and short phrases people use for this topic that the text may not (`aliases`). */
  aliases: string[];
  /** Questions as people ask them that this article answers (`questions`). */
  questions: string[];
  passages: Passage[];
}

export interface Passage {
  /** `kind/slug#n`, unique across the index. */
  id: string;
  slug: string;
  kind: ArticleKind;
  title: string;
  /** The section heading; the article title for the text before the first heading. */
  heading: string;
  text: string;
  path: string;
  audience: Audience;
}

export class ArticleError extends Error {
  override name = 'ArticleError';
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0]) return v.slice(1, -1);
  return v;
}

/**
 * `key: value` lines, and lists: a `key:` with no value followed by `  - item` lines. Keys are
 * lower-cased. A trailing `# comment` is allowed, as in the format in docs/help/README.md.
 */
function parseFrontMatter(source: string, file: string) {
  const match = FRONT_MATTER.exec(source);
  if (!match?.[1]) throw new ArticleError(`${file}: missing front matter (--- title/path ---)`);
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  let list: string[] | null = null;
  for (const line of match[1].split(/\r?\n/)) {
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item?.[1] !== undefined) {
      if (!list) throw new ArticleError(`${file}: a "- item" line needs a "key:" line above it`);
      list.push(unquote(item[1]));
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = unquote(line.slice(colon + 1).replace(/\s+#\s.*$/, ''));
    if (value === '') {
      list = [];
      lists[key] = list;
    } else {
      list = null;
      fields[key] = value;
    }
  }
  return { fields, lists, body: source.slice(match[0].length) };
}

function parseAction(text: string, file: string): ArticleAction {
  const [label, type, endpoint] = text.split('|').map((s) => s.trim());
  if (!label || (type !== 'navigate' && type !== 'call') || !endpoint?.startsWith('/')) {
    throw new ArticleError(
      `${file}: action must be "label | navigate|call | /path", got "${text}"`,
    );
  }
  return { label, type, endpoint };
}

/** Parses one article; a malformed one is an error naming the file, caught at start. */
export function parseArticle(source: string, slug: string, kind: ArticleKind): Article {
  const file = `${kind}/${slug}.md`;
  const { fields, lists, body } = parseFrontMatter(source, file);
  const title = fields.title;
  const path = fields.path;
  if (!title) throw new ArticleError(`${file}: front matter needs a title`);
  if (!path?.startsWith('/')) throw new ArticleError(`${file}: front matter needs a path (/...)`);
  const audience = fields.audience ?? (kind === 'architecture' ? 'admin' : 'user');
  if (audience !== 'user' && audience !== 'admin') {
    throw new ArticleError(`${file}: audience must be user or admin, got "${audience}"`);
  }
  const actionFor = (fields['action-for'] ?? audience) as Role;
  if (!ROLES.includes(actionFor)) {
    throw new ArticleError(
      `${file}: action-for must be user, admin or supergod, got "${actionFor}"`,
    );
  }
  const aliases = [...(fields.aliases?.split(',') ?? []), ...(lists.aliases ?? [])]
    .map((a) => a.trim())
    .filter(Boolean);
  const article: Article = {
    slug,
    kind,
    title,
    path,
    audience,
    ...(fields.action ? { action: parseAction(fields.action, file) } : {}),
    actionFor,
    aliases,
    questions: (lists.questions ?? []).filter(Boolean),
    passages: [],
  };
  article.passages = splitPassages(body, article);
  return article;
}

/**
 * Splits a body at its `##` headings. The `#` title line is dropped (the title is in the front
 * matter); text before the first `##` becomes a passage headed by the article title. Fenced code
 * blocks stay whole, so a `##` inside one is not a heading.
 */
export function splitPassages(
  body: string,
  article: Pick<Article, 'slug' | 'kind' | 'title' | 'path' | 'audience'>,
): Passage[] {
  const sections: Array<{ heading: string; lines: string[] }> = [
    { heading: article.title, lines: [] },
  ];
  let inFence = false;
  for (const line of body.split(/\r?\n/)) {
    if (line.trimStart().startsWith('```')) inFence = !inFence;
    if (!inFence && /^#\s/.test(line)) continue;
    const heading = inFence ? null : /^#{2,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) {
      sections.push({ heading: heading[1], lines: [] });
      continue;
    }
    sections.at(-1)?.lines.push(line);
  }
  return sections
    .map((s) => ({ heading: s.heading, text: s.lines.join('\n').trim() }))
    .filter((s) => s.text.length > 0)
    .map((s, n) => ({
      id: `${article.kind}/${article.slug}#${n}`,
      slug: article.slug,
      kind: article.kind,
      title: article.title,
      heading: s.heading,
      text: s.text,
      path: article.path,
      audience: article.audience,
    }));
}
