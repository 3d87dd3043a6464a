// The sign-in screen's behaviour: client validation before any request, the server's
// answer in a toast, the session refreshed after success.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderAt, signedInAs, signedOut } from './render-app.js';

describe('auth screen', () => {
  it('shows the validation messages and sends nothing', async () => {
    const calls = fakeServer({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderAt('/auth');
    await screen.findByText('Sign in to your account or create a new one');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeDefined();
    expect(screen.getByText('Password must be at least 6 characters')).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('signs in, shows the welcome toast and the username in the shell', async () => {
    let signedIn = false;
    const calls = fakeServer({
      'GET /api/user': () => (signedIn ? signedInAs('user', 'alice')() : signedOut(undefined)),
      'POST /api/login': () => {
        signedIn = true;
        return {
          status: 200,
          body: {
            ok: true,
            message: 'Logged in successfully',
            user: signedInAs('user', 'alice')().body,
          },
        };
      },
    });
    const user = userEvent.setup();
    const { location } = renderAt('/auth');
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged in successfully')).toBeDefined();
    expect(screen.getByText('Welcome alice!')).toBeDefined();
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(screen.getByTestId('current-username').textContent).toBe('alice');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'alice',
      password: 'secret1',
    });
  });

  it("shows the server's message in a destructive 'Error' toast", async () => {
    fakeServer({
      'GET /api/user': signedOut,
      'POST /api/login': () => ({ status: 401, body: { message: 'Invalid username or password' } }),
    });
    const user = userEvent.setup();
    renderAt('/auth');
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Error')).toBeDefined();
    expect(screen.getByText('Invalid username or password')).toBeDefined();
  });

  it("answers a wrong supergod key with the spec's toast", async () => {
    fakeServer({
      'GET /api/user': signedOut,
      'POST /api/register-supergod': () => ({
        status: 403,
        body: { message: 'Invalid Super-God key' },
      }),
    });
    const user = userEvent.setup();
    renderAt('/supergod-register');
    await user.type(await screen.findByLabelText('Username'), 'zeus');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Super-God Secret Key'), 'wrong-key-123');
    await user.click(screen.getByRole('button', { name: 'Register as Super-God' }));
    const description = await screen.findByText(
      "You don't have permission to create a Super-God account",
    );
    expect(description.parentElement?.textContent).toContain('Invalid Super-God key');
    // The key field says what was wrong too.
    expect(screen.getByRole('alert').textContent).toBe('Invalid Super-God key');
  });
});
