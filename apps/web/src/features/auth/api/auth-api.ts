// The session calls, with spec section 8's rules for login, logout and register errors; and
// signing in with a passkey (issue 37).
import type { RouteBody } from '@omega/contracts/client';
import { sessionApi } from '../../../lib/api.js';
import { requirePasskeys, signWithPasskey } from '../../../lib/passkeys.js';

export { passkeyFailure } from '../../../lib/passkeys.js';

export const login = (body: RouteBody<'login'>) => sessionApi.call('login', { body });

export const register = (body: RouteBody<'register'>) => sessionApi.call('register', { body });

export const registerAdmin = (body: RouteBody<'registerAdmin'>) =>
  sessionApi.call('registerAdmin', { body });

export const registerSupergod = (body: RouteBody<'registerSupergod'>) =>
  sessionApi.call('registerSupergod', { body });

export const logout = () => sessionApi.call('logout');

export const loginTwoFactor = (body: RouteBody<'loginTwoFactor'>) =>
  sessionApi.call('loginTwoFactor', { body });

/** Signs in with a passkey alone: the server's options, the authenticator's answer, the session. */
export async function loginWithPasskey() {
  requirePasskeys();
  const options = await sessionApi.call('passkeySignInOptions');
  const response = await signWithPasskey(options);
  return sessionApi.call('passkeySignIn', { body: { response } });
}

/** Answers the second step of a password sign-in with one of the account's passkeys. */
export async function loginTwoFactorWithPasskey() {
  requirePasskeys();
  const options = await sessionApi.call('passkeySecondFactorOptions');
  const passkey = await signWithPasskey(options);
  return sessionApi.call('loginTwoFactor', { body: { passkey } });
}
