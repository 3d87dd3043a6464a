import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyRevenue, revenueMove } from '../../src/subscriptions/revenue.js';
import {
  cancelAtPeriodEnd,
  changePlan,
  overridePlan,
  type Result,
  renew,
  type Subscription,
  startSubscription,
} from '../../src/subscriptions/subscription.js';
import { book, DAY, PLANS, T0 } from './fixtures.js';

const start = (id: string, interval: 'month' | 'year' = 'month', trial = false): Subscription => {
  const p = PLANS.find((x) => x.id === id);
  if (!p) throw new Error(id);
  return startSubscription(trial ? p : { ...p, trialDays: null }, interval, T0);
};
function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('monthly recurring revenue of one subscription', () => {
  it('is the monthly price, or the annual price over 12 in whole cents', () => {
    expect(monthlyRevenue(start('starter'), book)).toBe(900);
    expect(monthlyRevenue(start('starter', 'year'), book)).toBe(750);
    expect(monthlyRevenue(start('pro', 'year'), book)).toBe(2416); // 29000 / 12 = 2416.67
  });

  it('is nothing on the free plan, during a trial and while complimentary', () => {
    expect(monthlyRevenue(start('free'), book)).toBe(0);
    expect(start('pro', 'month', true).status).toBe('trialing');
    expect(monthlyRevenue(start('pro', 'month', true), book)).toBe(0);
    const gift = ok(overridePlan(start('free'), book, 'enterprise', T0)).subscription;
    expect(gift.complimentary).toBe(true);
    expect(monthlyRevenue(gift, book)).toBe(0);
  });
});

describe('a revenue move', () => {
  it('is new MRR when a free account starts paying', () => {
    const after = ok(
      changePlan(start('free'), book, { planId: 'starter', interval: 'month' }, T0),
    ).subscription;
    expect(revenueMove(start('free'), after, book)).toEqual({
      fromPlan: 'free',
      toPlan: 'starter',
      before: 0,
      after: 900,
      newMrr: 900,
      expansion: 0,
      contraction: 0,
      churned: 0,
    });
  });

  it('is expansion on an upgrade and contraction when a scheduled downgrade takes effect', () => {
    const pro = ok(
      changePlan(start('starter'), book, { planId: 'pro', interval: 'month' }, T0 + DAY),
    ).subscription;
    expect(revenueMove(start('starter'), pro, book)).toMatchObject({ expansion: 2000, newMrr: 0 });
    const scheduled = ok(
      changePlan(pro, book, { planId: 'starter', interval: 'month' }, T0 + 2 * DAY),
    ).subscription;
    // Scheduling changes nothing yet: the customer pays Pro until the period ends.
    expect(revenueMove(pro, scheduled, book)).toBeNull();
    const renewed = renew(scheduled, book, 'free', scheduled.currentPeriodEnd).subscription;
    expect(revenueMove(scheduled, renewed, book)).toMatchObject({
      fromPlan: 'pro',
      toPlan: 'starter',
      contraction: 2000,
      churned: 0,
    });
  });

  it('is churn when a cancelled subscription ends, not when it is cancelled', () => {
    const cancelled = ok(cancelAtPeriodEnd(start('enterprise'))).subscription;
    expect(revenueMove(start('enterprise'), cancelled, book)).toBeNull();
    const ended = renew(cancelled, book, 'free', cancelled.currentPeriodEnd).subscription;
    expect(revenueMove(cancelled, ended, book)).toMatchObject({
      toPlan: 'free',
      after: 0,
      churned: 9900,
    });
  });

  it('is new MRR when a trial turns into the first paid period', () => {
    const trial = start('pro', 'month', true);
    const paid = renew(trial, book, 'free', trial.currentPeriodEnd).subscription;
    expect(paid.status).toBe('active');
    expect(revenueMove(trial, paid, book)).toMatchObject({
      newMrr: 2900,
      fromPlan: 'pro',
      toPlan: 'pro',
    });
  });

  it('always books exactly one kind, summing to the change in MRR', () => {
    const ids = PLANS.map((p) => p.id);
    const sub = fc.record({
      id: fc.constantFrom(...ids),
      interval: fc.constantFrom<'month' | 'year'>('month', 'year'),
      trial: fc.boolean(),
    });
    fc.assert(
      fc.property(sub, sub, (a, b) => {
        const before = start(a.id, a.id === 'enterprise' ? 'month' : a.interval, a.trial);
        const after = start(b.id, b.id === 'enterprise' ? 'month' : b.interval, b.trial);
        const move = revenueMove(before, after, book);
        if (!move) return;
        const kinds = [move.newMrr, move.expansion, move.contraction, move.churned];
        expect(kinds.filter((k) => k !== 0).length).toBeLessThanOrEqual(1);
        expect(move.after - move.before).toBe(
          move.newMrr + move.expansion - move.contraction - move.churned,
        );
      }),
    );
  });
});
