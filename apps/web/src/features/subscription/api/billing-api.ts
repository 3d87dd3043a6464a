// The saved card, which provider collects payments, and paying a past-due invoice (issue 39).
import type { SavePaymentMethodBody } from '@omega/contracts';
import type { RouteAnswer } from '@omega/contracts/client';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api.js';
import { type AskApproval, withApproval } from './payment-errors.js';
import { subscriptionKeys } from './subscription-api.js';

const keys = {
  method: api.url('paymentMethod'),
  config: api.url('billingConfig'),
} as const;

/** The saved card: null when there is none, undefined while it loads. */
export const usePaymentMethod = () => useSWR<RouteAnswer<'paymentMethod'>>(keys.method);
/** Which provider collects payments: the demo one lists its test cards beside the form. */
export const useBillingConfig = () => useSWR<RouteAnswer<'billingConfig'>>(keys.config);

export function useBillingActions() {
  const { mutate } = useSWRConfig();
  return {
    async savePaymentMethod(card: SavePaymentMethodBody) {
      const saved = await api.call('savePaymentMethod', { body: card });
      await mutate(keys.method, saved, { revalidate: false });
      return saved;
    },
    /**
     * Pays the open invoice of a past-due subscription (asking for approval if the bank wants
     * it); the subscription is read again whatever happened, as a failed try counts too.
     */
    async payNow(ask: AskApproval) {
      try {
        return (await withApproval(() => api.call('payNow'), ask)).message;
      } finally {
        await Promise.all(subscriptionKeys.affected.map((k) => mutate(k)));
      }
    },
  };
}
