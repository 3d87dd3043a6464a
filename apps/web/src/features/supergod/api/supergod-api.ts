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
  users: (offset: number) => `/api/supergod/users?offset=${offset}&limit=${USERS_PAGE_SIZE}`,
  usersPrefix: '/api/supergod/users?',
} as const;

export const useSystemStatus = (enabled: boolean) =>
  useSWR<SystemStatusResponse>(enabled ? keys.status : null);

export const useSupergodUsers = (enabled: boolean, offset: number) =>
  useSWR<SupergodUsersResponse>(enabled ? keys.users(offset) : null, { keepPreviousData: true });

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
