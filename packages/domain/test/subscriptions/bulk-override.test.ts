import { describe, expect, it } from 'vitest';
import { planBulkOverride } from '../../src/subscriptions/bulk-override.js';
import { overridePlan, startSubscription } from '../../src/subscriptions/subscription.js';
import { book, DAY, PLANS, T0 } from './fixtures.js';

const on = (id: string) => {
  const p = PLANS.find((x) => x.id === id);
  if (!p) throw new Error(id);
  return { ...startSubscription({ ...p, trialDays: null }, 'month', T0), hadTrial: true };
};

describe('a bulk plan change', () => {
  const users = [
    { userId: 1, subscription: on('free') },
    { userId: 2, subscription: on('starter') },
    { userId: 3, subscription: { ...on('starter'), creditBalance: 500 } },
    { userId: 4, subscription: on('pro') },
  ];

  it('gives each user what a single override gives them, charging and crediting nothing', () => {
    const now = T0 + 10 * DAY;
    const result = planBulkOverride(users, book, 'pro', now);
    if (!result.ok) throw new Error(result.error);
    for (const [i, line] of result.plan.lines.entries()) {
      const user = users[i];
      if (!user) throw new Error('line without user');
      const single = overridePlan(user.subscription, book, 'pro', now);
      if (!single.ok) throw new Error(single.error);
      expect(line.after).toEqual(single.subscription);
      expect(line.wouldHaveCharged).toBe(single.wouldHaveCharged);
      expect(line).toMatchObject({ userId: user.userId, chargedNow: 0, credited: 0 });
      expect(line.fromPlanId).toBe(user.subscription.planId);
    }
    // Starter to Pro a third into the month would have cost two thirds of the difference.
    expect(result.plan.lines[1]?.wouldHaveCharged).toBeGreaterThan(0);
    expect(result.plan.lines[3]).toMatchObject({ fromPlanId: 'pro', wouldHaveCharged: 0 });
    // The assigned paid plan is complimentary: its next renewal charges nothing.
    expect(result.plan.lines[1]?.nextCharge).toBeNull();
  });

  it('counts the users per move and totals the figures', () => {
    const result = planBulkOverride(users, book, 'pro', T0 + DAY);
    if (!result.ok) throw new Error(result.error);
    expect(result.plan.moves).toEqual([
      { fromPlanId: 'free', toPlanId: 'pro', count: 1 },
      { fromPlanId: 'starter', toPlanId: 'pro', count: 2 },
      { fromPlanId: 'pro', toPlanId: 'pro', count: 1 },
    ]);
    const waived = result.plan.lines.reduce((n, l) => n + l.wouldHaveCharged, 0);
    expect(result.plan.totals).toEqual({
      users: 4,
      chargedNow: 0,
      credited: 0,
      wouldHaveCharged: waived,
    });
  });

  it('refuses an unknown plan for everyone', () => {
    expect(planBulkOverride(users, book, 'gold', T0)).toEqual({
      ok: false,
      error: 'Unknown plan: gold',
    });
  });
});
