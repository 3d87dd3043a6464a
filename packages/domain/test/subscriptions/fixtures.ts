// The plan ladder the subscription tests run on: Free, Starter (monthly or yearly), Pro (with a
// 14-day trial) and Enterprise (monthly only), and the instant they start from.
import type { Plan } from '../../src/subscriptions/plans.js';
import { planBook } from '../../src/subscriptions/subscription.js';

export const plan = (
  id: string,
  monthly: number,
  annual: number | null,
  trialDays: number | null = null,
): Plan => ({
  id,
  name: id[0]?.toUpperCase() + id.slice(1),
  monthlyPrice: monthly,
  annualPrice: annual,
  trialDays,
  isPopular: false,
  perks: [],
});

export const PLANS = [
  plan('free', 0, 0),
  plan('starter', 900, 9000),
  plan('pro', 2900, 29000, 14),
  plan('enterprise', 9900, null),
];
export const book = planBook(PLANS);
export const T0 = Date.UTC(2026, 0, 15, 12);
export const DAY = 86_400_000;
