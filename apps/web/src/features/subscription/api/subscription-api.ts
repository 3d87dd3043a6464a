// Subscription data (polled every 5 s where the spec says so) and the calls that change it.
// The plan and feature catalogue is shared with the admin console (src/lib/catalogue.ts).
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api.js';
import { POLL_INTERVAL_MS } from '../../../lib/swr-config.js';

const polled = { refreshInterval: POLL_INTERVAL_MS };

const keys = {
  current: api.url('currentSubscription'),
  userFeatures: api.url('userFeatures'),
  history: api.url('billingHistory'),
  overrideInfo: (userId: number) => api.url('overrideInfo', { query: { userId } }),
} as const;

export const useCurrentSubscription = () =>
  useSWR<RouteAnswer<'currentSubscription'>>(keys.current, polled);
export const useUserFeatures = () => useSWR<RouteAnswer<'userFeatures'>>(keys.userFeatures, polled);
export const useBillingHistory = () => useSWR<RouteAnswer<'billingHistory'>>(keys.history);
export const useOverrideInfo = (userId: number | undefined) =>
  useSWR<RouteAnswer<'overrideInfo'>>(
    userId === undefined ? null : keys.overrideInfo(userId),
    polled,
  );

export type Interval = 'month' | 'year';

export const previewChange = (planId: string, interval: Interval) =>
  api.call('previewChange', { body: { planId, interval } });

/** The calls that change the subscription, each refreshing what it affects. */
export function useSubscriptionActions() {
  const { mutate } = useSWRConfig();
  const refresh = () =>
    Promise.all([keys.current, keys.history, keys.userFeatures].map((k) => mutate(k)));
  return {
    async cancel() {
      await api.call('cancelSubscription');
      await refresh();
    },
    async resume() {
      await api.call('resumeSubscription');
      await refresh();
    },
    async changePlan(planId: string, interval: Interval) {
      const res = await api.call('changePlan', { body: { planId, interval } });
      await refresh();
      return res.message;
    },
  };
}
