// The assistant's answer is Markdown from the help articles: a table is a real table, a list has
// items, code stays code, a hard-wrapped sentence reads as one, links follow the router, and
// nothing in an answer becomes raw HTML.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AnswerText } from '../src/features/assistant/components/answer-text.js';

// Shaped as the server composes an answer: a bold heading, the quoted passage hard-wrapped at
// 100 columns as the article is, and a 'Read more' link straight under a table.
const ANSWER = [
  'From the Omega help:',
  '',
  '**Plans and prices**',
  'The plan chooser is /subscription/plans. Yearly prices show how much you save compared',
  'with paying monthly for 12 months (rounded to a whole percent). The plans are:',
  '',
  '| plan               | per month | free trial |',
  '| ------------------ | --------- | ---------- |',
  '| Free               | $0        | —          |',
  '| Pro (Most Popular) | $29.00    | 14 days    |',
  'Read more: [Plans and prices](/subscription/plans)',
  '',
  '**Checking which key is in use**',
  'Run `pnpm cli keys status` on the server, then:',
  '',
  '- set new keys through the configuration',
  '- restart the server',
  '',
  '```',
  'OMEGA_ADMIN_KEY=one',
  'OMEGA_SUPERGOD_KEY=two',
  '```',
].join('\n');

function renderAnswer(text: string) {
  return render(
    <MemoryRouter initialEntries={['/app-central']}>
      <Routes>
        <Route path="/app-central" element={<AnswerText text={text} />} />
        <Route path="/subscription/plans" element={<h1>Plan chooser</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('an assistant answer', () => {
  it('shows a Markdown table as a table with header and body cells', () => {
    renderAnswer(ANSWER);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['plan', 'per month', 'free trial']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Pro (Most Popular)', '$29.00', '14 days']);
    expect(table.textContent).not.toContain('|');
    // The line under the table is the link, not one more row.
    expect(within(table).queryByText(/Read more/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Plans and prices' })).toBeDefined();
  });

  it('keeps a hard-wrapped sentence in one paragraph', () => {
    const { container } = renderAnswer(ANSWER);
    const paragraph = screen.getByText(/Yearly prices show how much you save compared/);
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.textContent?.replace(/\s+/g, ' ')).toContain(
      'Yearly prices show how much you save compared with paying monthly for 12 months',
    );
    expect(container.querySelector('br')).toBeNull();
    // The bold heading stands apart from the text under it.
    expect(
      screen.getByText('Plans and prices', { selector: 'strong' }).parentElement?.textContent,
    ).toBe('Plans and prices');
  });

  it('shows lists as list items, and inline code and code blocks as code', () => {
    const { container } = renderAnswer(ANSWER);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'set new keys through the configuration',
      'restart the server',
    ]);
    expect(screen.getByText('pnpm cli keys status').tagName).toBe('CODE');
    const block = container.querySelector('pre > code');
    expect(block?.textContent).toBe('OMEGA_ADMIN_KEY=one\nOMEGA_SUPERGOD_KEY=two\n');
  });

  it('opens the pages of the app through the router', async () => {
    const user = userEvent.setup();
    renderAnswer(ANSWER);
    await user.click(screen.getByRole('link', { name: 'Plans and prices' }));
    expect(await screen.findByRole('heading', { name: 'Plan chooser' })).toBeDefined();
  });

  it('never turns an answer into markup or script', () => {
    const { container } = renderAnswer(
      [
        'Look: <img src="x" onerror="alert(1)"> and <b>bold</b>',
        '',
        '[a trap](javascript:alert(1)) and ![a picture](https://example.com/track.png)',
      ].join('\n'),
    );
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
    const trap = screen.getByText('a trap');
    expect(trap.getAttribute('href') ?? '').not.toContain('javascript');
  });
});
