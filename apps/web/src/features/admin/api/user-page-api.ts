// One page per user: its aggregate read, ending one of its sessions, and starting the
// read-only view as the user. Starting or ending a view changes whose data every read
// answers, so the whole cache is read again (the session first, so the shell follows).
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api.js';
import { SESSION_KEY } from '../../../lib/session.js';
import type { UserPage } from '../components/user-page/types.js';

export type { UserPage };

const pageKey = (id: number) => api.url('adminUserPage', { params: { id } });

export const useUserPage = (id: number | undefined) =>
  useSWR<UserPage>(id === undefined ? null : pageKey(id));

export function useUserPageActions(id: number) {
  const { mutate } = useSWRConfig();
  return {
    async revokeSession(handle: string) {
      const result = await api.call('revokeUserSession', { params: { id, handle } });
      await mutate(pageKey(id));
      return result;
    },
    async startViewAs() {
      const result = await api.call('startViewAs', { params: { id } });
      await mutate(SESSION_KEY);
      await mutate((key) => key !== SESSION_KEY, undefined, { revalidate: true });
      return result;
    },
    /** After a supergod command changed the account (role, disabled). */
    refresh: () => mutate(pageKey(id)),
  };
}
