import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addInterval } from '../../src/subscriptions/periods.js';
import { intervalFor, type Plan, priceFor } from '../../src/subscriptions/plans.js';
import {
  canCancel,
  cancelAtPeriodEnd,
  changePlan,
  offersTrial,
  overridePlan,
  renew,
  resume,
  type Subscription,
  startSubscription,
  upcomingCharge,
} from '../../src/subscriptions/subscription.js';
import { book, DAY, PLANS, T0 } from './fixtures.js';

const MONTH = { planId: 'starter', interval: 'month' } as const;

function active(planId: string, interval: 'month' | 'year' = 'month', at = T0): Subscription {
  const p = PLANS.find((x) => x.id === planId);
  if (!p) throw new Error(planId);
  return { ...startSubscription({ ...p, trialDays: null }, interval, at), hadTrial: true };
}

function upgradeCharge(at: number) {
  const r = changePlan(active('starter'), book, { planId: 'pro', interval: 'month' }, at);
  if (!r.ok) throw new Error(r.error);
  return r.preview.chargedNow;
}

describe('plan changes', () => {
  it('charges the full difference at the period start and nothing at the end', () => {
    const s = active('starter');
    expect(upgradeCharge(s.currentPeriodStart)).toBe(2000);
    expect(upgradeCharge(s.currentPeriodEnd)).toBe(0);
  });

  it('pro-rates an upgrade half-way through by the second, each line rounded', () => {
    const s = active('starter');
    const mid = s.currentPeriodStart + (s.currentPeriodEnd - s.currentPeriodStart) / 2;
    const r = changePlan(s, book, { planId: 'pro', interval: 'month' }, mid);
    if (!r.ok) throw new Error(r.error);
    expect(r.preview.kind).toBe('charge-now');
    expect(r.preview.lines).toEqual([
      { description: 'Unused time on Starter', amount: -450 },
      { description: 'Remaining time on Pro', amount: 1450 },
    ]);
    expect(r.invoice?.amount).toBe(1000);
    expect(r.subscription.planId).toBe('pro');
    expect(r.preview.nextRenewalAt).toBe(s.currentPeriodEnd);
    expect(r.preview.nextRenewalAmount).toBe(2900);
  });

  it('schedules a downgrade for the period end without charging', () => {
    const s = active('pro');
    const r = changePlan(s, book, { planId: 'starter', interval: 'month' }, T0 + 86_400_000);
    if (!r.ok) throw new Error(r.error);
    expect(r.preview).toMatchObject({
      kind: 'scheduled',
      chargedNow: 0,
      effectiveAt: s.currentPeriodEnd,
    });
    expect(r.invoice).toBeNull();
    expect(r.subscription.planId).toBe('pro');
    const renewed = renew(r.subscription, book, 'free', s.currentPeriodEnd);
    expect(renewed.subscription.planId).toBe('starter');
    expect(renewed.invoices.map((i) => i.amount)).toEqual([900]);
  });

  it('starts a new period with a credit when switching to yearly', () => {
    const s = active('pro');
    const quarter = s.currentPeriodStart + (s.currentPeriodEnd - s.currentPeriodStart) / 4;
    const r = changePlan(s, book, { planId: 'pro', interval: 'year' }, quarter);
    if (!r.ok) throw new Error(r.error);
    expect(r.preview.kind).toBe('new-period');
    expect(r.preview.lines[0]).toEqual({ description: 'Unused time on Pro', amount: -2175 });
    expect(r.preview.chargedNow).toBe(29000 - 2175);
    expect(r.subscription.currentPeriodStart).toBe(quarter);
    expect(r.subscription.currentPeriodEnd).toBe(addInterval(quarter, 'year'));
  });

  it('moves a paid plan to Free at the period end, whatever the interval paid for', () => {
    // Free is sold monthly only; leaving a yearly plan for it is a downgrade all the same, and
    // the year paid for is kept (spec section 4).
    for (const s of [
      active('pro', 'year'),
      active('starter'),
      { ...active('pro', 'year'), complimentary: true },
    ]) {
      const mid = s.currentPeriodStart + DAY;
      const r = changePlan(s, book, { planId: 'free', interval: 'month' }, mid);
      if (!r.ok) throw new Error(r.error);
      expect(r.preview).toMatchObject({
        kind: 'scheduled',
        chargedNow: 0,
        effectiveAt: s.currentPeriodEnd,
      });
      expect(r.invoice).toBeNull();
      expect(r.subscription).toMatchObject({
        planId: s.planId,
        interval: s.interval,
        creditBalance: s.creditBalance,
      });
      const renewed = renew(r.subscription, book, 'free', s.currentPeriodEnd);
      expect(renewed.subscription).toMatchObject({
        planId: 'free',
        interval: 'month',
        scheduledChange: null,
      });
      expect(renewed.invoices).toEqual([]);
    }
  });

  it('takes a plan in the current interval where it is sold in it, else monthly', () => {
    const [, starter, , enterprise] = PLANS as [Plan, Plan, Plan, Plan];
    expect(intervalFor(starter, 'year')).toBe('year');
    expect(intervalFor(starter, 'month')).toBe('month');
    expect(intervalFor(enterprise, 'year')).toBe('month');
  });

  it('keeps a credit bigger than the new price for later invoices', () => {
    const s = active('pro', 'year');
    const r = changePlan(s, book, { planId: 'starter', interval: 'month' }, T0 + 1000);
    if (!r.ok) throw new Error(r.error);
    expect(r.preview.chargedNow).toBe(0);
    expect(r.preview.creditAfter).toBeGreaterThan(25000);
    expect(r.invoice).toBeNull();
  });

  it('starts nothing new from a past-due period, which was never paid: it schedules, or refuses', () => {
    const owed: Subscription = { ...active('pro', 'year'), status: 'past_due', creditBalance: 500 };
    const at = owed.currentPeriodStart + DAY;
    for (const target of [
      { planId: 'starter', interval: 'month' },
      { planId: 'pro', interval: 'month' },
      { planId: 'enterprise', interval: 'month' },
    ] as const) {
      expect(changePlan(owed, book, target, at)).toEqual({
        ok: false,
        error: 'Pay the unpaid invoice first (Pay now), then change plan',
      });
    }
    // What waits for the period end stays open to it, and leaves the amount owed as it was.
    for (const target of [MONTH, { planId: 'free', interval: 'month' }] as const) {
      const r = changePlan(
        { ...owed, interval: 'month', currentPeriodEnd: at + DAY },
        book,
        target,
        at,
      );
      if (!r.ok) throw new Error(r.error);
      expect(r.preview.kind).toBe('scheduled');
      expect(r.subscription).toMatchObject({ status: 'past_due', creditBalance: 500 });
    }
  });

  it('charges nothing for a change during a trial', () => {
    const trial = startSubscription(PLANS[2] as Plan, 'month', T0);
    expect(trial.status).toBe('trialing');
    const r = changePlan(trial, book, { planId: 'enterprise', interval: 'month' }, T0 + 86_400_000);
    if (!r.ok) throw new Error(r.error);
    expect(r.preview).toMatchObject({ kind: 'trial', chargedNow: 0 });
    expect(r.subscription.planId).toBe('enterprise');
    const afterTrial = renew(r.subscription, book, 'free', trial.currentPeriodEnd);
    expect(afterTrial.subscription.status).toBe('active');
    expect(afterTrial.invoices.map((i) => i.amount)).toEqual([9900]);
    // The first paid period is named for what it is, and the one after it is a renewal.
    expect(afterTrial.invoices[0]?.description).toBe(
      'Enterprise plan after the free trial ($99.00/month)',
    );
    const next = renew(
      afterTrial.subscription,
      book,
      'free',
      afterTrial.subscription.currentPeriodEnd,
    );
    expect(next.invoices[0]?.description).toBe('Enterprise plan renewal ($99.00/month)');
  });

  it('offers a trial exactly where choosing a plan with one would start it', () => {
    const free = startSubscription(PLANS[0] as Plan, 'month', T0);
    const states: Array<[string, Subscription]> = [
      ['free, never trialled', free],
      ['free, trialled before', { ...free, hadTrial: true }],
      ['in a trial', startSubscription(PLANS[2] as Plan, 'month', T0)],
      ['paying monthly', active('starter')],
      ['paying yearly', active('pro', 'year')],
    ];
    const trialled = PLANS.filter((p) => (p.trialDays ?? 0) > 0 && p.monthlyPrice > 0);
    expect(trialled.length).toBeGreaterThan(0);
    for (const [name, sub] of states) {
      const starts = trialled.flatMap((plan) =>
        (['month', 'year'] as const)
          .filter((interval) => priceFor(plan, interval) !== undefined)
          .map((interval) => {
            const r = changePlan(sub, book, { planId: plan.id, interval }, T0 + DAY);
            return r.ok && sub.status !== 'trialing' && r.subscription.status === 'trialing';
          }),
      );
      const offered = offersTrial(sub, book);
      expect(offered, name).toBe(name === 'free, never trialled');
      // Where it is offered every trialled plan starts one; elsewhere none does.
      expect(
        starts.every((x) => x === offered),
        name,
      ).toBe(true);
    }
  });

  it('starts a trial when leaving the free plan for a plan with one', () => {
    const free = startSubscription(PLANS[0] as Plan, 'month', T0);
    expect(free.hadTrial).toBe(false);
    const r = changePlan(free, book, { planId: 'pro', interval: 'month' }, T0 + 5000);
    if (!r.ok) throw new Error(r.error);
    expect(r.subscription.status).toBe('trialing');
    expect(r.preview.chargedNow).toBe(0);
    // Only one trial per account: the next time it is paid at once.
    const again = changePlan(active('free'), book, { planId: 'pro', interval: 'month' }, T0);
    expect(again.ok && again.preview.chargedNow).toBe(2900);
  });

  it('refuses the current plan, unknown plans and missing yearly prices', () => {
    const s = active('starter');
    expect(changePlan(s, book, { planId: 'starter', interval: 'month' }, T0)).toEqual({
      ok: false,
      error: 'You are already on the Starter plan',
    });
    expect(changePlan(s, book, { planId: 'gold', interval: 'month' }, T0)).toEqual({
      ok: false,
      error: 'Unknown plan: gold',
    });
    expect(changePlan(s, book, { planId: 'enterprise', interval: 'year' }, T0)).toEqual({
      ok: false,
      error: 'The Enterprise plan cannot be paid yearly',
    });
  });
});

