// The supergod console on the real route tree with a fake server: the command dialog's client
// checks and toasts, a run's output and the refetch that follows, a refusal from the server,
// a grant that asks an old sign-in to sign in again first, and the panels' figures, badges,
// empty and failure states.
import { accountMessages, CONFIRMATION_PHRASE } from '@omega/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useCommandHistory } from '../src/features/supergod/stores/command-history.js';
import { type FakeRoute, fakeServer, renderAt, signedInAs } from './render-app.js';

const STATUS = '/api/supergod/system-status';
const USERS = '/api/supergod/users?offset=0&limit=25';
const EXECUTE = '/api/supergod/execute';

const status: FakeRoute = () => ({
  status: 200,
  body: {
    system: {
      users: { count: 3, note: '1 user, 1 admin, 1 supergod, 0 disabled' },
      logs: { errors: 4, activities: 17 },
      security: {
        sessionCookieSecure: false,
        sessionCookieSameSite: 'lax',
        contentSecurityPolicy: true,
        futureFlag: 'yes',
      },
      lastChecked: '2026-11-01T12:00:00.000Z',
    },
  },
});

const user = (id: number, username: string, role: string, extra: object = {}) => ({
  id,
  username,
  email: null,
  role,
  createdAt: '2026-11-01T12:00:00.000Z',
  lastLogin: null,
  ...extra,
});

const users: FakeRoute = () => ({
  status: 200,
  body: {
    users: [
      user(1, 'zeus', 'supergod', { lastLogin: '2026-11-02T08:00:00.000Z' }),
      user(2, 'ada', 'admin', { email: 'ada@example.com' }),
      user(3, 'bob', 'user'),
    ],
    total: 3,
    offset: 0,
    limit: 25,
  },
});

function server(execute: FakeRoute) {
  return fakeServer({
    'GET /api/user': signedInAs('supergod', 'zeus'),
    [`GET ${STATUS}`]: status,
    [`GET ${USERS}`]: users,
    [`POST ${EXECUTE}`]: execute,
  });
}

const executed: FakeRoute = (init) => {
  const body = JSON.parse(String(init?.body)) as { command: string };
  return {
    status: 200,
    body: {
      command: body.command.trim(),
      output: 'Commands:\nhelp  List every command',
      executedAt: '2026-11-01T12:00:05.000Z',
    },
  };
};

async function openDialog() {
  const ue = userEvent.setup();
  renderAt('/supergod');
  await ue.click(await screen.findByRole('button', { name: 'Execute Super-God Command' }));
  const dialog = await screen.findByRole('dialog');
  return { ue, dialog };
}

afterEach(() => {
  act(() => useCommandHistory.getState().clear());
});

