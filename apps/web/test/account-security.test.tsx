// /account/security against a fake server (issue 36): reached from the top bar's username;
// changing the password (the contract's rule before a round trip, the server's refusal under
// its field, the success said once); the sessions with loading, error and empty states, ending
// one and signing out the others, each after confirming; personal access tokens (the secret
// shown once, the admin scope offered to administrators only, revoking after confirming).

import { accountMessages, twoFactorMessages } from '@omega/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AdminRoute, fakeAdminServer, signedInShell, user } from './admin-fake-server.js';
import { renderAt } from './render-app.js';
import {
  CREATED_TOKEN,
  createTokenAskingToSignInAgain,
  tokensAfterSigningInAgain,
} from './sign-in-again-routes.js';

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
  ...signedInShell('user'),
  'GET /api/messages': () => ({ body: [] }),
  'GET /api/account/2fa': () => ({
    body: { enabled: false, pending: false, recoveryCodesLeft: 0 },
  }),
  'GET /api/account/tokens': () => ({ body: [] }),
  'GET /api/account/passkeys': () => ({ body: [] }),
};

describe('the account security page', () => {
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
    const none = await screen.findByText(/signed in only here/);
    // The focus was on the button of the row that went: it lands on what took its place.
    await waitFor(() => expect(document.activeElement).toBe(none));
    expect(server.to(`DELETE /api/account/sessions/${PHONE.id}`)).toHaveLength(1);
  });

  it('moves the focus to the next session’s button when one of several ends', async () => {
    const TABLET = {
      ...PHONE,
      id: 'tabletHandle0123456789',
      ip: '10.0.0.8',
      userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Version/17.0 Safari/605.1.15',
    };
    let sessions = [LAPTOP, PHONE, TABLET];
    fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: sessions }),
      [`DELETE /api/account/sessions/${PHONE.id}`]: () => {
        sessions = [LAPTOP, TABLET];
        return { body: { ok: true, message: 'Session ended.', ended: 1 } };
      },
    });
    renderAt('/account/security');
    await userEvent.click(
      await screen.findByRole('button', { name: /^End session: Chrome on Android/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toMatch(/from 10\.0\.0\.8,/),
    );
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
    const none = await screen.findByText(/signed in only here/);
    await waitFor(() => expect(document.activeElement).toBe(none));
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
      const { toasts } = renderAt('/account/security');
      await screen.findByRole('list', { name: 'Your sessions' });
      await fill('correct horse battery', 'a new passphrase 2');
      expect((await screen.findByRole('status')).textContent).toBe(
        'Password changed. Your other sessions have been signed out.',
      );
      // Said once: a toast with the same sentence was a second live region announcing it (and
      // two elements for the browser test's one status).
      expect(toasts()).toEqual([]);
      expect(JSON.parse(server.to('POST /api/account/password')[0]?.body ?? '{}')).toEqual({
        currentPassword: 'correct horse battery',
        newPassword: 'a new passphrase 2',
      });
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
      expect(await screen.findByText(/signed in only here/)).toBeTruthy();
    });
  });

  describe('two-factor sign-in', () => {
    const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

    it('sets up an app, turns it on with a code, and shows the recovery codes once', async () => {
      let enabled = false;
      const server = fakeAdminServer({
        ...base,
        'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
        'GET /api/account/2fa': () => ({
          body: { enabled, pending: false, recoveryCodesLeft: enabled ? 10 : 0 },
        }),
        'POST /api/account/2fa/totp/setup': () => ({
          body: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Omega:user-1?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          },
        }),
        'POST /api/account/2fa/totp/enable': (req) => {
          if (JSON.parse(req.body ?? '{}').code !== '123456') {
            return { status: 400, body: { message: 'The code is incorrect' } };
          }
          enabled = true;
          return { body: { ok: true, message: 'on', recoveryCodes: CODES } };
        },
      });
      renderAt('/account/security');
      await userEvent.click(
        await screen.findByRole('button', { name: 'Set up an authenticator app' }),
      );
      expect(
        await screen.findByRole('img', { name: 'QR code of your two-factor key' }),
      ).toBeTruthy();
      expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeTruthy();
      await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
      await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The code is incorrect');
      await userEvent.clear(screen.getByLabelText('Authentication code'));
      await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
      const list = await screen.findByRole('list', { name: 'Your recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(CODES);
      await userEvent.click(screen.getByRole('button', { name: 'I have kept them' }));
      expect(await screen.findByText(/10 recovery codes left/)).toBeTruthy();
      expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
      expect(server.to('POST /api/account/2fa/totp/enable')).toHaveLength(2);
    });

    it('makes new recovery codes after confirming, says the old ones stopped, shows them once', async () => {
      let left = 3;
      const NEW = Array.from({ length: 10 }, (_, i) => `wxyz${i}-stuv${i}`);
      const server = fakeAdminServer({
        ...base,
        'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
        'GET /api/account/2fa': () => ({
          body: { enabled: true, pending: false, recoveryCodesLeft: left },
        }),
        'POST /api/account/2fa/recovery-codes': () => {
          left = 10;
          return { body: { ok: true, message: 'New recovery codes', recoveryCodes: NEW } };
        },
      });
      renderAt('/account/security');
      const make = await screen.findByRole('button', { name: 'Make new recovery codes' });
      expect(screen.getByText(/3 recovery codes left/)).toBeTruthy();

      // Cancelled: nothing is sent.
      await userEvent.click(make);
      let question = await screen.findByRole('alertdialog', { name: 'Make new recovery codes?' });
      expect(question.textContent).toContain(
        'The 3 recovery codes you have now will stop working.',
      );
      await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
      expect(server.to('POST /api/account/2fa/recovery-codes')).toHaveLength(0);

      await userEvent.click(make);
      question = await screen.findByRole('alertdialog', { name: 'Make new recovery codes?' });
      await userEvent.click(within(question).getByRole('button', { name: 'Make new codes' }));
      const list = await screen.findByRole('list', { name: 'Your recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(NEW);
      expect(screen.getByText(/^New recovery codes: the old ones no longer work\./)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'I have kept them' }));
      expect(await screen.findByText(/10 recovery codes left/)).toBeTruthy();
      expect(server.to('POST /api/account/2fa/recovery-codes')).toHaveLength(1);
    });

    it('leaves a setup the user does not finish, back at the button that starts it', async () => {
      fakeAdminServer({
        ...base,
        'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
        'GET /api/account/2fa': () => ({
          body: { enabled: false, pending: false, recoveryCodesLeft: 0 },
        }),
        'POST /api/account/2fa/totp/setup': () => ({
          body: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Omega:user-1?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
          },
        }),
      });
      renderAt('/account/security');
      await userEvent.click(
        await screen.findByRole('button', { name: 'Set up an authenticator app' }),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel setup' }));
      const again = await screen.findByRole('button', { name: 'Set up an authenticator app' });
      expect(screen.queryByRole('img', { name: 'QR code of your two-factor key' })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(again));
    });

    it('turns it off with the password and a recovery code', async () => {
      let enabled = true;
      const server = fakeAdminServer({
        ...base,
        'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
        'GET /api/account/2fa': () => ({
          body: { enabled, pending: false, recoveryCodesLeft: enabled ? 3 : 0 },
        }),
        'POST /api/account/2fa/disable': () => {
          enabled = false;
          return { body: { ok: true, message: 'Two-factor sign-in is off.' } };
        },
      });
      renderAt('/account/security');
      expect(await screen.findByText(/3 recovery codes left/)).toBeTruthy();
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
      await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
      await userEvent.type(screen.getByLabelText('Recovery code'), 'abcd1-efgh1');
      await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
      expect(await screen.findByText(/Two-factor sign-in is off/)).toBeTruthy();
      expect(JSON.parse(server.to('POST /api/account/2fa/disable')[0]?.body ?? '{}')).toEqual({
        password: 'correct horse battery',
        recoveryCode: 'abcd1-efgh1',
      });
    });

    it('asks for the code after the password when signing in, in a focused field, and shows a wrong one', async () => {
      let signedIn = false;
      const server = fakeAdminServer({
        'GET /api/user': (req) =>
          signedIn
            ? user('user')(req)
            : { status: 401, body: { message: 'Authentication required' } },
        'GET /api/messages/unread-count': () => ({ body: { unread: 0 } }),
        'POST /api/login': () => ({
          body: {
            ok: true,
            message: 'Enter the code from your authenticator app',
            twoFactorRequired: true,
          },
        }),
        'POST /api/login/2fa': (req) => {
          if (JSON.parse(req.body ?? '{}').code !== '123456') {
            return { status: 400, body: { message: 'The code is incorrect' } };
          }
          signedIn = true;
          const me = user('user')(req).body;
          return { body: { ok: true, message: 'Logged in successfully', user: me } };
        },
      });
      const { location } = renderAt('/auth');
      await userEvent.type(await screen.findByLabelText('Username'), 'user-1');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      const code = await screen.findByLabelText('Authentication code');
      // The step takes the code at once: typing it and pressing Enter signs in.
      await waitFor(() => expect(document.activeElement).toBe(code));
      await userEvent.type(code, '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The code is incorrect');
      await userEvent.clear(code);
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByTestId('current-username');
      await waitFor(() => expect(location.pathname).toBe('/'));
      expect(server.to('POST /api/login/2fa')).toHaveLength(2);
    });
  });

  it('sends an admin who must use two-factor from the console to set it up', async () => {
    fakeAdminServer({
      ...base,
      'GET /api/user': (req) => ({
        body: { ...(user('admin')(req).body as object), twoFactorSetupRequired: true },
      }),
      'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
    });
    const { location } = renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Account security' })).toBeTruthy();
    expect(location.pathname).toBe('/account/security');
    expect(
      screen.getByRole('status', { name: /Your role must use two-factor sign-in/ }),
    ).toBeTruthy();
  });
});

