// Passkeys in the web app (issue 37) against a fake server, with the WebAuthn library replaced
// by a stand-in whose answers each test chooses: the Passkeys card on /account/security (list,
// loading, error and empty states, add, rename in place by keyboard, remove after confirming)
// and /auth (sign in with a passkey alone, or at the two-factor step), and signing in again
// with one in the dialog a change that asks for a recent sign-in opens, with plain words when
// the browser has no passkeys or the person cancels.

import { accountMessages } from '@omega/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { passkeyText } from '../src/lib/passkeys.js';
import { type AdminRoute, fakeAdminServer, signedInShell, user } from './admin-fake-server.js';
import { renderAt } from './render-app.js';
import {
  createTokenAskingToSignInAgain,
  tokensAfterSigningInAgain,
} from './sign-in-again-routes.js';

const webauthn = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const LAPTOP = {
  id: 3,
  name: 'Work laptop',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-21T09:00:00.000Z',
  backedUp: false,
};
const PHONE = {
  id: 4,
  name: 'Passkey 2',
  createdAt: '2026-11-22T08:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};
const REGISTRATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Omega', id: 'omega.test' },
  user: { id: 'dXNlcg', name: 'user-1', displayName: 'user-1' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  attestation: 'none',
};
const REGISTRATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
  clientExtensionResults: {},
};
const ASSERTION_OPTIONS = {
  challenge: 'c2lnbi1pbg',
  rpId: 'omega.test',
  timeout: 300000,
  allowCredentials: [],
  userVerification: 'required',
};
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
  clientExtensionResults: {},
};
const cancelled = () =>
  new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
/** A browser with WebAuthn (jsdom has none). */
const withWebAuthn = () => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});

const page: Record<string, AdminRoute> = {
  ...signedInShell('user'),
  'GET /api/messages': () => ({ body: [] }),
  'GET /api/account/2fa': () => ({
    body: { enabled: false, pending: false, recoveryCodesLeft: 0 },
  }),
  'GET /api/account/sessions': () => ({ body: [] }),
  'GET /api/account/tokens': () => ({ body: [] }),
};
const card = async () => screen.findByRole('region', { name: 'Passkeys' });

