// The supergod console's calls: system status and the user list (read only while the viewer
// is supergod, spec section 6), and command execution, which refreshes both.
import type {
  ExecuteCommandResponse,
  SupergodUsersResponse,
  SystemStatusResponse,
} from '@omega/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { sendJson } from '../../../lib/api-client.js';

export const USERS_PAGE_SIZE = 25;

export const keys = {
  status: '/api/supergod/system-status',
  users: (offset: number, search = '') =>
    `/api/supergod/users?offset=${offset}&limit=${USERS_PAGE_SIZE}${
      search ? `&${new URLSearchParams({ search })}` : ''
    }`,
  usersPrefix: '/api/supergod/users?',
} as const;

export const useSystemStatus = (enabled: boolean) =>
  useSWR<SystemStatusResponse>(enabled ? keys.status : null);

/** A page of accounts; `search` (usernames and emails) is sent for the server to match. */
export const useSupergodUsers = (enabled: boolean, offset: number, search: string) =>
  useSWR<SupergodUsersResponse>(enabled ? keys.users(offset, search) : null, {
    keepPreviousData: true,
  });

/** Runs a command; on success the status and every page of the user list are read again. */
export function useExecuteCommand() {
  const { mutate } = useSWRConfig();
  return async (command: string, confirmation: string) => {
    const result = await sendJson<ExecuteCommandResponse>('POST', '/api/supergod/execute', {
      command,
      confirmation,
    });
    await Promise.all([
      mutate(keys.status),
      mutate((key) => typeof key === 'string' && key.startsWith(keys.usersPrefix)),
    ]);
    return result;
  };
}
