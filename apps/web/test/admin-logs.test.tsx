// /admin/logs against a fake server: the query it sends, the client-side level and search
// filter over what is shown, the empty state, stack traces, older pages and clearing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminRoute, fakeAdminServer, signedInShell } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const log = (
  id: number,
  level: 'INFO' | 'WARNING' | 'ERROR',
  message: string,
  stackTrace?: string,
) => ({
  id,
  level,
  source: 'server',
  message,
  timestamp: '2026-11-20T10:00:00.000Z',
  ...(stackTrace ? { stackTrace } : {}),
});

const page1 = [
  log(5, 'ERROR', 'Database timeout', 'Error: timeout\n    at query (db.ts:10)'),
  log(4, 'WARNING', 'Slow request to /api/user'),
  log(3, 'INFO', 'Server started'),
];

function server(logs: AdminRoute, extra: Record<string, AdminRoute> = {}) {
  return fakeAdminServer({
    ...signedInShell('admin'),
    'GET /api/admin/logs': logs,
    ...extra,
  });
}

describe('logs page', () => {
  beforeEach(() => {
    // jsdom lays nothing out; give the scroll area its 600 px so rows are virtualized into view.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('shows the newest entries with their level, and a stack trace when there is one', async () => {
    const fake = server(() => ({ body: { logs: page1, nextCursor: null } }));
    renderAt('/admin/logs');
    expect(await screen.findByText('Database timeout')).toBeDefined();
    expect(screen.getByText('Slow request to /api/user')).toBeDefined();
    const trace = screen.getByText(/at query \(db\.ts:10\)/);
    expect(trace.tagName).toBe('PRE');
    expect(screen.getAllByText(/at query/)).toHaveLength(1);
    expect(screen.getByPlaceholderText('Search logs...')).toBeDefined();
    const first = fake.to('GET /api/admin/logs')[0]?.url.searchParams;
    expect(first?.get('level')).toBeNull();
    expect(first?.get('before')).toBeNull();
    expect(first?.get('limit')).toBe('50');
  });

  it('filters what is shown by level and asks the server for that level', async () => {
    // A server that ignores the filter: the page must still show only errors.
    const fake = server(() => ({ body: { logs: page1, nextCursor: null } }));
    const u = userEvent.setup();
    renderAt('/admin/logs');
    await screen.findByText('Server started');
    await u.click(screen.getByRole('combobox', { name: 'Log level' }));
    await u.click(await screen.findByRole('option', { name: 'Error' }));
    await waitFor(() => expect(screen.queryByText('Server started')).toBeNull());
    expect(screen.queryByText('Slow request to /api/user')).toBeNull();
    expect(screen.getByText('Database timeout')).toBeDefined();
    await waitFor(() =>
      expect(fake.to('GET /api/admin/logs').at(-1)?.url.searchParams.get('level')).toBe('ERROR'),
    );
  });

  it('filters by the search text at once, and says so when nothing matches', async () => {
    const fake = server(() => ({ body: { logs: page1, nextCursor: null } }));
    const u = userEvent.setup();
    renderAt('/admin/logs');
    await screen.findByText('Server started');
    await u.type(screen.getByPlaceholderText('Search logs...'), 'SLOW');
    expect(screen.getByText('Slow request to /api/user')).toBeDefined();
    expect(screen.queryByText('Server started')).toBeNull();
    await u.clear(screen.getByPlaceholderText('Search logs...'));
    await u.type(screen.getByPlaceholderText('Search logs...'), 'no such text');
    expect(await screen.findByText('No logs found')).toBeDefined();
    await waitFor(() =>
      expect(fake.to('GET /api/admin/logs').at(-1)?.url.searchParams.get('search')).toBe(
        'no such text',
      ),
    );
  });

  it("shows 'No logs found' when the log is empty", async () => {
    server(() => ({ body: { logs: [], nextCursor: null } }));
    renderAt('/admin/logs');
    expect(await screen.findByText('No logs found')).toBeDefined();
  });

  it('loads older entries with the cursor of the page above', async () => {
    const fake = server(({ url }) =>
      url.searchParams.get('before') === '3'
        ? { body: { logs: [log(2, 'INFO', 'Migrations ran')], nextCursor: null } }
        : { body: { logs: page1, nextCursor: 3 } },
    );
    renderAt('/admin/logs');
    // Three rows fill less than the area, so the next page loads without scrolling.
    expect(await screen.findByText('Migrations ran')).toBeDefined();
    expect(
      fake.to('GET /api/admin/logs').some((c) => c.url.searchParams.get('before') === '3'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older logs' })).toBeNull();
  });

  it('clears the logs only after the confirmation', async () => {
    let logs = page1;
    const fake = server(() => ({ body: { logs, nextCursor: null } }), {
      'POST /api/admin/logs/clear': () => {
        logs = [];
        return { body: { ok: true, message: 'Logs cleared', cleared: 3 } };
      },
    });
    const u = userEvent.setup();
    renderAt('/admin/logs');
    await screen.findByText('Server started');
    await u.click(screen.getByRole('button', { name: 'Clear Logs' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Are you sure you want to clear all logs?',
    });
    await u.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(fake.to('POST /api/admin/logs/clear')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Clear Logs' }));
    await screen.findByRole('alertdialog');
    const confirmButtons = screen.getAllByRole('button', { name: 'Clear Logs' });
    await u.click(confirmButtons.at(-1) as HTMLElement);
    expect(await screen.findByText('Logs cleared')).toBeDefined();
    expect(await screen.findByText('No logs found')).toBeDefined();
    expect(fake.to('POST /api/admin/logs/clear')).toHaveLength(1);
  });

  it('asks the question once, as the title, and says what clearing does', async () => {
    server(() => ({ body: { logs: page1, nextCursor: null } }));
    const u = userEvent.setup();
    renderAt('/admin/logs');
    await screen.findByText('Server started');
    await u.click(screen.getByRole('button', { name: 'Clear Logs' }));
    const question = 'Are you sure you want to clear all logs?';
    const dialog = await screen.findByRole('alertdialog', { name: question });
    expect(within(dialog).getAllByText(question)).toHaveLength(1);
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Every entry in the system log is deleted, and this cannot be undone. The activity log records who cleared it.',
    );
  });

  it("shows 'Failed to clear logs' when the server refuses", async () => {
    server(() => ({ body: { logs: page1, nextCursor: null } }), {
      'POST /api/admin/logs/clear': () => ({ status: 500, body: { message: 'boom' } }),
    });
    const u = userEvent.setup();
    renderAt('/admin/logs');
    await screen.findByText('Server started');
    await u.click(screen.getByRole('button', { name: 'Clear Logs' }));
    await screen.findByRole('alertdialog');
    await u.click(screen.getAllByRole('button', { name: 'Clear Logs' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Failed to clear logs')).toBeDefined();
    expect(screen.getByText('Server started')).toBeDefined();
  });
});
