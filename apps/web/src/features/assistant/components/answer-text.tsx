// Renders the assistant's answer text: paragraphs, '- ' lists, **bold** headings, `code` and
// [links](/path). Internal pages open through the router; API and keypad paths are plain links.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|`([^`]+)`/g;

/** Pages of the web app (router links) as opposed to server paths or other sites. */
export const isAppPath = (href: string) =>
  href.startsWith('/') && !href.startsWith('//') && !/^\/(api|keypad)(\/|$)/.test(href);

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const [, label, href, bold, code] = m;
    if (label && href) {
      parts.push(
        isAppPath(href) ? (
          <Link key={at} to={href}>
            {label}
          </Link>
        ) : (
          <a key={at} href={href}>
            {label}
          </a>
        ),
      );
    } else if (bold) {
      parts.push(<strong key={at}>{bold}</strong>);
    } else if (code) {
      parts.push(<code key={at}>{code}</code>);
    }
    last = at + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const BULLET = /^\s*[-*] /;

/** Consecutive lines grouped into paragraphs and lists, in their order. */
function groups(text: string): Array<{ list: boolean; lines: string[] }> {
  const out: Array<{ list: boolean; lines: string[] }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const list = BULLET.test(line);
    const last = out.at(-1);
    if (last && list && last.list) last.lines.push(line.replace(BULLET, ''));
    else out.push({ list, lines: [list ? line.replace(BULLET, '') : line] });
  }
  return out;
}

export function AnswerText({ text }: { text: string }) {
  // The text of one answer never changes, so positions are stable keys.
  return (
    <div className="omega-assistant__answer">
      {groups(text).map((g, i) =>
        g.list ? (
          <ul key={i}>
            {g.lines.map((line, j) => (
              <li key={j}>{inline(line)}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{inline(g.lines[0] ?? '')}</p>
        ),
      )}
    </div>
  );
}
