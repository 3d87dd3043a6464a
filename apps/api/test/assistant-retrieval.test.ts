// The assistant's pure parts: articles split into passages, the index finding the passage that
// answers a question within the asker's scope, and answers composed from hits (or honestly not).
import { describe, expect, it } from 'vitest';
import {
  type Article,
  ArticleError,
  parseArticle,
  splitPassages,
} from '../src/services/assistant/articles.js';
import {
  asksAboutErrors,
  clip,
  composeAnswer,
  isRelevant,
  noMatchAnswer,
  summariseErrors,
} from '../src/services/assistant/compose.js';
import { loadArticles } from '../src/services/assistant/load-articles.js';
import { HelpIndex, queryWords, stem } from '../src/services/assistant/retrieval.js';

const ARTICLE = `---
title: Cancelling and resuming
path: /subscription
audience: user
action: Open my subscription | navigate | /subscription   # a comment
---
# Cancelling and resuming

Intro text before any section.

## Cancelling
Press 'Cancel Subscription'. It ends at the period end.

\`\`\`
## not a heading inside a fence
\`\`\`

## Resuming
Press Resume before the period ends.
`;

describe('articles', () => {
  it('reads the front matter and splits the body at its headings', () => {
    const a = parseArticle(ARTICLE, 'cancelling', 'help');
    expect(a).toMatchObject({
      title: 'Cancelling and resuming',
      path: '/subscription',
      audience: 'user',
      action: { label: 'Open my subscription', type: 'navigate', endpoint: '/subscription' },
    });
    expect(a.passages.map((p) => [p.id, p.heading])).toEqual([
      ['help/cancelling#0', 'Cancelling and resuming'],
      ['help/cancelling#1', 'Cancelling'],
      ['help/cancelling#2', 'Resuming'],
    ]);
    expect(a.passages[1]?.text).toContain('## not a heading inside a fence');
    expect(a.passages[0]?.text).toBe('Intro text before any section.');
  });

  it('refuses an article without a title, path or with a bad action, naming the file', () => {
    expect(() => parseArticle('# no front matter', 'x', 'help')).toThrow(/help\/x\.md/);
    expect(() => parseArticle('---\ntitle: T\n---\nbody', 'x', 'help')).toThrow(ArticleError);
    expect(() =>
      parseArticle('---\ntitle: T\npath: /a\naction: Go | jump | /a\n---\n', 'x', 'help'),
    ).toThrow(/action must be/);
    expect(() =>
      parseArticle('---\ntitle: T\npath: /a\naudience: everyone\n---\n', 'x', 'help'),
    ).toThrow(/audience/);
  });

  it('drops empty sections', () => {
    const passages = splitPassages('## Empty\n\n## Full\ntext', {
      slug: 's',
      kind: 'help',
      title: 'T',
      path: '/',
      audience: 'user',
    });
    expect(passages.map((p) => p.heading)).toEqual(['Full']);
  });

  it('loads every help article of the repository without error', () => {
    const articles = loadArticles();
    expect(articles.filter((a) => a.kind === 'help').length).toBeGreaterThanOrEqual(25);
    expect(articles.some((a) => a.kind === 'architecture')).toBe(true);
    for (const a of articles) expect(a.passages.length).toBeGreaterThan(0);
  });
});

describe('retrieval', () => {
  const index = new HelpIndex(loadArticles());
  const user = { audience: 'user', architecture: false } as const;
  const admin = { audience: 'admin', architecture: true } as const;
  const first = (q: string, scope: typeof user | typeof admin = user) =>
    index.find(q, scope)[0]?.passage;

  it('stems words so their forms meet', () => {
    expect(stem('cancelled')).toBe(stem('cancel'));
    expect(stem('cancelling')).toBe(stem('cancel'));
    expect(stem('upgrades')).toBe(stem('upgrading'));
    expect(stem('entries')).toBe('entry');
  });

  it('finds the passage that answers a question, with typos and other word forms', () => {
    expect(first('how do I cancel my subscription')?.slug).toBe('cancelling-and-resuming');
    expect(first('how is the upgrade charge calculated')?.slug).toBe('upgrading-and-pro-rating');
    expect(first('how do I chnage the theme to light')?.slug).toBe('the-shell');
    expect(first('my wallet is locked after wrong PINs')?.slug).toBe(
      'troubleshooting-wallet-locked',
    );
  });

  it('keeps admin articles and architecture notes out of users’ answers', () => {
    const q = 'how do I clear the system logs';
    expect(first(q, admin)?.slug).toBe('admin-logs');
    const forUser = index.find(q, user);
    expect(forUser.every((h) => h.passage.audience === 'user')).toBe(true);
    expect(forUser.every((h) => h.passage.kind === 'help')).toBe(true);
    const arch = index.find('how are sessions stored in the database', admin);
    expect(arch.some((h) => h.passage.kind === 'architecture')).toBe(true);
  });

  it('tells a real answer from a weak one', () => {
    const ask = (q: string) => isRelevant(index.find(q, user), queryWords(q));
    expect(ask('how do I cancel my subscription')).toBe(true);
    expect(ask('write me a poem about cats')).toBe(false);
    expect(ask('what is the weather in Paris')).toBe(false);
    expect(ask('how do I do it')).toBe(false);
  });
});

describe('composing answers', () => {
  const articles: Article[] = [parseArticle(ARTICLE, 'cancelling', 'help')];
  const index = new HelpIndex(articles);
  const scope = { audience: 'user', architecture: false } as const;

  it('quotes the best passages with links, sources, the action and follow-ups', () => {
    const hits = index.find('resume before the period ends', scope);
    const c = composeAnswer(hits, articles);
    expect(c.answer).toContain('**Cancelling and resuming › Resuming**');
    expect(c.answer).toContain('Press Resume before the period ends.');
    expect(c.answer).toContain('Read more: [Cancelling and resuming](/subscription)');
    expect(c.sources).toEqual([{ title: 'Cancelling and resuming', path: '/subscription' }]);
    expect(c.actions).toEqual([
      { label: 'Open my subscription', type: 'navigate', endpoint: '/subscription' },
    ]);
    expect(c.suggestions.length).toBeGreaterThan(0);
    expect(c.suggestions).not.toContain('Resuming');
  });

  it('says it found nothing and offers topics instead of inventing', () => {
    const c = noMatchAnswer('quantum pizza', articles);
    expect(c.answer).toContain('I could not find anything about "quantum pizza"');
    expect(c.answer).toContain('- [Cancelling and resuming](/subscription)');
    expect(c.sources).toEqual([]);
    expect(c.suggestions).toEqual(['Cancelling and resuming']);
  });

  it('clips long passages at a sentence end', () => {
    const text = `${'A sentence here. '.repeat(60)}`;
    const clipped = clip(text, 100);
    expect(clipped.length).toBeLessThanOrEqual(102);
    expect(clipped.endsWith('. …')).toBe(true);
  });

  it('summarises recent errors and recognises questions about them', () => {
    const text = summariseErrors({
      lastHour: 2,
      lastDay: 5,
      topSources: [{ source: 'api', count: 4 }],
      latest: [{ source: 'api', message: 'boom', at: Date.UTC(2026, 0, 1) }],
    });
    expect(text).toContain('2 errors in the last hour, 5 in the last 24 hours.');
    expect(text).toContain('Top sources: api (4).');
    expect(text).toContain('- 2026-01-01T00:00:00.000Z [api] boom');
    expect(asksAboutErrors('why are there errors?')).toBe(true);
    expect(asksAboutErrors('recent exceptions')).toBe(true);
    expect(asksAboutErrors('how do I cancel')).toBe(false);
  });
});