describe('cancel, resume, renew', () => {
  it('cancels at the period end, resumes, and otherwise falls back to free', () => {
    const s = active('pro');
    const cancelled = cancelAtPeriodEnd(s);
    if (!cancelled.ok) throw new Error(cancelled.error);
    expect(cancelled.subscription.cancelAtPeriodEnd).toBe(true);
    const resumed = resume(cancelled.subscription);
    if (!resumed.ok) throw new Error(resumed.error);
    expect(resumed.subscription.cancelAtPeriodEnd).toBe(false);
    expect(resume(resumed.subscription)).toEqual({
      ok: false,
      error: 'There is no cancellation to resume',
    });
    const ended = renew(cancelled.subscription, book, 'free', s.currentPeriodEnd);
    expect(ended.ended).toBe(true);
    expect(ended.subscription.planId).toBe('free');
    expect(ended.invoices).toEqual([]);
  });

  it('keeps a scheduled downgrade through cancel and resume: resume undoes the cancel only', () => {
    const s = active('pro');
    const down = changePlan(s, book, MONTH, T0 + DAY);
    if (!down.ok) throw new Error(down.error);
    const cancelled = cancelAtPeriodEnd(down.subscription);
    if (!cancelled.ok) throw new Error(cancelled.error);
    // While cancelled the subscription ends at the period end, whatever was scheduled.
    const ended = renew(cancelled.subscription, book, 'free', s.currentPeriodEnd);
    expect(ended).toMatchObject({ ended: true, invoices: [], subscription: { planId: 'free' } });
    const resumed = resume(cancelled.subscription);
    if (!resumed.ok) throw new Error(resumed.error);
    expect(resumed.subscription).toEqual(down.subscription);
    const renewed = renew(resumed.subscription, book, 'free', s.currentPeriodEnd);
    expect(renewed.subscription.planId).toBe('starter');
    expect(renewed.invoices.map((i) => i.amount)).toEqual([900]);
  });

  it('continues a cancelled subscription when the user schedules a downgrade', () => {
    const s = active('pro');
    const cancelled = cancelAtPeriodEnd(s);
    if (!cancelled.ok) throw new Error(cancelled.error);
    const down = changePlan(cancelled.subscription, book, MONTH, T0 + DAY);
    if (!down.ok) throw new Error(down.error);
    expect(down.subscription).toMatchObject({ cancelAtPeriodEnd: false, scheduledChange: MONTH });
    const renewed = renew(down.subscription, book, 'free', s.currentPeriodEnd);
    expect(renewed.ended).toBe(false);
    expect(renewed.invoices.map((i) => i.amount)).toEqual([900]);
  });

  it('drops a scheduled change when the current plan is chosen again', () => {
    const s = active('pro');
    const down = changePlan(s, book, MONTH, T0 + DAY);
    if (!down.ok) throw new Error(down.error);
    const keep = changePlan(down.subscription, book, { planId: 'pro', interval: 'month' }, T0);
    if (!keep.ok) throw new Error(keep.error);
    expect(keep.invoice).toBeNull();
    expect(keep.subscription).toEqual(s);
    expect(keep.preview).toMatchObject({
      kind: 'keep',
      chargedNow: 0,
      nextRenewalAt: s.currentPeriodEnd,
      nextRenewalAmount: 2900,
    });
    expect(renew(keep.subscription, book, 'free', s.currentPeriodEnd).invoices[0]?.amount).toBe(
      2900,
    );
  });

  it('has nothing to cancel on the free plan', () => {
    expect(cancelAtPeriodEnd(active('free')).ok).toBe(false);
  });

  it('offers Cancel on a paid plan not ending already, as the cancellation decides', () => {
    expect(canCancel(active('free'))).toBe(false);
    expect(canCancel(active('pro'))).toBe(true);
    const cancelled = cancelAtPeriodEnd(active('pro'));
    if (!cancelled.ok) throw new Error(cancelled.error);
    expect(canCancel(cancelled.subscription)).toBe(false);
    expect(cancelAtPeriodEnd(cancelled.subscription)).toEqual({
      ok: false,
      error: 'The subscription is already set to end at the period end',
    });
  });

  it('does nothing before the period end', () => {
    const s = active('pro');
    expect(renew(s, book, 'free', s.currentPeriodEnd - 1).invoices).toEqual([]);
  });

  it('never bills a period twice, whatever the sequence of renewal runs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 90 * 86_400_000 }), { minLength: 1, maxLength: 20 }),
        (steps) => {
          let s = active('pro');
          let now = T0;
          const billed: number[] = [];
          for (const step of steps) {
            now += step;
            const r = renew(s, book, 'free', now);
            billed.push(...r.invoices.map((i) => i.periodStart));
            s = r.subscription;
          }
          return new Set(billed).size === billed.length && s.currentPeriodEnd > now;
        },
      ),
    );
  });
});

