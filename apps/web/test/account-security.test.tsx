// /account/security against a fake server (issue 36): reached from the top bar's username;
// changing the password (the contract's rule before a round trip, the server's refusal under
// its field, the success said once); the sessions with loading, error and empty states, ending
// one and signing out the others, each after confirming.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AdminRoute, fakeAdminServer, polyfillRadix, user } from './admin-fake-server.js';
import { renderAt } from './render-app.js';

const PHONE = {
  id: 'phoneHandle0123456789a',
  current: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-20T09:00:00.000Z',
  ip: '10.0.0.7',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
};
const LAPTOP = {
  id: 'laptopHandle0123456789',
  current: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-20T10:00:00.000Z',
  ip: '10.0.0.9',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

const base: Record<string, AdminRoute> = {
  'GET /api/user': user('user'),
  'GET /api/messages/unread-count': () => ({ body: { unread: 0 } }),
  'GET /api/messages': () => ({ body: [] }),
};

describe('the account security page', () => {
  beforeEach(() => polyfillRadix());

  it('is reached from the username in the top bar', async () => {
    fakeAdminServer({ ...base, 'GET /api/account/sessions': () => ({ body: [LAPTOP] }) });
    const { location } = renderAt('/subscription');
    await userEvent.click(await screen.findByRole('link', { name: 'user-1: account security' }));
    expect(await screen.findByRole('heading', { name: 'Account security' })).toBeTruthy();
    expect(location.pathname).toBe('/account/security');
  });

  it('lists the sessions, this one marked, and says when there is no other', async () => {
    fakeAdminServer({ ...base, 'GET /api/account/sessions': () => ({ body: [LAPTOP, PHONE] }) });
    renderAt('/account/security');
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const [laptop, phone] = within(list).getAllByRole('listitem');
    expect(laptop?.textContent).toContain('Firefox on Linux');
    expect(laptop?.textContent).toContain('This session');
    expect(laptop?.textContent).toContain('from 10.0.0.9');
    expect(within(laptop as HTMLElement).queryByRole('button')).toBeNull();
    expect(phone?.textContent).toContain('Chrome on Android');
    expect(within(phone as HTMLElement).getByRole('button').textContent).toBe('End session');
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeTruthy();
  });

  it('says so when the account is signed in only here', async () => {
    fakeAdminServer({ ...base, 'GET /api/account/sessions': () => ({ body: [LAPTOP] }) });
    renderAt('/account/security');
    expect(
      await screen.findByText('No other sessions: your account is signed in only here.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out other sessions' })).toBeNull();
  });

  it('shows loading, then the server’s refusal with a way to try again', async () => {
    let fail = true;
    fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () =>
        fail ? { status: 503, body: { message: 'Service unavailable' } } : { body: [LAPTOP] },
    });
    renderAt('/account/security');
    expect(await screen.findByLabelText('Loading your sessions')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load your sessions',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/signed in only here/)).toBeTruthy();
  });

  it('ends another session after confirming, and reads the list again', async () => {
    let sessions = [LAPTOP, PHONE];
    const server = fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: sessions }),
      [`DELETE /api/account/sessions/${PHONE.id}`]: () => {
        sessions = [LAPTOP];
        return { body: { ok: true, message: 'Session ended.', ended: 1 } };
      },
    });
    renderAt('/account/security');
    await userEvent.click(
      await screen.findByRole('button', { name: /^End session: Chrome on Android/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('End the session of Chrome on Android?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText(/signed in only here/)).toBeTruthy();
    expect(server.to(`DELETE /api/account/sessions/${PHONE.id}`)).toHaveLength(1);
  });

  it('signs out the other sessions after confirming; cancelling sends nothing', async () => {
    let sessions = [LAPTOP, PHONE];
    const server = fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: sessions }),
      'POST /api/account/sessions/sign-out-others': () => {
        sessions = [LAPTOP];
        return { body: { ok: true, message: 'Signed out 1 other session.', ended: 1 } };
      },
    });
    renderAt('/account/security');
    const button = await screen.findByRole('button', { name: 'Sign out other sessions' });
    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(server.to('POST /api/account/sessions/sign-out-others')).toHaveLength(0);
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Sign out 1 other session?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText(/signed in only here/)).toBeTruthy();
    expect(server.to('POST /api/account/sessions/sign-out-others')).toHaveLength(1);
  });

  describe('changing the password', () => {
    const fill = async (current: string, next: string, repeat = next) => {
      if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
      if (next) await userEvent.type(screen.getByLabelText('New password'), next);
      if (repeat) await userEvent.type(screen.getByLabelText('New password again'), repeat);
      await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    };

    it('checks the rules before sending anything', async () => {
      const server = fakeAdminServer({
        ...base,
        'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
      });
      renderAt('/account/security');
      await screen.findByRole('heading', { name: 'Change password' });
      await fill('', 'short');
      expect(screen.getByText('Current password is required')).toBeTruthy();
      expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
      await userEvent.clear(screen.getByLabelText('New password'));
      await userEvent.clear(screen.getByLabelText('New password again'));
      await fill('old password', 'a long new one', 'a different one');
      expect(screen.getByText('The two new passwords differ')).toBeTruthy();
      expect(server.to('POST /api/account/password')).toHaveLength(0);
    });

    it('shows a wrong current password under its field', async () => {
      fakeAdminServer({
        ...base,
        'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
        'POST /api/account/password': () => ({
          status: 400,
          body: { message: 'Current password is incorrect' },
        }),
      });
      renderAt('/account/security');
      await screen.findByRole('heading', { name: 'Change password' });
      await fill('not it', 'a long new one');
      const current = screen.getByLabelText('Current password');
      expect(current.getAttribute('aria-invalid')).toBe('true');
      expect(
        document.getElementById(current.getAttribute('aria-describedby') ?? '')?.textContent,
      ).toBe('Current password is incorrect');
    });

    it('sends both passwords, clears the form and says the other sessions ended', async () => {
      let sessions = [LAPTOP, PHONE];
      const server = fakeAdminServer({
        ...base,
        'GET /api/account/sessions': () => ({ body: sessions }),
        'POST /api/account/password': () => {
          sessions = [LAPTOP];
          return {
            body: {
              ok: true,
              message: 'Password changed. Your other sessions have been signed out.',
            },
          };
        },
      });
      renderAt('/account/security');
      await screen.findByRole('list', { name: 'Your sessions' });
      await fill('correct horse battery', 'a new passphrase 2');
      expect((await screen.findByRole('status')).textContent).toBe(
        'Password changed. Your other sessions have been signed out.',
      );
      expect(JSON.parse(server.to('POST /api/account/password')[0]?.body ?? '{}')).toEqual({
        currentPassword: 'correct horse battery',
        newPassword: 'a new passphrase 2',
      });
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
      expect(await screen.findByText(/signed in only here/)).toBeTruthy();
    });
  });
});
