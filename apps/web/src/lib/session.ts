// The signed-in user, fetched once and cached with no expiry and no retry (spec section 4).
// A 401 means signed out. Login, logout and register refresh it.
import type { User } from '@omega/contracts';
import type { RouteUrl } from '@omega/contracts/client';
import { atLeast, isSupergod, normalizeRole, type Role } from '@omega/domain';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError, getJson } from './api-client.js';

// Typed from the route table, so a changed path fails to compile; written out so the first
// load carries no route table.
export const SESSION_KEY: RouteUrl<'currentUser'> = '/api/user';

async function fetchSession(): Promise<User | null> {
  try {
    return await getJson<User>(SESSION_KEY);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export interface SessionState {
  user: User | null;
  role: Role | null;
  isLoading: boolean;
  error: Error | undefined;
  isSupergod: boolean;
}

export function useSession(): SessionState {
  const { data, error, isLoading } = useSWR(SESSION_KEY, fetchSession, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  const user = data ?? null;
  const role = user ? normalizeRole(user.role) : null;
  return {
    user,
    role,
    isLoading,
    error: error as Error | undefined,
    isSupergod: role !== null && isSupergod(role),
  };
}

/**
 * Re-reads the session; pass the new user to show it at once. An administrator's is read again
 * all the same: only GET /api/user says whether they must set up two-factor before the consoles
 * answer (a sign-in's or a registration's answer does not), and the guards send them there.
 */
export function useRefreshSession() {
  const { mutate } = useSWRConfig();
  return async (user?: User | null) => {
    if (user === undefined) return mutate(SESSION_KEY);
    await mutate(SESSION_KEY, user, { revalidate: false });
    if (user && atLeast(normalizeRole(user.role), 'admin')) return mutate(SESSION_KEY);
    return user;
  };
}
