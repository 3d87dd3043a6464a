// /admin/communications against a fake server: the trimmed form-encoded post, the toasts,
// the Debug Form panel and the Recent Announcements list.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AdminRoute, fakeAdminServer, signedInShell } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

interface Sent {
  id: number;
  title: string;
  content: string;
  createdAt: string;
}

function server(post: AdminRoute, initial: Sent[] = []) {
  const list = [...initial];
  const fake = fakeAdminServer({
    ...signedInShell('admin'),
    'GET /api/messages': () => ({ body: list }),
    'POST /api/messages': (req) => {
      const answer = post(req);
      if ((answer.status ?? 200) === 200) list.unshift(answer.body as Sent);
      return answer;
    },
  });
  return fake;
}

describe('communications page', () => {
  it('posts the trimmed title and content form-encoded, then lists the announcement', async () => {
    const fake = server((req) => {
      const form = new URLSearchParams(req.body);
      return {
        body: {
          id: 7,
          title: form.get('title'),
          content: form.get('content'),
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      };
    });
    const u = userEvent.setup();
    renderAt('/admin/communications');
    expect(await screen.findByText('No announcements yet')).toBeDefined();
    await u.type(screen.getByLabelText('Title'), '  Maintenance & upgrades  ');
    await u.type(screen.getByLabelText('Content'), '  Sunday 02:00 UTC.\nSave your work.  ');
    await u.click(screen.getByRole('button', { name: 'Send Announcement' }));

    expect(await screen.findByText('Announcement created.')).toBeDefined();
    const [post] = fake.to('POST /api/messages');
    expect(post?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(post?.body).toBe(
      new URLSearchParams({
        title: 'Maintenance & upgrades',
        content: 'Sunday 02:00 UTC.\nSave your work.',
      }).toString(),
    );
    expect(await screen.findByRole('heading', { name: 'Maintenance & upgrades' })).toBeDefined();
    expect(screen.queryByText('No announcements yet')).toBeNull();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('shows the submitted form data as text in the Debug Form panel', async () => {
    server(() => ({
      body: { id: 1, title: 'Hi', content: 'There', createdAt: '2026-11-20T10:00:00.000Z' },
    }));
    const u = userEvent.setup();
    renderAt('/admin/communications');
    await u.click(await screen.findByRole('button', { name: 'Debug Form' }));
    expect(screen.getByTestId('debug-form-data').textContent).toBe('Nothing submitted yet.');
    await u.type(screen.getByLabelText('Title'), ' Hi ');
    await u.type(screen.getByLabelText('Content'), 'There ');
    await u.click(screen.getByRole('button', { name: 'Send Announcement' }));
    await screen.findByText('Announcement created.');
    expect(screen.getByTestId('debug-form-data').textContent).toBe(
      JSON.stringify({ title: 'Hi', content: 'There' }, null, 2),
    );
    await u.click(screen.getByRole('button', { name: 'Debug Form' }));
    expect(screen.queryByTestId('debug-form-data')).toBeNull();
  });

  it('refuses empty fields before sending anything', async () => {
    const fake = server(() => ({ body: {} }));
    const u = userEvent.setup();
    renderAt('/admin/communications');
    await u.type(await screen.findByLabelText('Title'), '   ');
    await u.click(screen.getByRole('button', { name: 'Send Announcement' }));
    expect(screen.getByText('Title is required')).toBeDefined();
    expect(screen.getByText('Content is required')).toBeDefined();
    expect(fake.to('POST /api/messages')).toEqual([]);
  });

  it("shows 'Failed to create announcement' with the response text", async () => {
    server(() => ({ status: 400, body: 'Title must be at most 1000 characters' }));
    const u = userEvent.setup();
    renderAt('/admin/communications');
    await u.type(await screen.findByLabelText('Title'), 'Hello');
    await u.type(screen.getByLabelText('Content'), 'World');
    await u.click(screen.getByRole('button', { name: 'Send Announcement' }));
    expect(await screen.findByText('Failed to create announcement')).toBeDefined();
    expect(screen.getByText('Title must be at most 1000 characters')).toBeDefined();
    // What was typed stays, to be corrected.
    await waitFor(() =>
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Hello'),
    );
  });

  it('lists recent announcements newest first as the server sends them', async () => {
    server(
      () => ({ body: {} }),
      [
        { id: 2, title: 'Second', content: 'b', createdAt: '2026-11-20T11:00:00.000Z' },
        { id: 1, title: 'First', content: 'a', createdAt: '2026-11-20T10:00:00.000Z' },
      ],
    );
    renderAt('/admin/communications');
    await screen.findByRole('heading', { name: 'Second' });
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Second', 'First']);
  });
});
