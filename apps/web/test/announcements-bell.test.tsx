// The announcements bell in the top bar: the unread count in its name and badge, the panel
// listing recent announcements, and opening it marking them read up to the newest.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAdminServer, signedInShell, user } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const announcements = [
  {
    id: 9,
    title: 'New plans',
    content: 'Team plan is here.',
    createdAt: '2026-11-20T11:00:00.000Z',
  },
  {
    id: 4,
    title: 'Maintenance',
    content: 'Sunday 02:00 UTC.',
    createdAt: '2026-11-19T10:00:00.000Z',
  },
];

describe('announcements bell', () => {
  it('shows the unread count, lists the announcements and marks them read', async () => {
    let unread = 2;
    const fake = fakeAdminServer({
      'GET /api/user': user('user'),
      'GET /api/messages/unread-count': () => ({ body: { unread } }),
      'GET /api/messages': () => ({ body: announcements }),
      'POST /api/messages/read': () => {
        unread = 0;
        return { body: { ok: true } };
      },
    });
    const u = userEvent.setup();
    renderAt('/app-central');
    const bell = await screen.findByRole('button', { name: 'Announcements, 2 unread' });
    expect(bell.textContent).toContain('2');
    await u.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    expect(dialog.textContent).toContain('Team plan is here.');
    expect(dialog.textContent).toContain('Maintenance');
    await waitFor(() => expect(fake.to('POST /api/messages/read')).toHaveLength(1));
    expect(JSON.parse(fake.to('POST /api/messages/read')[0]?.body ?? '')).toEqual({ lastId: 9 });
    await u.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Announcements, 0 unread' })).toBeDefined();
  });

  it("says 'No announcements yet' and marks nothing when there are none", async () => {
    const fake = fakeAdminServer({
      ...signedInShell('user'),
      'GET /api/messages': () => ({ body: [] }),
    });
    const u = userEvent.setup();
    renderAt('/app-central');
    await u.click(await screen.findByRole('button', { name: 'Announcements, 0 unread' }));
    expect(await screen.findByText('No announcements yet')).toBeDefined();
    expect(fake.to('POST /api/messages/read')).toEqual([]);
  });

  it('is not in the top bar of a signed-out visitor', async () => {
    const fake = fakeAdminServer({
      'GET /api/user': () => ({ status: 401, body: { message: 'Authentication required' } }),
    });
    renderAt('/auth');
    await screen.findByText('Sign in to your account or create a new one');
    expect(screen.queryByRole('button', { name: /^Announcements/ })).toBeNull();
    expect(fake.to('GET /api/messages/unread-count')).toEqual([]);
  });
});
