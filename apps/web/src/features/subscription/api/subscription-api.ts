// Subscription data (polled every 5 s where the spec says so) and the calls that change it.
import type {
  BillingItem,
  ChangePreview,
  CurrentSubscription,
  Feature,
  OverrideInfo,
  Plan,
} from '@omega/contracts';
import useSWR, { useSWRConfig } from 'swr';
import { sendJson } from '../../../lib/api-client.js';
import { POLL_INTERVAL_MS } from '../../../lib/swr-config.js';

const polled = { refreshInterval: POLL_INTERVAL_MS };

export const keys = {
  current: '/api/subscription/current',
  plans: '/api/subscription/plans',
  features: '/api/features',
  userFeatures: '/api/features/user',
  history: '/api/subscription/billing-history',
  overrideInfo: (userId: number) => `/api/subscription/override-info?userId=${userId}`,
} as const;

export const useCurrentSubscription = () => useSWR<CurrentSubscription>(keys.current, polled);
export const usePlans = () => useSWR<Plan[]>(keys.plans, polled);
export const useFeatures = () => useSWR<Feature[]>(keys.features, polled);
export const useUserFeatures = () => useSWR<number[]>(keys.userFeatures, polled);
export const useBillingHistory = () => useSWR<BillingItem[]>(keys.history);
export const useOverrideInfo = (userId: number | undefined) =>
  useSWR<OverrideInfo>(userId === undefined ? null : keys.overrideInfo(userId), polled);

export type Interval = 'month' | 'year';

export const previewChange = (planId: string, interval: Interval) =>
  sendJson<ChangePreview>('POST', '/api/subscription/preview-change', { planId, interval });

/** The calls that change the subscription, each refreshing what it affects. */
export function useSubscriptionActions() {
  const { mutate } = useSWRConfig();
  const refresh = () =>
    Promise.all([keys.current, keys.history, keys.userFeatures].map((k) => mutate(k)));
  return {
    async cancel() {
      await sendJson('POST', '/api/subscription/cancel', {});
      await refresh();
    },
    async resume() {
      await sendJson('POST', '/api/subscription/resume', {});
      await refresh();
    },
    async changePlan(planId: string, interval: Interval) {
      const res = await sendJson<{ message: string }>('POST', '/api/subscription/change-plan', {
        planId,
        interval,
      });
      await refresh();
      return res.message;
    },
  };
}
