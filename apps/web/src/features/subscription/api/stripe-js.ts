// Stripe.js for the stripe provider (issue 39), downloaded from Stripe the first time a card
// form or a bank's check needs it: the loader is a chunk of its own, so the demo provider and
// every first page load carry none of it.
import type { Stripe } from '@stripe/stripe-js';

/** Stripe.js did not load (offline, blocked, Stripe unreachable): said as it is, to retry. */
export class StripeJsUnavailable extends Error {
  constructor() {
    super("Stripe's card service could not be loaded. Check your connection and try again.");
    this.name = 'StripeJsUnavailable';
  }
}

const loaded = new Map<string, Promise<Stripe>>();

/** Stripe.js set up with the publishable key, once; a failed load is tried again next call. */
export function stripeFor(publishableKey: string): Promise<Stripe> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((instance) => {
        if (!instance) throw new StripeJsUnavailable();
        return instance;
      })
      .catch(() => {
        loaded.delete(publishableKey);
        throw new StripeJsUnavailable();
      });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
