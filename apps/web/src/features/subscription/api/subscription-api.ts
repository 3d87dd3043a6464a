// Subscription data (polled every 5 s where the spec says so) and the calls that change it.
// The plan and feature catalogue is shared with the admin console (src/lib/catalogue.ts).
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api.js';
import { POLL_INTERVAL_MS } from '../../../lib/swr-config.js';
import { type AskApproval, withApproval } from './payment-errors.js';

const polled = { refreshInterval: POLL_INTERVAL_MS };

const keys = {
  current: api.url('currentSubscription'),
  userFeatures: api.url('userFeatures'),
  history: api.url('billingHistory'),
  overrideInfo: (userId: number) => api.url('overrideInfo', { query: { userId } }),
} as const;

/** What a payment or a plan change may alter: read again after one. */
export const subscriptionKeys = {
  affected: [keys.current, keys.history, keys.userFeatures],
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
  const refresh = () => Promise.all(subscriptionKeys.affected.map((k) => mutate(k)));
  return {
    async cancel() {
      await api.call('cancelSubscription');
      await refresh();
    },
    async resume() {
      await api.call('resumeSubscription');
      await refresh();
    },
    /**
     * An upgrade is charged before the plan changes (issue 39): a refused charge is the server's
     * 402, and the subscription is read again either way, so the page shows the plan as it is.
     */
    async changePlan(planId: string, interval: Interval, ask: AskApproval) {
      try {
        return await withApproval(
          () => api.call('changePlan', { body: { planId, interval } }),
          ask,
        );
      } finally {
        await refresh();
      }
    },
  };
}