describe('the command dialog', () => {
  it('shows the required phrase, with Cancel and Execute', async () => {
    server(executed);
    const { dialog } = await openDialog();
    expect(within(dialog).getByText(CONFIRMATION_PHRASE)).toBeDefined();
    expect(within(dialog).getByLabelText('Command')).toBeDefined();
    expect(within(dialog).getByLabelText('Confirmation Code')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Execute' })).toBeDefined();
  });

  it("refuses an empty command with 'Input Required' and sends nothing", async () => {
    const calls = server(executed);
    const { ue, dialog } = await openDialog();
    await ue.type(within(dialog).getByLabelText('Command'), '   ');
    await ue.type(within(dialog).getByLabelText('Confirmation Code'), CONFIRMATION_PHRASE);
    await ue.click(within(dialog).getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Input Required')).toBeDefined();
    expect(screen.getByText('Please enter a command to execute')).toBeDefined();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByRole('dialog')).toBeDefined();
  });

  it("refuses a wrong phrase with 'Incorrect Confirmation' and sends nothing", async () => {
    const calls = server(executed);
    const { ue, dialog } = await openDialog();
    await ue.type(within(dialog).getByLabelText('Command'), 'help');
    await ue.type(within(dialog).getByLabelText('Confirmation Code'), 'i understand');
    await ue.click(within(dialog).getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Incorrect Confirmation')).toBeDefined();
    expect(screen.getByText('The confirmation code is incorrect')).toBeDefined();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('runs the command, closes and clears, shows the output, and refetches status and users', async () => {
    const calls = server(executed);
    const { ue, dialog } = await openDialog();
    // The top bar and the users table both name zeus once the list has loaded.
    await waitFor(() => expect(screen.getAllByText('zeus')).toHaveLength(2));
    const reads = (url: string) => calls.filter((c) => c.method === 'GET' && c.url === url).length;
    const before = { status: reads(STATUS), users: reads(USERS) };

    await ue.type(within(dialog).getByLabelText('Command'), 'help');
    await ue.type(within(dialog).getByLabelText('Confirmation Code'), CONFIRMATION_PHRASE);
    await ue.keyboard('{Enter}');

    expect(await screen.findByText('Command Executed')).toBeDefined();
    expect(screen.getByText('Successfully executed: help')).toBeDefined();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      command: 'help',
      confirmation: CONFIRMATION_PHRASE,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const log = screen.getByRole('log', { name: 'Command output' });
    expect(within(log).getByText('$ help')).toBeDefined();
    expect(within(log).getByText(/List every command/)).toBeDefined();
    await waitFor(() => {
      expect(reads(STATUS)).toBe(before.status + 1);
      expect(reads(USERS)).toBe(before.users + 1);
    });

    // Opened again, the dialog starts empty.
    await ue.click(screen.getByRole('button', { name: 'Execute Super-God Command' }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByLabelText('Command') as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText('Confirmation Code') as HTMLInputElement).value).toBe('');
  });

  it('asks an old sign-in to sign in again before a grant, then runs it', async () => {
    let signedInAgain = false;
    const calls = fakeServer({
      'GET /api/user': signedInAs('supergod', 'zeus'),
      [`GET ${STATUS}`]: status,
      [`GET ${USERS}`]: users,
      'GET /api/account/2fa': () => ({
        status: 200,
        body: { enabled: false, pending: false, recoveryCodesLeft: 0 },
      }),
      'GET /api/account/passkeys': () => ({ status: 200, body: [] }),
      'POST /api/account/sign-in-again': () => {
        signedInAgain = true;
        return { status: 200, body: { ok: true, message: accountMessages.signedInAgain } };
      },
      [`POST ${EXECUTE}`]: (init) =>
        signedInAgain
          ? executed(init)
          : { status: 403, body: { message: accountMessages.recentSignInRequired } },
    });
    const { ue, dialog } = await openDialog();
    await ue.type(within(dialog).getByLabelText('Command'), 'user role bob admin');
    await ue.type(within(dialog).getByLabelText('Confirmation Code'), CONFIRMATION_PHRASE);
    await ue.click(within(dialog).getByRole('button', { name: 'Execute' }));

    const again = await screen.findByRole('dialog', { name: 'Sign in again' });
    await ue.type(within(again).getByLabelText('Password'), 'correct horse battery');
    await ue.click(within(again).getByRole('button', { name: 'Sign in and go on' }));
    expect(await screen.findByText('Command Executed')).toBeDefined();
    const runs = calls.filter((c) => c.method === 'POST' && c.url === EXECUTE);
    expect(runs.map((c) => c.body)).toEqual([
      { command: 'user role bob admin', confirmation: CONFIRMATION_PHRASE },
      { command: 'user role bob admin', confirmation: CONFIRMATION_PHRASE },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in 'Execution Failed' and keeps the dialog open", async () => {
    server(() => ({
      status: 400,
      body: { message: "Unknown command 'reboot'.\nCommands:\n  help" },
    }));
    const { ue, dialog } = await openDialog();
    await ue.type(within(dialog).getByLabelText('Command'), 'reboot');
    await ue.type(within(dialog).getByLabelText('Confirmation Code'), CONFIRMATION_PHRASE);
    await ue.click(within(dialog).getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Execution Failed')).toBeDefined();
    expect(screen.getAllByText(/Unknown command 'reboot'/).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog')).toBeDefined();
    // The page behind the open dialog is hidden from assistive technology, not gone.
    const log = screen.getByRole('log', { hidden: true });
    expect(within(log).getByText('(refused)', { exact: false })).toBeDefined();
  });

  it("falls back to 'Failed to execute command' when the server says nothing usable", async () => {
    server(() => ({ status: 502, body: {} }));
    const { ue, dialog } = await openDialog();
    await ue.type(within(dialog).getByLabelText('Command'), 'stats');
    await ue.type(within(dialog).getByLabelText('Confirmation Code'), CONFIRMATION_PHRASE);
    await ue.click(within(dialog).getByRole('button', { name: 'Execute' }));
    expect(await screen.findByText('Execution Failed')).toBeDefined();
    expect(screen.getAllByText('Failed to execute command').length).toBeGreaterThan(0);
  });
});

describe('the supergod panels', () => {
  it('shows the figures, the flags in badges and the users with N/A, Never and role badges', async () => {
    server(executed);
    renderAt('/supergod');
    expect(await screen.findByText('1 user, 1 admin, 1 supergod, 0 disabled')).toBeDefined();
    expect(screen.getByText('17')).toBeDefined();
    const flags = screen.getByRole('list', { name: 'Security flags' });
    expect(within(flags).getByText('Secure session cookie')).toBeDefined();
    expect(within(flags).getByText('Off')).toBeDefined();
    expect(within(flags).getByText('lax')).toBeDefined();
    expect(within(flags).getByText('Future flag')).toBeDefined();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)[0]).toBe('IDUsernameEmailRoleCreatedLast Login');
    expect(within(rows[1] as HTMLElement).getByText('supergod').className).toContain('destructive');
    expect(within(rows[2] as HTMLElement).getByText('ada@example.com')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('admin').className).toContain('default');
    expect(within(rows[3] as HTMLElement).getByText('N/A')).toBeDefined();
    expect(within(rows[3] as HTMLElement).getByText('Never')).toBeDefined();
    expect(within(rows[3] as HTMLElement).getByText('user').className).toContain('outline');
  });

  it("says so when the reads fail, 'Never' checked, and when there are no users", async () => {
    fakeServer({
      'GET /api/user': signedInAs('supergod'),
      [`GET ${STATUS}`]: () => ({ status: 500, body: {} }),
      [`GET ${USERS}`]: () => ({
        status: 200,
        body: { users: [], total: 0, offset: 0, limit: 25 },
      }),
    });
    renderAt('/supergod');
    expect(await screen.findByText('Failed to fetch system status')).toBeDefined();
    expect(screen.getByText(/Last checked:/).textContent).toBe('Last checked: Never');
    expect(await screen.findByText('No users found in the system.')).toBeDefined();
  });

  it("searches the users, and says 'No users found in the system.' when none match", async () => {
    const calls = fakeServer({
      'GET /api/user': signedInAs('supergod', 'zeus'),
      [`GET ${STATUS}`]: status,
      [`GET ${USERS}`]: users,
      // A server that does not filter yet answers every user: the card filters what it shows.
      [`GET ${USERS}&search=nobody`]: users,
      [`GET ${USERS}&search=ADA`]: users,
    });
    const ue = userEvent.setup();
    renderAt('/supergod');
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search users' });

    await ue.type(search, 'nobody');
    expect(await screen.findByText('No users found in the system.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === `${USERS}&search=nobody`)).toBe(true));

    await ue.clear(search);
    await ue.type(search, 'ADA');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['IDUsernameEmailRoleCreatedLast Login', expect.stringContaining('ada@example.com')]);
    expect(screen.queryByText('No users found in the system.')).toBeNull();
  });

  it('says so when the users read fails', async () => {
    fakeServer({
      'GET /api/user': signedInAs('supergod'),
      [`GET ${STATUS}`]: status,
      [`GET ${USERS}`]: () => ({ status: 500, body: {} }),
    });
    renderAt('/supergod');
    expect(await screen.findByText('Failed to fetch users data')).toBeDefined();
  });

  it('says why a search failed, and does not also claim there are no users', async () => {
    const long = 'x'.repeat(64);
    fakeServer({
      'GET /api/user': signedInAs('supergod', 'zeus'),
      [`GET ${STATUS}`]: status,
      [`GET ${USERS}`]: users,
      [`GET ${USERS}&search=${long}`]: () => ({
        status: 400,
        body: { message: 'search must be at most 64 characters' },
      }),
    });
    const ue = userEvent.setup();
    renderAt('/supergod');
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    // The field takes what the server takes: a 65th character is not typed.
    await ue.type(search, `${long}y`);
    expect((search as HTMLInputElement).value).toBe(long);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Failed to fetch users data: search must be at most 64 characters',
    );
    expect(screen.queryByText('No users found in the system.')).toBeNull();
  });

  it('pages through a long user list', async () => {
    const page =
      (offset: number, count: number): FakeRoute =>
      () => ({
        status: 200,
        body: {
          users: Array.from({ length: count }, (_, i) =>
            user(offset + i + 1, `u${offset + i + 1}`, 'user'),
          ),
          total: 30,
          offset,
          limit: 25,
        },
      });
    const calls = fakeServer({
      'GET /api/user': signedInAs('supergod', 'zeus'),
      [`GET ${STATUS}`]: status,
      [`GET ${USERS}`]: page(0, 25),
      'GET /api/supergod/users?offset=25&limit=25': page(25, 5),
    });
    const ue = userEvent.setup();
    renderAt('/supergod');
    const pager = await screen.findByRole('navigation', { name: 'User list pages' });
    expect(within(pager).getByText('1–25 of 30')).toBeDefined();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    await ue.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('26–30 of 30')).toBeDefined();
    expect(screen.getByText('u30')).toBeDefined();
    expect(within(pager).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(calls.some((c) => c.url.endsWith('offset=25&limit=25'))).toBe(true);
  });

  it('tells a supergod who lost the role while here, and sends them home', async () => {
    fakeServer({
      'GET /api/user': signedInAs('supergod', 'zeus'),
      [`GET ${STATUS}`]: () => ({
        status: 403,
        body: { message: 'This requires the supergod role' },
      }),
      [`GET ${USERS}`]: users,
    });
    const { location } = renderAt('/supergod');
    expect(
      await screen.findByText('You need Super-God privileges to access this page.'),
    ).toBeDefined();
    expect(screen.getByText('Access Denied')).toBeDefined();
    await waitFor(() => expect(location.pathname).toBe('/'));
  });

  it('never asks for the console data as an admin', async () => {
    const calls = fakeServer({ 'GET /api/user': signedInAs('admin') });
    renderAt('/supergod');
    expect(await screen.findByText('Access Denied')).toBeDefined();
    expect(calls.some((c) => c.url.startsWith('/api/supergod/'))).toBe(false);
  });
});
