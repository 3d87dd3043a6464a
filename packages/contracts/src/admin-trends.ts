// The admin console's trend charts (issue 19): one aggregate per chart, bucketed by the server,
// so the browser draws (and tabulates) what it gets and never sums rows itself. Every series is
// aligned on the same buckets: bucket i starts at `start + i * bucketMs` (UTC), and the last one
// is the bucket that holds the moment of the answer (so it is still filling).
import { type Static, Type } from '@sinclair/typebox';
import { Timestamp } from './common.js';

const Count = Type.Integer({ minimum: 0 });
/** Cents (integer minor units of US dollars). */
const Cents = Type.Integer();

const Buckets = {
  /** The first bucket's start. */
  start: Timestamp,
  /** Bucket width: 60,000 (a minute), 3,600,000 (an hour) or 86,400,000 (a UTC day). */
  bucketMs: Type.Integer({ minimum: 1 }),
  /** When the figures were read. */
  generatedAt: Timestamp,
};

/** System-log entries at ERROR and at WARNING per minute over the last 24 hours (1,440). */
export const LogLevelsTrendSchema = Type.Object({
  ...Buckets,
  errors: Type.Array(Count),
  warnings: Type.Array(Count),
});
export type LogLevelsTrend = Static<typeof LogLevelsTrendSchema>;

/** Password sign-ins that succeeded and that failed, per hour over the last 7 days (168). */
export const SignInsTrendSchema = Type.Object({
  ...Buckets,
  succeeded: Type.Array(Count),
  failed: Type.Array(Count),
});
export type SignInsTrend = Static<typeof SignInsTrendSchema>;

/** New accounts per UTC day over the last 90 days, by role. */
export const RegistrationsTrendSchema = Type.Object({
  ...Buckets,
  users: Type.Array(Count),
  admins: Type.Array(Count),
  supergods: Type.Array(Count),
});
export type RegistrationsTrend = Static<typeof RegistrationsTrendSchema>;

/**
 * Accounts on each plan at the end of each UTC day over the last 90 days (the last value is
 * now). Accounts that never chose a plan count on the free plan.
 */
export const PlansTrendSchema = Type.Object({
  ...Buckets,
  plans: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), accounts: Type.Array(Count) }),
  ),
});
export type PlansTrend = Static<typeof PlansTrendSchema>;

/**
 * Monthly recurring revenue in cents: now, at the end of each UTC day over the last 90 days, and
 * what moved it each day — new (from nothing), expansion (a subscriber paying more), contraction
 * (paying less, still paying) and churned (stopped paying). mrr[i] - mrr[i-1] = new + expansion -
 * contraction - churned of day i.
 */
export const RevenueTrendSchema = Type.Object({
  ...Buckets,
  currency: Type.Literal('USD'),
  mrrNow: Cents,
  mrr: Type.Array(Cents),
  newMrr: Type.Array(Count),
  expansionMrr: Type.Array(Count),
  contractionMrr: Type.Array(Count),
  churnedMrr: Type.Array(Count),
});
export type RevenueTrend = Static<typeof RevenueTrendSchema>;