describe('the Passkeys card on /account/security', () => {
  beforeEach(() => {
    webauthn.startRegistration.mockReset();
    webauthn.startAuthentication.mockReset();
  });

  it('lists the passkeys: added, last used, backed up', async () => {
    withWebAuthn();
    fakeAdminServer({ ...page, 'GET /api/account/passkeys': () => ({ body: [LAPTOP, PHONE] }) });
    renderAt('/account/security');
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [laptop, phone] = within(list).getAllByRole('listitem');
    expect(laptop?.textContent).toContain('Work laptop');
    expect(laptop?.textContent).toContain(`Added ${new Date(LAPTOP.createdAt).toLocaleString()}`);
    expect(laptop?.textContent).toContain(
      `Last used ${new Date(LAPTOP.lastUsedAt).toLocaleString()}`,
    );
    expect(laptop?.textContent).not.toContain('Backed up');
    expect(phone?.textContent).toContain('Not used yet');
    expect(phone?.textContent).toContain('Backed up');
    expect(screen.getByRole('button', { name: 'Rename passkey: Passkey 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove passkey: Passkey 2' })).toBeTruthy();
  });

  it('shows loading, then the refusal with a way to try again, then the empty state', async () => {
    withWebAuthn();
    let fail = true;
    fakeAdminServer({
      ...page,
      'GET /api/account/passkeys': () =>
        fail ? { status: 503, body: { message: 'Service unavailable' } } : { body: [] },
    });
    renderAt('/account/security');
    expect(await screen.findByLabelText('Loading your passkeys')).toBeTruthy();
    const region = await card();
    expect((await within(region).findByRole('alert')).textContent).toContain(
      'Could not load your passkeys',
    );
    fail = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('No passkeys yet.')).toBeTruthy();
  });

  it('adds a passkey: the server’s options to the device, its answer to the server', async () => {
    withWebAuthn();
    let passkeys: unknown[] = [];
    const server = fakeAdminServer({
      ...page,
      'GET /api/account/passkeys': () => ({ body: passkeys }),
      'POST /api/account/passkeys/registration-options': () => ({ body: REGISTRATION_OPTIONS }),
      'POST /api/account/passkeys': () => {
        passkeys = [{ ...LAPTOP, name: 'Passkey 1', lastUsedAt: null }];
        return {
          body: {
            ok: true,
            message: 'Passkey added: you can sign in with it.',
            passkey: passkeys[0],
          },
        };
      },
    });
    webauthn.startRegistration.mockResolvedValue(REGISTRATION);
    renderAt('/account/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added: you can sign in with it.')).toBeTruthy();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: REGISTRATION_OPTIONS });
    expect(JSON.parse(server.to('POST /api/account/passkeys')[0]?.body ?? '{}')).toEqual({
      response: REGISTRATION,
    });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Passkey 1')).toBeTruthy();
  });

  it('says so when the person cancels, and sends nothing more', async () => {
    withWebAuthn();
    const server = fakeAdminServer({
      ...page,
      'GET /api/account/passkeys': () => ({ body: [] }),
      'POST /api/account/passkeys/registration-options': () => ({ body: REGISTRATION_OPTIONS }),
    });
    webauthn.startRegistration.mockRejectedValue(cancelled());
    renderAt('/account/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(passkeyText.cancelled)).toBeTruthy();
    expect(screen.getByText('No passkey was added')).toBeTruthy();
    expect(server.to('POST /api/account/passkeys')).toHaveLength(0);
  });

  it('says so when the browser has no passkeys, instead of offering to add one', async () => {
    fakeAdminServer({ ...page, 'GET /api/account/passkeys': () => ({ body: [] }) });
    renderAt('/account/security');
    const region = await card();
    expect(await within(region).findByText(passkeyText.unsupported)).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('renames in place by keyboard: Escape cancels, Enter saves, the rule checked first', async () => {
    withWebAuthn();
    let passkeys = [LAPTOP];
    const server = fakeAdminServer({
      ...page,
      'GET /api/account/passkeys': () => ({ body: passkeys }),
      [`PATCH /api/account/passkeys/${LAPTOP.id}`]: (req) => {
        passkeys = [{ ...LAPTOP, name: JSON.parse(req.body ?? '{}').name }];
        return { body: { ok: true, message: 'Passkey renamed.', passkey: passkeys[0] } };
      },
    });
    const keys = userEvent.setup();
    renderAt('/account/security');
    const rename = await screen.findByRole('button', { name: 'Rename passkey: Work laptop' });
    await keys.click(rename);
    const field = screen.getByLabelText('Passkey name') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('Work laptop');
    await keys.keyboard('{Escape}');
    expect(screen.queryByLabelText('Passkey name')).toBeNull();
    const again = screen.getByRole('button', { name: 'Rename passkey: Work laptop' });
    expect(document.activeElement).toBe(again);

    await keys.keyboard('{Enter}');
    await keys.clear(screen.getByLabelText('Passkey name'));
    await keys.keyboard('   {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('The name must not be empty');
    expect(screen.getByLabelText('Passkey name').getAttribute('aria-invalid')).toBe('true');
    await keys.clear(screen.getByLabelText('Passkey name'));
    await keys.keyboard('Home office{Enter}');
    expect(await screen.findByRole('button', { name: 'Rename passkey: Home office' })).toBeTruthy();
    expect(server.to(`PATCH /api/account/passkeys/${LAPTOP.id}`).map((c) => c.body)).toEqual([
      JSON.stringify({ name: 'Home office' }),
    ]);
  });

  it('removes a passkey after confirming; cancelling sends nothing', async () => {
    withWebAuthn();
    let passkeys: unknown[] = [LAPTOP];
    const server = fakeAdminServer({
      ...page,
      'GET /api/account/passkeys': () => ({ body: passkeys }),
      [`DELETE /api/account/passkeys/${LAPTOP.id}`]: () => {
        passkeys = [];
        return {
          body: { ok: true, message: 'Passkey removed: it no longer signs in to your account.' },
        };
      },
    });
    renderAt('/account/security');
    const remove = await screen.findByRole('button', { name: 'Remove passkey: Work laptop' });
    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(server.to(`DELETE /api/account/passkeys/${LAPTOP.id}`)).toHaveLength(0);
    await userEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove the passkey Work laptop?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    const none = await screen.findByText('No passkeys yet.');
    // The removed row's button had the focus: the empty state takes it, not the page's body.
    await waitFor(() => expect(document.activeElement).toBe(none));
    expect(server.to(`DELETE /api/account/passkeys/${LAPTOP.id}`)).toHaveLength(1);
  });

  it('moves the focus to the next passkey’s Remove button when one is removed', async () => {
    withWebAuthn();
    const PHONE = { ...LAPTOP, id: LAPTOP.id + 1, name: 'Phone' };
    let passkeys: unknown[] = [LAPTOP, PHONE];
    fakeAdminServer({
      ...page,
      'GET /api/account/passkeys': () => ({ body: passkeys }),
      [`DELETE /api/account/passkeys/${LAPTOP.id}`]: () => {
        passkeys = [PHONE];
        return { body: { ok: true, message: 'Passkey removed.' } };
      },
    });
    renderAt('/account/security');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove passkey: Work laptop' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    const next = await screen.findByRole('button', { name: 'Remove passkey: Phone' });
    await waitFor(() => expect(document.activeElement).toBe(next));
  });
});

describe('signing in with a passkey on /auth', () => {
  beforeEach(() => {
    webauthn.startRegistration.mockReset();
    webauthn.startAuthentication.mockReset();
  });

  /** A server where the visitor is signed out until a call answered by `welcome` signs in. */
  function signInServer(routes: (welcome: AdminRoute) => Record<string, AdminRoute>) {
    let signedIn = false;
    const welcome: AdminRoute = (req) => {
      signedIn = true;
      return {
        body: { ok: true, message: 'Logged in successfully', user: user('user')(req).body },
      };
    };
    return fakeAdminServer({
      'GET /api/user': (req) =>
        signedIn
          ? user('user')(req)
          : { status: 401, body: { message: 'Authentication required' } },
      'GET /api/messages/unread-count': () => ({ body: { unread: 0 } }),
      ...routes(welcome),
    });
  }

  it('signs in with a passkey alone from the Login tab', async () => {
    withWebAuthn();
    const server = signInServer((welcome) => ({
      'POST /api/login/passkey/options': () => ({ body: ASSERTION_OPTIONS }),
      'POST /api/login/passkey': welcome,
    }));
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const { location } = renderAt('/auth');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Logged in successfully')).toBeTruthy();
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: ASSERTION_OPTIONS });
    expect(JSON.parse(server.to('POST /api/login/passkey')[0]?.body ?? '{}')).toEqual({
      response: ASSERTION,
    });
  });

  it('says why not under the button: no passkeys here, a cancel, the server’s refusal', async () => {
    const server = signInServer(() => ({
      'POST /api/login/passkey/options': () => ({ body: ASSERTION_OPTIONS }),
      'POST /api/login/passkey': () => ({
        status: 401,
        body: { message: 'This passkey is not registered with Omega' },
      }),
    }));
    renderAt('/auth');
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(passkeyText.unsupported);
    expect(server.to('POST /api/login/passkey/options')).toHaveLength(0);

    withWebAuthn();
    webauthn.startAuthentication.mockRejectedValueOnce(cancelled());
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(passkeyText.cancelled));
    expect(server.to('POST /api/login/passkey')).toHaveLength(0);

    webauthn.startAuthentication.mockResolvedValueOnce(ASSERTION);
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This passkey is not registered with Omega',
      ),
    );
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('answers the two-factor step with a passkey', async () => {
    withWebAuthn();
    const server = signInServer((welcome) => ({
      'POST /api/login': () => ({
        body: {
          ok: true,
          message: 'Enter the code from your authenticator app',
          twoFactorRequired: true,
        },
      }),
      'POST /api/login/2fa/passkey/options': () => ({
        body: { ...ASSERTION_OPTIONS, userVerification: 'preferred', allowCredentials: [] },
      }),
      'POST /api/login/2fa': welcome,
    }));
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const { location } = renderAt('/auth');
    await userEvent.type(await screen.findByLabelText('Username'), 'user-1');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(JSON.parse(server.to('POST /api/login/2fa')[0]?.body ?? '{}')).toEqual({
      passkey: ASSERTION,
    });
  });
});