describe('pro-rating invariants', () => {
  const inPeriod = fc.integer({ min: 0, max: 1_000_000 });
  const s = active('starter');
  const at = (k: number) =>
    s.currentPeriodStart +
    Math.floor(((s.currentPeriodEnd - s.currentPeriodStart) * k) / 1_000_000);

  it('charges whole cents between 0 and the full difference', () => {
    fc.assert(
      fc.property(inPeriod, (k) => {
        const c = upgradeCharge(at(k));
        return Number.isInteger(c) && c >= 0 && c <= 2000;
      }),
    );
  });

  it('never charges more for a later upgrade', () => {
    fc.assert(
      fc.property(inPeriod, inPeriod, (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        return upgradeCharge(at(late)) <= upgradeCharge(at(early));
      }),
    );
  });

  it('never charges for a downgrade', () => {
    fc.assert(
      fc.property(inPeriod, fc.constantFrom('free', 'starter'), (k, target) => {
        const r = changePlan(active('pro'), book, { planId: target, interval: 'month' }, at(k));
        return r.ok && r.preview.chargedNow === 0 && r.invoice === null;
      }),
    );
  });
});

describe('admin override', () => {
  it('changes the plan at once, charges nothing, and records what an upgrade would cost', () => {
    const s = active('starter');
    const r = overridePlan(s, book, 'pro', s.currentPeriodStart);
    if (!r.ok) throw new Error(r.error);
    expect(r.subscription.planId).toBe('pro');
    expect(r.wouldHaveCharged).toBe(2000);
    expect(overridePlan(s, book, 'gold', T0).ok).toBe(false);
  });
});

