// /admin/unanswered-questions against a fake server: each group's wording, count, kinds, when it
// was last asked, roles, closest article link and other wordings; the empty, loading and error
// states; and 'Clear' only after the confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AdminRoute, fakeAdminServer, signedInShell } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const HOUR = 3_600_000;

const groups = () => [
  {
    wording: 'how do I cancel my netflix subscription',
    count: 3,
    lastAskedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    roles: ['user', 'admin'],
    kind: { declined: 2, ratedNo: 1 },
    closestArticle: {
      slug: 'cancelling-and-resuming',
      title: 'Cancelling and resuming a subscription',
      path: '/subscription',
    },
    examples: ['cancel netflix', 'Netflix cancel?'],
  },
  {
    wording: 'what is the weather in Paris?',
    count: 1,
    lastAskedAt: new Date(Date.now() - 3 * 24 * HOUR).toISOString(),
    roles: ['user'],
    kind: { declined: 1, ratedNo: 0 },
    closestArticle: null,
    examples: [],
  },
];

/** The page's answer: the kept questions are the groups' counts added up, as the server's are. */
const answer = (list: Array<{ count: number }>) => {
  const total = list.reduce((sum, group) => sum + group.count, 0);
  return { body: { groups: list, total, grouped: total, retentionDays: 90 } };
};

function server(read: AdminRoute, extra: Record<string, AdminRoute> = {}) {
  return fakeAdminServer({
    ...signedInShell('admin'),
    'GET /api/admin/unanswered-questions': read,
    ...extra,
  });
}

describe('unanswered questions page', () => {
  it('shows each group with its count, kinds, last time, roles, article and other wordings', async () => {
    server(() => answer(groups()));
    renderAt('/admin/unanswered-questions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unanswered questions' }),
    ).toBeDefined();
    const list = await screen.findByRole('list', { name: 'Unanswered questions by wording' });
    // One item per group (each card holds a list of its other wordings).
    const [netflix, weather] = Array.from(list.children) as HTMLElement[];
    if (!netflix || !weather) throw new Error('two groups expected');
    const first = within(netflix);
    expect(
      first.getByRole('heading', { name: 'how do I cancel my netflix subscription' }),
    ).toBeDefined();
    expect(first.getByText('3 times')).toBeDefined();
    expect(first.getByText("(2 declined, 1 rated 'no')")).toBeDefined();
    expect(first.getByText('2 hours ago').tagName).toBe('TIME');
    expect(first.getByText('user')).toBeDefined();
    expect(first.getByText('admin')).toBeDefined();
    expect(
      first
        .getByRole('link', { name: 'Cancelling and resuming a subscription' })
        .getAttribute('href'),
    ).toBe('/subscription');
    expect(first.getByText('cancel netflix')).toBeDefined();
    expect(first.getByText('Netflix cancel?')).toBeDefined();
    const second = within(weather);
    expect(second.getByText('once')).toBeDefined();
    expect(second.getByText('(1 declined)')).toBeDefined();
    expect(second.getByText('3 days ago')).toBeDefined();
    expect(second.getByText('None in the help')).toBeDefined();
    expect(second.queryByText('Also asked as:')).toBeNull();
    expect(
      screen.getByText(
        /grouped by wording, the most recently asked first\. 4 questions in 2 groups\.$/,
      ),
    ).toBeDefined();
  });

  it('says when there is nothing to show, and offers no clear', async () => {
    server(() => ({ body: { groups: [], total: 0, grouped: 0, retentionDays: 30 } }));
    renderAt('/admin/unanswered-questions');
    expect(await screen.findByText('No unanswered questions in the last 30 days')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Clear' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the error when the read fails', async () => {
    server(() => ({ status: 500, body: { message: 'boom' } }));
    renderAt('/admin/unanswered-questions');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Could not load the unanswered questions: /,
    );
  });

  it('clears them only after the confirmation', async () => {
    let list = groups();
    const fake = server(() => answer(list), {
      'POST /api/admin/unanswered-questions/clear': () => {
        list = [];
        return { body: { ok: true, message: 'Cleared 4 questions' } };
      },
    });
    const u = userEvent.setup();
    renderAt('/admin/unanswered-questions');
    await screen.findByText('what is the weather in Paris?');
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Clear all unanswered questions?',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(fake.to('POST /api/admin/unanswered-questions/clear')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Clear' }));
    const again = await screen.findByRole('alertdialog');
    await u.click(within(again).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Cleared 4 questions')).toBeDefined();
    const empty = await screen.findByText('No unanswered questions in the last 90 days');
    // The disabled Clear button cannot keep the focus: the empty state takes it.
    await waitFor(() => expect(document.activeElement).toBe(empty));
    expect(fake.to('POST /api/admin/unanswered-questions/clear')).toHaveLength(1);
  });

  it('keeps the questions and says so when the clear fails', async () => {
    server(() => answer(groups()), {
      'POST /api/admin/unanswered-questions/clear': () => ({
        status: 500,
        body: { message: 'boom' },
      }),
    });
    const u = userEvent.setup();
    renderAt('/admin/unanswered-questions');
    await screen.findByText('what is the weather in Paris?');
    await u.click(screen.getByRole('button', { name: 'Clear' }));
    await u.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear' }),
    );
    expect(await screen.findByText('Failed to clear the questions')).toBeDefined();
    expect(screen.getByText('what is the weather in Paris?')).toBeDefined();
  });
});
