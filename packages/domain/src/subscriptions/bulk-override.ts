// An administrator puts many users on one plan at once. The dry run and the apply both call
// `planBulkOverride`, so what the confirmation step shows is computed by the very function
// whose result is written: per user the plan before and after, what is charged or credited now
// (an assigned plan charges nothing and credits nothing: decision 012), what the change would
// have cost, and what the next renewal will charge.
import { FREE_PLAN_ID } from './plans.js';
import {
  overridePlan,
  type PlanBook,
  type Result,
  type Subscription,
  upcomingCharge,
} from './subscription.js';

export interface BulkOverrideLine {
  userId: number;
  fromPlanId: string;
  toPlanId: string;
  /** Cents charged now (an invoice written by the change). */
  chargedNow: number;
  /** Cents added to the user's credit balance now (negative when credit is used up). */
  credited: number;
  /** Cents the change would have cost had the user chosen it; kept on record, not charged. */
  wouldHaveCharged: number;
  complimentary: boolean;
  /** The next renewal's charge in cents and when, after the change; null when none. */
  nextCharge: { at: number; amount: number } | null;
  /** The subscription as the change leaves it. */
  after: Subscription;
}

export interface BulkOverridePlan {
  planId: string;
  lines: BulkOverrideLine[];
  /** How many users move from which plan to which (from === to: already on it). */
  moves: Array<{ fromPlanId: string; toPlanId: string; count: number }>;
  totals: { users: number; chargedNow: number; credited: number; wouldHaveCharged: number };
}

/** Every user's outcome of being put on `planId` at `now`, or the first error. */
export function planBulkOverride(
  subscriptions: ReadonlyArray<{ userId: number; subscription: Subscription }>,
  plans: PlanBook,
  planId: string,
  now: number,
): Result<{ plan: BulkOverridePlan }> {
  const lines: BulkOverrideLine[] = [];
  for (const { userId, subscription: before } of subscriptions) {
    const result = overridePlan(before, plans, planId, now);
    if (!result.ok) return result;
    const after = result.subscription;
    lines.push({
      userId,
      fromPlanId: before.planId,
      toPlanId: after.planId,
      // overridePlan returns no invoice: an assigned plan is never charged for.
      chargedNow: 0,
      credited: after.creditBalance - before.creditBalance,
      wouldHaveCharged: result.wouldHaveCharged,
      complimentary: after.complimentary,
      nextCharge: upcomingCharge(after, plans, FREE_PLAN_ID),
      after,
    });
  }
  const moves = new Map<string, { fromPlanId: string; toPlanId: string; count: number }>();
  for (const l of lines) {
    const key = `${l.fromPlanId}\u0000${l.toPlanId}`;
    const move = moves.get(key) ?? { fromPlanId: l.fromPlanId, toPlanId: l.toPlanId, count: 0 };
    move.count += 1;
    moves.set(key, move);
  }
  const sum = (pick: (l: BulkOverrideLine) => number) => lines.reduce((n, l) => n + pick(l), 0);
  return {
    ok: true,
    plan: {
      planId,
      lines,
      moves: [...moves.values()],
      totals: {
        users: lines.length,
        chargedNow: sum((l) => l.chargedNow),
        credited: sum((l) => l.credited),
        wouldHaveCharged: sum((l) => l.wouldHaveCharged),
      },
    },
  };
}
