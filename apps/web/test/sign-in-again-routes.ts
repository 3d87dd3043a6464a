// A fake server's half of signing in again (stores/sign-in-again.ts): token creation that asks
// for a recent sign-in until the sign-in-again route (password or passkey) answered 200, and the
// token form that sets it off. Shared by the password and the passkey tests.
import { accountMessages } from '@omega/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRoute } from './admin-fake-server.js';

export const CREATED_TOKEN = {
  id: 7,
  name: 'ci',
  scopes: ['read'],
  hint: 'A1b2',
  createdAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-12-20T08:00:00.000Z',
  lastUsedAt: null,
  expired: false,
  token: `omega_pat_${'A1b2'.repeat(10)}`,
  message: 'Copy the token now.',
};

/**
 * `POST /api/account/tokens` refused for an old sign-in until `route` (the sign-in-again call,
 * answered by `answer`) has answered 200 once.
 */
export function tokensAfterSigningInAgain(route: string, answer: AdminRoute) {
  let signedInAgain = false;
  return {
    [route]: ((req) => {
      const answered = answer(req);
      if (!answered.status || answered.status === 200) signedInAgain = true;
      return answered;
    }) satisfies AdminRoute,
    'POST /api/account/tokens': (() =>
      signedInAgain
        ? { body: CREATED_TOKEN }
        : {
            status: 403,
            body: { message: accountMessages.recentSignInRequired },
          }) satisfies AdminRoute,
  };
}

/** Makes a token on the security page; answers the dialog it opens. */
export async function createTokenAskingToSignInAgain() {
  const form = await screen.findByRole('form', { name: 'Create a token' });
  await userEvent.type(within(form).getByLabelText('Token name'), 'ci');
  await userEvent.click(within(form).getByRole('button', { name: 'Create token' }));
  return screen.findByRole('dialog', { name: 'Sign in again' });
}
