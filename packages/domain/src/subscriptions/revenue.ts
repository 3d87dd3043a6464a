// Monthly recurring revenue (MRR): what a subscription brings in per month at its plan's list
// price, and how one subscription change moves the total. The admin console's revenue chart is
// the running sum of these moves, booked in the same transaction as the change itself.
import type { Interval } from './periods.js';
import { FREE_PLAN_ID, priceFor } from './plans.js';
import type { PlanBook, Subscription } from './subscription.js';

/**
 * Cents per month the subscription recurs at: the plan's monthly price, or its annual price
 * spread over 12 months (rounded down to whole cents). Nothing while it is free, trialing (the
 * first charge is still to come) or complimentary (an administrator waived the charge).
 */
export function monthlyRevenue(subscription: Subscription, plans: PlanBook): number {
  if (subscription.planId === FREE_PLAN_ID) return 0;
  if (subscription.status === 'trialing' || subscription.complimentary) return 0;
  const plan = plans.get(subscription.planId);
  if (!plan) return 0;
  return perMonth(priceFor(plan, subscription.interval) ?? 0, subscription.interval);
}

const perMonth = (price: number, interval: Interval) =>
  interval === 'year' ? Math.floor(price / 12) : price;

/**
 * One subscription change as the revenue chart counts it: which plan the account left and
 * joined (null when the plan did not change) and the MRR before and after, split into the four
 * kinds of movement — new (from nothing), expansion, contraction (still paying) and churned
 * (stopped paying). Exactly one of the four is non-zero, and
 * `after - before = newMrr + expansion - contraction - churned`.
 */
export interface RevenueMove {
  fromPlan: string;
  toPlan: string;
  before: number;
  after: number;
  newMrr: number;
  expansion: number;
  contraction: number;
  churned: number;
}

/** The move from `before` to `after`, or null when neither the plan nor the MRR changed. */
export function revenueMove(
  before: Subscription,
  after: Subscription,
  plans: PlanBook,
): RevenueMove | null {
  const from = monthlyRevenue(before, plans);
  const to = monthlyRevenue(after, plans);
  if (from === to && before.planId === after.planId) return null;
  return {
    fromPlan: before.planId,
    toPlan: after.planId,
    before: from,
    after: to,
    newMrr: from === 0 && to > 0 ? to : 0,
    expansion: from > 0 && to > from ? to - from : 0,
    contraction: to > 0 && from > to ? from - to : 0,
    churned: from > 0 && to === 0 ? from : 0,
  };
}