describe('personal access tokens on the account security page', () => {
  const SECRET = `omega_pat_${'A1b2'.repeat(10)}`;
  const CI = {
    id: 7,
    name: 'ci',
    scopes: ['read', 'write'],
    hint: 'A1b2',
    createdAt: '2026-11-20T08:00:00.000Z',
    expiresAt: '2026-12-20T08:00:00.000Z',
    lastUsedAt: null,
    expired: false,
  };

  it('says when there is none, and offers read and write but not admin to a user', async () => {
    fakeAdminServer({ ...base, 'GET /api/account/sessions': () => ({ body: [LAPTOP] }) });
    renderAt('/account/security');
    expect(await screen.findByText('No tokens yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create a token' });
    expect(within(form).getByRole('checkbox', { name: 'read' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: 'write' })).toBeTruthy();
    expect(within(form).queryByRole('checkbox', { name: 'admin' })).toBeNull();
  });

  it('offers the admin scope to an administrator', async () => {
    fakeAdminServer({
      ...base,
      'GET /api/user': user('admin'),
      'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
    });
    renderAt('/account/security');
    const form = await screen.findByRole('form', { name: 'Create a token' });
    expect(await within(form).findByRole('checkbox', { name: 'admin' })).toBeTruthy();
  });

  it('asks for a name and a scope before sending anything', async () => {
    const server = fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
    });
    renderAt('/account/security');
    const form = await screen.findByRole('form', { name: 'Create a token' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'read' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByText('Give the token a name: say what it is for')).toBeTruthy();
    expect(within(form).getByText('Choose at least one scope')).toBeTruthy();
    expect(server.to('POST /api/account/tokens')).toHaveLength(0);
  });

  it('creates a token, shows its secret once, and lists it without the secret', async () => {
    let tokens: (typeof CI)[] = [];
    const server = fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
      'GET /api/account/tokens': () => ({ body: tokens }),
      'POST /api/account/tokens': () => {
        tokens = [CI];
        return { body: { ...CI, token: SECRET, message: 'Copy the token now.' } };
      },
    });
    renderAt('/account/security');
    const form = await screen.findByRole('form', { name: 'Create a token' });
    await userEvent.type(within(form).getByLabelText('Token name'), ' ci ');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'write' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create token' }));

    const secret = (await screen.findByLabelText('Your new token')) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    // The form that had the focus is gone: the token takes it, selected, ready to copy.
    await waitFor(() => expect(document.activeElement).toBe(secret));
    expect(
      screen.getByText(/Token 'ci' created\. Copy it now: it is not shown again\./),
    ).toBeTruthy();
    expect(JSON.parse(server.to('POST /api/account/tokens')[0]?.body ?? '{}')).toEqual({
      name: 'ci',
      scopes: ['read', 'write'],
      expiresInDays: 30,
    });
    const list = await screen.findByRole('list', { name: 'Your tokens' });
    expect(list.textContent).toContain('omega_pat_…A1b2');
    expect(list.textContent).toContain('Never used');
    expect(list.textContent).not.toContain(SECRET);

    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Your new token')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes a token after confirming', async () => {
    let tokens = [CI];
    const server = fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
      'GET /api/account/tokens': () => ({ body: tokens }),
      'DELETE /api/account/tokens/7': () => {
        tokens = [];
        return { body: { ok: true, message: 'Token revoked.' } };
      },
    });
    renderAt('/account/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke token ci' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain("Revoke the token 'ci'?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    const none = await screen.findByText('No tokens yet.');
    await waitFor(() => expect(document.activeElement).toBe(none));
    expect(server.to('DELETE /api/account/tokens/7')).toHaveLength(1);
  });

  it('moves the focus to the next token’s Revoke button when one is revoked', async () => {
    const DEPLOY = { ...CI, id: 8, name: 'deploy', hint: 'C3d4' };
    const BACKUP = { ...CI, id: 9, name: 'backup', hint: 'E5f6' };
    let tokens = [CI, DEPLOY, BACKUP];
    fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
      'GET /api/account/tokens': () => ({ body: tokens }),
      'DELETE /api/account/tokens/8': () => {
        tokens = [CI, BACKUP];
        return { body: { ok: true, message: 'Token revoked.' } };
      },
      'DELETE /api/account/tokens/9': () => {
        tokens = [CI];
        return { body: { ok: true, message: 'Token revoked.' } };
      },
    });
    renderAt('/account/security');
    const revoke = async (name: string) => {
      await userEvent.click(await screen.findByRole('button', { name: `Revoke token ${name}` }));
      const dialog = await screen.findByRole('alertdialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    };
    await revoke('deploy');
    const backup = await screen.findByRole('button', { name: 'Revoke token backup' });
    await waitFor(() => expect(document.activeElement).toBe(backup));
    // The last one gone: the one before it, now the last, takes the focus.
    await revoke('backup');
    const ci = await screen.findByRole('button', { name: 'Revoke token ci' });
    await waitFor(() => expect(document.activeElement).toBe(ci));
  });
});

