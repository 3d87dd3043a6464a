// The admin console's server data: reads (polled every 5 s where spec section 9 says so) and
// the calls that change plans, features, logs and announcements, each refreshing what it
// affects.
import type {
  ActivityLogEntry,
  Announcement,
  Assignment,
  DetailedHealth,
  Feature,
  LogsPage,
  Plan,
  UserWithSubscription,
} from '@omega/contracts';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { getJson, sendJson } from '../../../lib/api-client.js';
import { POLL_INTERVAL_MS } from '../../../lib/swr-config.js';
import { type Counted, getCounted, postForm } from './http.js';

const polled = { refreshInterval: POLL_INTERVAL_MS };

export const keys = {
  plans: '/api/subscription/plans',
  features: '/api/features',
  assignments: '/api/features/assignments',
  users: '/api/users/with-subscriptions',
  userFeatures: (userId: number) => `/api/features/admin/user-features?userId=${userId}`,
  messages: '/api/messages',
  unread: '/api/messages/unread-count',
  logs: '/api/admin/logs',
  health: '/api/health/detailed',
  activity: '/api/admin/activity-logs',
} as const;

export const usePlans = () => useSWR<Plan[]>(keys.plans, polled);
export const useFeatures = () => useSWR<Feature[]>(keys.features, polled);
export const useAssignments = () => useSWR<Assignment[]>(keys.assignments, polled);
export const useUserFeatures = (userId: number | undefined) =>
  useSWR<number[]>(userId === undefined ? null : keys.userFeatures(userId), polled);
export const useAnnouncements = () => useSWR<Announcement[]>(keys.messages);
export const useDetailedHealth = () => useSWR<DetailedHealth>(keys.health);

export interface UsersQuery {
  search: string;
  offset: number;
  limit: number;
}

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') q.set(name, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** One page of the user table; the key is an array so every page is its own cache entry. */
export const useUsersPage = ({ search, offset, limit }: UsersQuery) =>
  useSWR<Counted<UserWithSubscription>>(
    [keys.users, search, offset, limit],
    () => getCounted<UserWithSubscription>(`${keys.users}${query({ search, offset, limit })}`),
    { ...polled, keepPreviousData: true },
  );

export type LogLevelFilter = 'INFO' | 'WARNING' | 'ERROR' | 'ALL';
export const LOGS_PAGE_SIZE = 50;

/**
 * The logs, newest first, a page at a time: each older page starts before the last id of the
 * one above it. Polling refreshes the first page; when it changed, the pages below follow.
 */
export function useLogs(level: LogLevelFilter, search: string) {
  return useSWRInfinite<LogsPage>(
    (index, previous: LogsPage | null) => {
      if (previous && previous.nextCursor === null) return null;
      return `${keys.logs}${query({
        level: level === 'ALL' ? undefined : level,
        search: search.trim(),
        before: index === 0 ? undefined : (previous?.nextCursor ?? undefined),
        limit: LOGS_PAGE_SIZE,
      })}`;
    },
    (url: string) => getJson<LogsPage>(url),
    { ...polled, revalidateFirstPage: true },
  );
}

export const ACTIVITY_PAGE_SIZE = 50;

/** The activity log, newest first; older pages continue below the oldest id shown. */
export function useActivityLogs() {
  return useSWRInfinite<ActivityLogEntry[]>(
    (index, previous: ActivityLogEntry[] | null) => {
      if (previous && previous.length < ACTIVITY_PAGE_SIZE) return null;
      const before = index === 0 ? undefined : previous?.at(-1)?.id;
      return `${keys.activity}${query({ before, limit: ACTIVITY_PAGE_SIZE })}`;
    },
    (url: string) => getJson<ActivityLogEntry[]>(url),
  );
}

/** Every cached page of the user table (array keys), so a plan change shows everywhere. */
const isUsersKey = (key: unknown) => Array.isArray(key) && key[0] === keys.users;

export function useFeatureManagerActions() {
  const { mutate } = useSWRConfig();
  return {
    async toggleFeature(planId: string, featureId: number, enabled: boolean) {
      await sendJson('PATCH', '/api/features/toggle', { planId, featureId, enabled });
      await mutate(keys.assignments);
    },
    async overridePlan(userId: number, planId: string) {
      await sendJson('POST', '/api/subscription/override', { userId, planId });
      await mutate(isUsersKey);
    },
    async bulkOverridePlan(userIds: number[], planId: string) {
      await sendJson('POST', '/api/subscription/bulk-override', { userIds, planId });
      await mutate(isUsersKey);
    },
    async overrideFeature(userId: number, featureId: number, enabled: boolean) {
      await sendJson('POST', '/api/features/admin/override', { userId, featureId, enabled });
      await mutate(keys.userFeatures(userId));
    },
    async addFeature(name: string, category: string, description: string) {
      const feature = await sendJson<Feature>('POST', '/api/features', {
        name,
        category,
        description,
      });
      await Promise.all([mutate(keys.features), mutate(keys.assignments)]);
      return feature;
    },
  };
}

export async function clearLogs() {
  await sendJson('POST', '/api/admin/logs/clear', {});
}

export function useAnnouncementActions() {
  const { mutate } = useSWRConfig();
  return {
    async send(title: string, content: string) {
      const created = await postForm<Announcement>(keys.messages, { title, content });
      await Promise.all([mutate(keys.messages), mutate(keys.unread)]);
      return created;
    },
  };
}
