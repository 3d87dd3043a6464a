// Renders the assistant's answer, Markdown quoted from the help articles (GitHub's flavour, for
// their tables), as React elements: raw HTML in an answer stays text and unsafe link targets are
// dropped. Internal pages open through the router; API and keypad paths are plain links.
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import './answer-markdown.css';

/** Pages of the web app (router links) as opposed to server paths or other sites. */
export const isAppPath = (href: string) =>
  href.startsWith('/') && !href.startsWith('//') && !/^\/(api|keypad)(\/|$)/.test(href);

function AnswerLink({ href, children }: { href?: string; children?: ReactNode }) {
  // An unsafe target (javascript: and the like) arrives emptied: no link is better than one to here.
  if (!href) return <span>{children}</span>;
  return isAppPath(href) ? <Link to={href}>{children}</Link> : <a href={href}>{children}</a>;
}

const components: Components = {
  a: ({ href, children }) => <AnswerLink href={href}>{children}</AnswerLink>,
  // The panel's title is the h2: an article's headings sit below it.
  h1: 'h3',
  h2: 'h4',
  h3: 'h5',
  h4: 'h6',
  h5: 'h6',
  // An answer loads nothing from elsewhere; a picture is named by its text.
  img: ({ alt }) => <>{alt}</>,
};

/**
 * The server quotes a passage with single line breaks between its bold heading, its text and
 * its 'Read more' link. In Markdown a bold line would run into the text under it, and a line
 * straight after a table would become one more row: a blank line after each keeps them apart.
 */
export function separateBlocks(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    out.push(line);
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const next = lines[i + 1]?.trim();
    if (fenced || !next) return;
    const trimmed = line.trim();
    const boldLine = /^\*\*[^*]+\*\*$/.test(trimmed);
    const tableEnds = trimmed.startsWith('|') && !next.startsWith('|');
    if (boldLine || tableEnds) out.push('');
  });
  return out.join('\n');
}

export function AnswerText({ text }: { text: string }) {
  return (
    <div className="omega-answer">
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {separateBlocks(text)}
      </Markdown>
    </div>
  );
}