// A sign-in older than 10 minutes: the change that adds a way in asks to sign in again where the
// user is, then goes on; nothing typed before is lost.
describe('signing in again for a change that asks for a recent sign-in', () => {
  /** A server whose token creation asks for a recent sign-in until the password route said 200. */
  function server(twoFactor: boolean, signInAgain: AdminRoute) {
    return fakeAdminServer({
      ...base,
      'GET /api/account/sessions': () => ({ body: [LAPTOP] }),
      'GET /api/account/2fa': () => ({
        body: { enabled: twoFactor, pending: false, recoveryCodesLeft: twoFactor ? 10 : 0 },
      }),
      ...tokensAfterSigningInAgain('POST /api/account/sign-in-again', signInAgain),
    });
  }

  it('asks for the password, says when it is wrong, and then makes the change', async () => {
    const s = server(false, (req) =>
      JSON.parse(req.body ?? '{}').password === 'right one'
        ? { body: { ok: true, message: accountMessages.signedInAgain } }
        : { status: 400, body: { message: 'Password is incorrect' } },
    );
    renderAt('/account/security');
    const dialog = await createTokenAskingToSignInAgain();
    expect(within(dialog).queryByLabelText('Authentication code')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and go on' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your password');
    expect(s.to('POST /api/account/sign-in-again')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and go on' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Password is incorrect');
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and go on' }));

    const secret = (await screen.findByLabelText('Your new token')) as HTMLInputElement;
    expect(secret.value).toBe(CREATED_TOKEN.token);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(s.to('POST /api/account/tokens')).toHaveLength(2);
    expect(JSON.parse(s.to('POST /api/account/sign-in-again')[1]?.body ?? '{}')).toEqual({
      password: 'right one',
    });
  });

  it('asks for a code too when two-factor is on, or a recovery code', async () => {
    const s = server(true, () => ({ body: { ok: true, message: accountMessages.signedInAgain } }));
    renderAt('/account/security');
    const dialog = await createTokenAskingToSignInAgain();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and go on' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Enter the code your authenticator app shows',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Use a recovery code instead' }),
    );
    await userEvent.type(within(dialog).getByLabelText('Recovery code'), ' abcd0-efgh0 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and go on' }));
    expect(await screen.findByLabelText('Your new token')).toBeTruthy();
    expect(JSON.parse(s.to('POST /api/account/sign-in-again')[0]?.body ?? '{}')).toEqual({
      password: 'right one',
      recoveryCode: 'abcd0-efgh0',
    });
  });

  it('shows the code field when the server asks for a code the page did not know about', async () => {
    // The page read two-factor as off (turned on in another tab since): the server says.
    const s = server(false, (req) =>
      JSON.parse(req.body ?? '{}').code === '123456'
        ? { body: { ok: true, message: accountMessages.signedInAgain } }
        : { status: 400, body: { message: twoFactorMessages.factorRequired } },
    );
    renderAt('/account/security');
    const dialog = await createTokenAskingToSignInAgain();
    expect(within(dialog).queryByLabelText('Authentication code')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and go on' }));
    const code = await within(dialog).findByLabelText('Authentication code');
    expect(within(dialog).getByRole('alert').textContent).toBe(twoFactorMessages.factorRequired);
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and go on' }));
    expect(await screen.findByLabelText('Your new token')).toBeTruthy();
    expect(JSON.parse(s.to('POST /api/account/sign-in-again')[1]?.body ?? '{}')).toEqual({
      password: 'right one',
      code: '123456',
    });
  });

  it('makes no change when the user cancels, and says why', async () => {
    const s = server(false, () => ({ body: { ok: true, message: accountMessages.signedInAgain } }));
    renderAt('/account/security');
    const dialog = await createTokenAskingToSignInAgain();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      (await screen.findAllByText(accountMessages.recentSignInRequired)).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(s.to('POST /api/account/sign-in-again')).toHaveLength(0);
    expect(s.to('POST /api/account/tokens')).toHaveLength(1);
    // What was typed in the form is still there.
    const form = screen.getByRole('form', { name: 'Create a token' });
    expect((within(form).getByLabelText('Token name') as HTMLInputElement).value).toBe('ci');
  });
});
