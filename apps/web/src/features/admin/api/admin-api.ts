// The admin console's server data: reads (polled every 5 s where spec section 9 says so) and
// the calls that change plans, features, logs, announcements and the assistant's unanswered
// questions, each refreshing what it affects. The plan and feature catalogue and the announcements list are shared (src/lib).
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { announcementKeys } from '../../../lib/announcements.js';
import { api, type Counted, counted, formApi } from '../../../lib/api.js';
import { getJson } from '../../../lib/api-client.js';
import { catalogueKeys } from '../../../lib/catalogue.js';
import { POLL_INTERVAL_MS } from '../../../lib/swr-config.js';

const polled = { refreshInterval: POLL_INTERVAL_MS };

const keys = {
  assignments: api.url('featureAssignments'),
  userFeatures: (userId: number) => api.url('adminUserFeatures', { query: { userId } }),
  userOverrides: (userId: number) => api.url('adminUserOverrides', { query: { userId } }),
  health: api.url('healthDetailed'),
  unansweredQuestions: api.url('unansweredQuestions'),
} as const;

export const useAssignments = () =>
  useSWR<RouteAnswer<'featureAssignments'>>(keys.assignments, polled);
export const useUserFeatures = (userId: number | undefined) =>
  useSWR<RouteAnswer<'adminUserFeatures'>>(
    userId === undefined ? null : keys.userFeatures(userId),
    polled,
  );
/** The user's feature overrides in force, with who set each one, why and until when. */
export const useUserOverrides = (userId: number | undefined) =>
  useSWR<RouteAnswer<'adminUserOverrides'>>(
    userId === undefined ? null : keys.userOverrides(userId),
    polled,
  );
export const useDetailedHealth = () => useSWR<RouteAnswer<'healthDetailed'>>(keys.health);

export interface UsersQuery {
  search: string;
  offset: number;
  limit: number;
}

type UserWithSubscription = RouteAnswer<'usersWithSubscriptions'>[number];

/** One page of the user table; the key is an array so every page is its own cache entry. */
export const useUsersPage = (query: UsersQuery) =>
  useSWR<Counted<UserWithSubscription>>(
    [api.url('usersWithSubscriptions'), query.search, query.offset, query.limit],
    async () => {
      const { answer, headers } = await api.respond('usersWithSubscriptions', { query });
      return counted(answer, headers as Headers);
    },
    { ...polled, keepPreviousData: true },
  );

export type LogLevelFilter = 'INFO' | 'WARNING' | 'ERROR' | 'ALL';
export const LOGS_PAGE_SIZE = 50;

/**
 * The logs, newest first, a page at a time: each older page starts before the last id of the
 * one above it. Polling refreshes the first page; when it changed, the pages below follow.
 */
export function useLogs(level: LogLevelFilter, search: string) {
  return useSWRInfinite<RouteAnswer<'adminLogs'>>(
    (index, previous: RouteAnswer<'adminLogs'> | null) => {
      if (previous && previous.nextCursor === null) return null;
      return api.url('adminLogs', {
        query: {
          level: level === 'ALL' ? undefined : level,
          search: search.trim(),
          before: index === 0 ? undefined : (previous?.nextCursor ?? undefined),
          limit: LOGS_PAGE_SIZE,
        },
      });
    },
    (url: string) => getJson<RouteAnswer<'adminLogs'>>(url),
    { ...polled, revalidateFirstPage: true },
  );
}

export const ACTIVITY_PAGE_SIZE = 50;

/** The activity log, newest first; older pages continue below the oldest id shown. */
export function useActivityLogs() {
  return useSWRInfinite<RouteAnswer<'activityLogs'>>(
    (index, previous: RouteAnswer<'activityLogs'> | null) => {
      if (previous && previous.length < ACTIVITY_PAGE_SIZE) return null;
      const before = index === 0 ? undefined : previous?.at(-1)?.id;
      return api.url('activityLogs', { query: { before, limit: ACTIVITY_PAGE_SIZE } });
    },
    (url: string) => getJson<RouteAnswer<'activityLogs'>>(url),
  );
}

/** Every cached page of the user table (array keys), so a plan change shows everywhere. */
const isUsersKey = (key: unknown) =>
  Array.isArray(key) && key[0] === api.url('usersWithSubscriptions');

export function useFeatureManagerActions() {
  const { mutate } = useSWRConfig();
  return {
    async toggleFeature(planId: string, featureId: number, enabled: boolean) {
      await api.call('toggleFeature', { body: { planId, featureId, enabled } });
      await mutate(keys.assignments);
    },
    async overridePlan(userId: number, planId: string) {
      await api.call('overridePlan', { body: { userId, planId } });
      await mutate(isUsersKey);
    },
    /** The dry run of a bulk plan change: nothing is changed. */
    previewBulkOverride(userIds: number[], planId: string) {
      return api.call('previewBulkOverride', { body: { userIds, planId } });
    },
    /** Applies a bulk plan change; with the dry run's token, refused if anyone changed since. */
    async bulkOverridePlan(userIds: number[], planId: string, previewToken?: string) {
      await api.call('bulkOverridePlan', { body: { userIds, planId, previewToken } });
      await mutate(isUsersKey);
    },
    async overrideFeature(
      userId: number,
      featureId: number,
      enabled: boolean,
      why: { reason: string; expiresAt?: string },
    ) {
      await api.call('overrideFeature', { body: { userId, featureId, enabled, ...why } });
      await Promise.all([mutate(keys.userFeatures(userId)), mutate(keys.userOverrides(userId))]);
    },
    async addFeature(name: string, category: string, description: string) {
      const feature = await api.call('addFeature', { body: { name, category, description } });
      await Promise.all([mutate(catalogueKeys.features), mutate(keys.assignments)]);
      return feature;
    },
  };
}

export async function clearLogs() {
  await api.call('clearLogs');
}

/** The assistant's unanswered questions, grouped by wording (the newest 200, by default). */
export const useUnansweredQuestions = () =>
  useSWR<RouteAnswer<'unansweredQuestions'>>(keys.unansweredQuestions);

/** Deletes every kept unanswered question; answers the server's 'Cleared N questions'. */
export function useClearUnansweredQuestions() {
  const { mutate } = useSWRConfig();
  return async () => {
    const { message } = await api.call('clearUnansweredQuestions');
    await mutate(keys.unansweredQuestions);
    return message;
  };
}

export function useAnnouncementActions() {
  const { mutate } = useSWRConfig();
  return {
    async send(title: string, content: string) {
      const created = await formApi.call('createMessage', { body: { title, content } });
      await Promise.all([mutate(announcementKeys.messages), mutate(announcementKeys.unread)]);
      return created;
    },
  };
}