describe('admin-assigned plans are complimentary', () => {
  function assigned(planId: string, from = active('starter')) {
    const r = overridePlan(from, book, planId, from.currentPeriodStart + DAY);
    if (!r.ok) throw new Error(r.error);
    return r.subscription;
  }

  it('renews without an invoice, period after period, until someone changes it', () => {
    const s = assigned('pro');
    expect(s).toMatchObject({ planId: 'pro', complimentary: true });
    const later = renew(s, book, 'free', addInterval(s.currentPeriodEnd, 'month', 2));
    expect(later.invoices).toEqual([]);
    expect(later.subscription).toMatchObject({
      planId: 'pro',
      complimentary: true,
      periodIndex: 3,
    });
    expect(upcomingCharge(later.subscription, book, 'free')).toBeNull();
  });

  it('renews complimentary after a trial the admin assignment interrupted', () => {
    const trial = startSubscription(PLANS[2] as Plan, 'month', T0);
    const r = overridePlan(trial, book, 'enterprise', T0 + DAY);
    if (!r.ok) throw new Error(r.error);
    const after = renew(r.subscription, book, 'free', trial.currentPeriodEnd);
    expect(after.invoices).toEqual([]);
    expect(after.subscription).toMatchObject({ status: 'active', complimentary: true });
  });

  it('is not complimentary when the admin assigns the free plan', () => {
    expect(assigned('free', active('pro')).complimentary).toBe(false);
  });

  it('charges the renewal of a plan the user chose themselves, as before', () => {
    const s = active('pro');
    expect(s.complimentary).toBe(false);
    expect(upcomingCharge(s, book, 'free')).toEqual({ at: s.currentPeriodEnd, amount: 2900 });
    expect(renew(s, book, 'free', s.currentPeriodEnd).invoices.map((i) => i.amount)).toEqual([
      2900,
    ]);
  });

  it('keeps a self-service downgrade free until the period end, then bills the new plan', () => {
    const s = assigned('pro');
    const down = changePlan(s, book, MONTH, s.currentPeriodStart + 2 * DAY);
    if (!down.ok) throw new Error(down.error);
    expect(down.preview).toMatchObject({ kind: 'scheduled', chargedNow: 0 });
    expect(down.subscription).toMatchObject({ planId: 'pro', complimentary: true });
    expect(upcomingCharge(down.subscription, book, 'free')).toEqual({
      at: s.currentPeriodEnd,
      amount: 900,
    });
    const renewed = renew(down.subscription, book, 'free', s.currentPeriodEnd);
    expect(renewed.invoices.map((i) => i.amount)).toEqual([900]);
    expect(renewed.subscription).toMatchObject({ planId: 'starter', complimentary: false });
  });

  it('starts a paid period at the full price on a self-service upgrade, with no credit', () => {
    const s = assigned('pro');
    const mid = s.currentPeriodStart + 10 * DAY;
    const up = changePlan(s, book, { planId: 'enterprise', interval: 'month' }, mid);
    if (!up.ok) throw new Error(up.error);
    expect(up.preview).toMatchObject({
      kind: 'new-period',
      chargedNow: 9900,
      creditAfter: 0,
      lines: [{ description: 'Enterprise (monthly) from now', amount: 9900 }],
    });
    expect(up.subscription).toMatchObject({
      planId: 'enterprise',
      complimentary: false,
      currentPeriodStart: mid,
      currentPeriodEnd: addInterval(mid, 'month'),
    });
    // The same for paying the assigned plan yearly: nothing was paid, so nothing is credited.
    const yearly = changePlan(s, book, { planId: 'pro', interval: 'year' }, mid);
    if (!yearly.ok) throw new Error(yearly.error);
    expect(yearly.preview).toMatchObject({ chargedNow: 29000, creditAfter: 0 });
    expect(yearly.subscription.complimentary).toBe(false);
  });

  it('ends at the period end when cancelled; resume keeps it complimentary', () => {
    const s = assigned('pro');
    const cancelled = cancelAtPeriodEnd(s);
    if (!cancelled.ok) throw new Error(cancelled.error);
    const ended = renew(cancelled.subscription, book, 'free', s.currentPeriodEnd);
    expect(ended.subscription).toMatchObject({ planId: 'free', complimentary: false });
    const resumed = resume(cancelled.subscription);
    if (!resumed.ok) throw new Error(resumed.error);
    expect(resumed.subscription.complimentary).toBe(true);
  });
});

describe('upcoming charge', () => {
  it('is what the renewal will bill: nothing on free or when cancelled, credit taken off', () => {
    expect(upcomingCharge(active('free'), book, 'free')).toBeNull();
    const cancelled = cancelAtPeriodEnd(active('pro'));
    if (!cancelled.ok) throw new Error(cancelled.error);
    expect(upcomingCharge(cancelled.subscription, book, 'free')).toBeNull();
    const s = { ...active('pro'), creditBalance: 500 };
    expect(upcomingCharge(s, book, 'free')).toEqual({ at: s.currentPeriodEnd, amount: 2400 });
  });
});
