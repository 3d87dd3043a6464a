// The shell's pieces that load on demand (the announcements bell, the assistant, the view-as
// banner): one whose code cannot be downloaded is left out, or replaced by a plain note, and
// the page and the rest of the shell still show, instead of an empty window.
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { fakeServer, renderAt, signedInAs } from './render-app.js';

const { notDownloaded } = vi.hoisted(() => ({
  notDownloaded: (file: string) =>
    new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${file}`),
}));

vi.mock('../src/features/announcements/components/announcements-bell.js', () => ({
  get AnnouncementsBell() {
    throw notDownloaded('announcements-bell.js');
  },
}));
vi.mock('../src/features/assistant/components/assistant-launcher.js', () => {
  throw notDownloaded('assistant-launcher.js');
});
vi.mock('../src/app/shell/impersonation-banner.js', () => {
  throw notDownloaded('impersonation-banner.js');
});

it('shows the page and the top bar when the bell, the assistant and the view-as banner cannot be downloaded', async () => {
  // React reports each error a boundary caught on the console; that is expected here.
  vi.mocked(console.error).mockImplementation(() => {});
  const user = signedInAs('user', 'ann')(undefined).body;
  fakeServer({
    'GET /api/user': () => ({
      status: 200,
      body: {
        ...user,
        impersonating: {
          by: { id: 2, username: 'boss' },
          startedAt: '2026-11-01T12:00:00.000Z',
          endsAt: '2099-11-01T12:15:00.000Z',
        },
      },
    }),
  });
  renderAt('/app-central');
  expect(await screen.findByText('Omega Module System')).toBeDefined();
  expect(
    await screen.findByText('Viewing as ann, read-only. Reload the page to end the view.'),
  ).toBeDefined();
  expect(screen.getAllByRole('button', { name: /log ?out/i }).length).toBeGreaterThan(0);
});
