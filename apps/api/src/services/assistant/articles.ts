// Help and architecture articles as the assistant reads them: front matter (title, the page the
// article describes, audience, an optional action button) and the body split at its `##`
// headings into passages, the units the index finds and the answer quotes. Pure: no file access.

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

function parseFrontMatter(source: string, file: string) {
  const match = FRONT_MATTER.exec(source);
  if (!match?.[1]) throw new ArticleError(`${file}: missing front matter (--- title/path ---)`);
  const fields: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    // A trailing `# comment` is allowed, as in the format description in docs/help/README.md.
    const value = line.slice(colon + 1).replace(/\s+#\s.*$/, '');
    fields[line.slice(0, colon).trim()] = unquote(value);
  }
  return { fields, body: source.slice(match[0].length) };
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
  const { fields, body } = parseFrontMatter(source, file);
  const title = fields.title;
  const path = fields.path;
  if (!title) throw new ArticleError(`${file}: front matter needs a title`);
  if (!path?.startsWith('/')) throw new ArticleError(`${file}: front matter needs a path (/...)`);
  const audience = fields.audience ?? (kind === 'architecture' ? 'admin' : 'user');
  if (audience !== 'user' && audience !== 'admin') {
    throw new ArticleError(`${file}: audience must be user or admin, got "${audience}"`);
  }
  const article: Article = {
    slug,
    kind,
    title,
    path,
    audience,
    ...(fields.action ? { action: parseAction(fields.action, file) } : {}),
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
