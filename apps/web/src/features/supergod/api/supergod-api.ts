// The supergod console's calls: system status and the user list (read only while the viewer
// is supergod, spec section 6), and command execution, which refreshes both.
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api.js';
import { withRecentSignIn } from '../../../lib/sign-in-again.js';

export const USERS_PAGE_SIZE = 25;

const usersPage = (offset: number, search = '') =>
  api.url('supergodUsers', { query: { offset, limit: USERS_PAGE_SIZE, search } });

const keys = {
  status: api.url('supergodSystemStatus'),
  users: usersPage,
  /** What every page's key starts with, whatever its offset and search. */
  usersPrefix: `${usersPage(0).split('?')[0]}?`,
} as const;

export const useSystemStatus = (enabled: boolean) =>
  useSWR<RouteAnswer<'supergodSystemStatus'>>(enabled ? keys.status : null);

/** A page of accounts; `search` (usernames and emails) is sent for the server to match. */
export const useSupergodUsers = (enabled: boolean, offset: number, search: string) =>
  useSWR<RouteAnswer<'supergodUsers'>>(enabled ? keys.users(offset, search) : null, {
    keepPreviousData: true,
  });

/** Runs a command; on success the status and every page of the user list are read again. */
export function useExecuteCommand() {
  const { mutate } = useSWRConfig();
  return async (command: string, confirmation: string) => {
    // Granting a role or resetting two-factor asks a sign-in older than 10 minutes to sign in again.
    const result = await withRecentSignIn(() =>
      api.call('supergodExecute', { body: { command, confirmation } }),
    );
    await Promise.all([
      mutate(keys.status),
      mutate((key) => typeof key === 'string' && key.startsWith(keys.usersPrefix)),
    ]);
    return result;
  };
}
