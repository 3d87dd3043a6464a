// Reads the help and architecture articles from the repository's docs folder. The folder is
// found by walking up from this module, so the same code works from src (tests, dev) and from
// the bundled dist that `pnpm start` and the browser tests run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Article, ArticleError, type ArticleKind, parseArticle } from './articles.js';

const FOLDERS: Record<ArticleKind, string> = { help: 'help', architecture: 'architecture' };

/** The nearest `docs` folder holding `help/` above `from` (a file or folder path). */
export function findDocsRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'docs');
    if (existsSync(join(candidate, 'help'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new ArticleError(`No docs/help folder found above ${from}: the assistant needs it`);
    }
    dir = parent;
  }
}

/** Every article of both kinds, sorted by kind and file name. README.md describes the format. */
export function loadArticles(docsRoot: string = findDocsRoot()): Article[] {
  const articles: Article[] = [];
  for (const kind of ['help', 'architecture'] as const) {
    const folder = join(docsRoot, FOLDERS[kind]);
    if (!existsSync(folder)) continue;
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .sort();
    for (const file of files) {
      const source = readFileSync(join(folder, file), 'utf8');
      articles.push(parseArticle(source, file.slice(0, -3), kind));
    }
  }
  if (!articles.some((a) => a.kind === 'help')) {
    throw new ArticleError(`No help articles in ${join(docsRoot, FOLDERS.help)}`);
  }
  return articles;
}
