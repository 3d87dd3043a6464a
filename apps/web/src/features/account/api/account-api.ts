// The signed-in user's own security: the password, the account's sessions, two-factor sign-in,
// passkeys and personal access tokens. A change reads the list it changed again; one that adds a
// way in asks the user to sign in again first when their sign-in is older than 10 minutes.
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api.js';
import { createPasskey, requirePasskeys, signWithPasskey } from '../../../lib/passkeys.js';
import { SESSION_KEY } from '../../../lib/session.js';
import { withRecentSignIn } from '../../../lib/sign-in-again.js';

const SESSIONS_KEY = api.url('accountSessions');
const TWO_FACTOR_KEY = api.url('twoFactorStatus');
const TOKENS_KEY = api.url('accessTokens');
const PASSKEYS_KEY = api.url('passkeys');

export const useTwoFactorStatus = () => useSWR<RouteAnswer<'twoFactorStatus'>>(TWO_FACTOR_KEY);

export function useTwoFactorActions() {
  const { mutate } = useSWRConfig();
  const reread = () => mutate(TWO_FACTOR_KEY);
  return {
    async setup() {
      const result = await withRecentSignIn(() => api.call('totpSetup'));
      await reread();
      return result;
    },
    /**
     * Answers the recovery codes; the status is read again when they have been put away. The
     * session is read again at once: a role that had to set two-factor up may now open its
     * console.
     */
    async enable(code: string) {
      const result = await withRecentSignIn(() => api.call('totpEnable', { body: { code } }));
      await mutate(SESSION_KEY);
      return result;
    },
    /** Ten new recovery codes in place of the old ones; the count is read again once kept. */
    newRecoveryCodes() {
      return withRecentSignIn(() => api.call('newRecoveryCodes'));
    },
    async disable(body: { password: string; code?: string; recoveryCode?: string }) {
      const result = await api.call('twoFactorDisable', { body });
      await Promise.all([reread(), mutate(SESSION_KEY)]);
      return result;
    },
    reread,
  };
}

export const useAccountSessions = () => useSWR<RouteAnswer<'accountSessions'>>(SESSIONS_KEY);

export function useAccountActions() {
  const { mutate } = useSWRConfig();
  const reread = () => mutate(SESSIONS_KEY);
  return {
    async changePassword(currentPassword: string, newPassword: string) {
      const result = await api.call('changePassword', { body: { currentPassword, newPassword } });
      await reread();
      return result;
    },
    async endSession(id: string) {
      const result = await api.call('endAccountSession', { params: { id } });
      await reread();
      return result;
    },
    async signOutOthers() {
      const result = await api.call('signOutOtherSessions');
      await reread();
      return result;
    },
  };
}

export const useAccessTokens = () => useSWR<RouteAnswer<'accessTokens'>>(TOKENS_KEY);

export function useAccessTokenActions() {
  const { mutate } = useSWRConfig();
  const reread = () => mutate(TOKENS_KEY);
  return {
    /** Answers the new token with its secret, which is never shown again. */
    async create(body: {
      name: string;
      scopes: ('read' | 'write' | 'admin')[];
      expiresInDays: 7 | 30 | 90 | 365 | null;
    }) {
      const result = await withRecentSignIn(() => api.call('createAccessToken', { body }));
      await reread();
      return result;
    },
    async revoke(id: number) {
      const result = await api.call('revokeAccessToken', { params: { id } });
      await reread();
      return result;
    },
  };
}

export const usePasskeys = () => useSWR<RouteAnswer<'passkeys'>>(PASSKEYS_KEY);

export function usePasskeyActions() {
  const { mutate } = useSWRConfig();
  const reread = () => mutate(PASSKEYS_KEY);
  return {
    /** Options from the server, the authenticator's new passkey, then the server keeps it. */
    async add() {
      requirePasskeys();
      const options = await withRecentSignIn(() => api.call('passkeyRegistrationOptions'));
      const response = await createPasskey(options);
      const result = await api.call('addPasskey', { body: { response } });
      await reread();
      return result;
    },
    async rename(id: number, name: string) {
      const result = await api.call('renamePasskey', { params: { id }, body: { name } });
      await reread();
      return result;
    },
    async remove(id: number) {
      const result = await api.call('removePasskey', { params: { id } });
      await reread();
      return result;
    },
    reread,
  };
}

/**
 * Signs in again on this session with one of the account's passkeys: the server's options, the
 * authenticator's answer, then the server checks it (lib/sign-in-again.ts says what for).
 */
export async function signInAgainWithPasskey() {
  requirePasskeys();
  const options = await api.call('signInAgainPasskeyOptions');
  const response = await signWithPasskey(options);
  return api.call('signInAgainPasskey', { body: { response } });
}
