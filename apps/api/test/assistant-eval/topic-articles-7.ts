// Which articles answer each topic of the v7 held-out set (./held-out-7.ts). Mapped on 2026-11-27
// in a separate step, AFTER the v7 questions were written and saved, without reading them: the
// set's author listed the new topic names in its header, and each name already used by an
// earlier set keeps that set's mapping unchanged (the v6 map, which spreads v5 to v1). The three
// new topics were mapped from the help's file names and titles alone:
//   - 'using the API': docs/architecture/routes-and-access.md, "The route table and the access
//     hook" (the only article whose title is about the API's calls);
//   - 'toast notifications': the messages the app shows, like v5's 'error messages' (the five
//     troubleshooting articles, signing in, failed keypad transactions), and docs/help/the-shell.md
//     ("The top bar, text size, theme and god mode"), the app's frame where they appear;
//   - 'tooltips and hints': docs/help/the-shell.md.
// Where a topic is answered by more than one article, any of them counts as right. Like the
// questions, this mapping is not to be changed to raise a figure.

import { topicArticles6 } from './topic-articles-6.js';

export const topicArticles7: Readonly<Record<string, readonly string[]>> = {
  ...topicArticles6,
  'using the API': ['routes-and-access'],
  'toast notifications': [...(topicArticles6['error messages'] ?? []), 'the-shell'],
  'tooltips and hints': ['the-shell'],
};
