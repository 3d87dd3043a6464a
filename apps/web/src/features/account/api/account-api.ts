// The signed-in user's own security: the password, and the account's sessions. Ending sessions
// or changing the password changes the list, so it is read again after each.
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api.js';

const SESSIONS_KEY = api.url('accountSessions');

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
