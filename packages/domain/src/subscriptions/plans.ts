// Plans and their prices per billing interval.
import type { Interval } from './periods.js';

/** The plan every account starts on and falls back to when a subscription ends; it costs nothing. */
export const FREE_PLAN_ID = 'free';

export interface Plan {
  id: string;
  name: string;
  /** Cents per month. */
  monthlyPrice: number;
  /** Cents per year, when the plan can be paid yearly. */
  annualPrice: number | null;
  trialDays: number | null;
  isPopular: boolean;
  perks: string[];
}

/** The price of one period, or undefined when the plan has no such interval. */
export function priceFor(plan: Plan, interval: Interval): number | undefined {
  if (interval === 'month') return plan.monthlyPrice;
  return plan.annualPrice ?? undefined;
}

/**
 * The interval a plan is taken in when a call names none (the spec's change-plan call names only
 * the plan): the current one where the plan is sold in it, else monthly (Free has no yearly price).
 */
export function intervalFor(plan: Plan, current: Interval): Interval {
  return priceFor(plan, current) === undefined ? 'month' : current;
}

/** Spec section 9: the rounded percent of (12 × monthly − annual) over (12 × monthly). */
export function annualSavingPercent(monthlyCents: number, annualCents: number): number {
  const yearly = 12 * monthlyCents;
  if (yearly <= 0) return 0;
  const saved = yearly - annualCents;
  // round(saved × 100 ÷ yearly), halves up, in integers.
  return Math.floor((2 * saved * 100 + yearly) / (2 * yearly));
}