describe('signing in again with a passkey on /account/security', () => {
  beforeEach(() => {
    webauthn.startAuthentication.mockReset();
  });

  /** A server whose token creation asks for a recent sign-in until the passkey route said 200. */
  function server(passkeys: object[], answer: AdminRoute) {
    return fakeAdminServer({
      ...page,
      'GET /api/account/passkeys': () => ({ body: passkeys }),
      'POST /api/account/sign-in-again/passkey/options': () => ({
        body: { ...ASSERTION_OPTIONS, allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }] },
      }),
      ...tokensAfterSigningInAgain('POST /api/account/sign-in-again/passkey', answer),
    });
  }

  it('offers the passkey, says why when it did not work, and then makes the change', async () => {
    withWebAuthn();
    let refuse = true;
    const s = server([LAPTOP], () =>
      refuse
        ? { status: 400, body: { message: 'This passkey does not belong to the account' } }
        : { body: { ok: true, message: accountMessages.signedInAgain } },
    );
    renderAt('/account/security');
    const dialog = await createTokenAskingToSignInAgain();
    expect(dialog.textContent).toContain('confirm it is you with a passkey or your password');
    const use = await within(dialog).findByRole('button', { name: 'Use a passkey' });

    webauthn.startAuthentication.mockRejectedValueOnce(cancelled());
    await userEvent.click(use);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(passkeyText.cancelled);
    expect(s.to('POST /api/account/sign-in-again/passkey')).toHaveLength(0);

    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    await userEvent.click(use);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This passkey does not belong to the account',
    );
    refuse = false;
    await userEvent.click(use);
    expect(await screen.findByLabelText('Your new token')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(s.to('POST /api/account/sign-in-again/passkey')[1]?.body ?? '{}')).toEqual({
      response: ASSERTION,
    });
    expect(webauthn.startAuthentication.mock.calls[2]?.[0]).toMatchObject({
      optionsJSON: { challenge: ASSERTION_OPTIONS.challenge, userVerification: 'required' },
    });
  });

  it('asks for the password alone when the account has no passkey or the browser cannot', async () => {
    server([], () => ({ body: { ok: true, message: accountMessages.signedInAgain } }));
    withWebAuthn();
    renderAt('/account/security');
    const dialog = await createTokenAskingToSignInAgain();
    await within(dialog).findByLabelText('Password', { exact: true });
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(dialog.textContent).toContain('confirm it is you with your password.');
  });
});
