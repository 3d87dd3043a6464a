// A subscription's life as pure functions of (state, plans, time): plan changes with
// pro-rating, cancel at period end, resume, renewal, and admin overrides. The API stores the
// state and the invoices these return; the clock is always passed in.
//
// A plan an administrator assigns is complimentary: it renews without an invoice until an
// administrator assigns another plan or the user changes plan themselves; a cancellation ends
// it at the period end (docs/decisions/012). It cost nothing, so leaving it credits nothing.
import { formatMoney } from './money.js';
import { type Interval, nthPeriod, type Period, trialEnd } from './periods.js';
import { FREE_PLAN_ID, intervalFor, type Plan, priceFor } from './plans.js';
import { type ProrationLine, prorateUpgrade, total, unusedValue } from './prorate.js';

/** 'past_due': a renewal's charge failed; features are kept through the grace period (dunning.ts). */
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due';

export interface Subscription {
  planId: string;
  interval: Interval;
  status: SubscriptionStatus;
  /** The paid cycle's anchor and the index of the current period in it. */
  anchor: number;
  periodIndex: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  scheduledChange: { planId: string; interval: Interval } | null;
  /** Cents owed to the customer (from switching intervals), taken off the next invoices. */
  creditBalance: number;
  hadTrial: boolean;
  /** Assigned by an administrator: renewals charge nothing until the user changes plan. */
  complimentary: boolean;
}

export interface Invoice {
  description: string;
  /** Cents charged (never negative). */
  amount: number;
  periodStart: number;
  periodEnd: number;
}

export interface ChangePreview {
  /** 'keep': the current plan chosen again, dropping a scheduled change or a cancellation. */
  kind: 'charge-now' | 'scheduled' | 'trial' | 'new-period' | 'keep';
  lines: ProrationLine[];
  /** Cents charged now. */
  chargedNow: number;
  /** Credit left for later invoices after this change. */
  creditAfter: number;
  /** When the new plan takes effect. */
  effectiveAt: number;
  nextRenewalAt: number;
  nextRenewalAmount: number;
}

export type Result<T> = ({ ok: true } & T) | { ok: false; error: string };

export interface ChangeOutcome {
  subscription: Subscription;
  invoice: Invoice | null;
  preview: ChangePreview;
}

export type PlanBook = ReadonlyMap<string, Plan>;

export const planBook = (plans: readonly Plan[]): PlanBook => new Map(plans.map((p) => [p.id, p]));

function period(s: Subscription): Period {
  return { start: s.currentPeriodStart, end: s.currentPeriodEnd };
}

/** A new subscription: free plans start at once; paid plans start with their trial if any. */
export function startSubscription(plan: Plan, interval: Interval, now: number): Subscription {
  const trialDays = plan.monthlyPrice > 0 ? (plan.trialDays ?? 0) : 0;
  if (trialDays > 0) {
    const end = trialEnd(now, trialDays);
    return {
      planId: plan.id,
      interval,
      status: 'trialing',
      anchor: end,
      periodIndex: 0,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      trialEnd: end,
      cancelAtPeriodEnd: false,
      scheduledChange: null,
      creditBalance: 0,
      hadTrial: true,
      complimentary: false,
    };
  }
  const p = nthPeriod(now, interval, 0);
  return {
    planId: plan.id,
    interval,
    status: 'active',
    anchor: now,
    periodIndex: 0,
    currentPeriodStart: p.start,
    currentPeriodEnd: p.end,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    scheduledChange: null,
    creditBalance: 0,
    hadTrial: false,
    complimentary: false,
  };
}

/** Applies credit to a price: what is charged, and the credit that remains. */
function applyCredit(price: number, credit: number) {
  const used = Math.min(price, credit);
  return { charged: price - used, credit: credit - used };
}

/**
 * Whether choosing a paid plan that has a trial starts the trial now (changePlan's 'trial'
 * branch): on a free plan, not in a trial, never trialled. Anyone else is charged (or
 * scheduled) as usual, so the plan cards do not promise them a trial.
 */
export function offersTrial(sub: Subscription, plans: PlanBook): boolean {
  const from = plans.get(sub.planId);
  const listPrice = from ? (priceFor(from, sub.interval) ?? 0) : 0;
  return !sub.hadTrial && sub.status !== 'trialing' && listPrice === 0;
}

/** The plan change a user asks for, or an error; `preview` is what the screens show. */
export function changePlan(
  sub: Subscription,
  plans: PlanBook,
  target: { planId: string; interval: Interval },
  now: number,
): Result<ChangeOutcome> {
  const from = plans.get(sub.planId);
  const to = plans.get(target.planId);
  if (!to) return { ok: false, error: `Unknown plan: ${target.planId}` };
  if (!from) return { ok: false, error: `The current plan ${sub.planId} no longer exists` };
  const newPrice = priceFor(to, target.interval);
  if (newPrice === undefined) {
    return { ok: false, error: `The ${to.name} plan cannot be paid yearly` };
  }
  const listPrice = priceFor(from, sub.interval) ?? 0;
  // What this period cost the user: nothing for a complimentary plan, so nothing to credit.
  const paidPrice = sub.complimentary ? 0 : listPrice;
  const renewalAt = sub.currentPeriodEnd;

  if (sub.planId === to.id && sub.interval === target.interval) {
    if (!sub.scheduledChange && !sub.cancelAtPeriodEnd) {
      return { ok: false, error: `You are already on the ${to.name} plan` };
    }
    // Choosing the current plan again keeps it: what was scheduled for the period end is dropped.
    return {
      ok: true,
      subscription: { ...sub, scheduledChange: null, cancelAtPeriodEnd: false },
      invoice: null,
      preview: {
        kind: 'keep',
        lines: [],
        chargedNow: 0,
        creditAfter: sub.creditBalance,
        effectiveAt: now,
        nextRenewalAt: renewalAt,
        nextRenewalAmount: applyCredit(paidPrice, sub.creditBalance).charged,
      },
    };
  }

  // During a trial the plan changes at once and nothing is charged until the trial ends.
  if (sub.status === 'trialing') {
    const next: Subscription = {
      ...sub,
      planId: to.id,
      interval: target.interval,
      scheduledChange: null,
      cancelAtPeriodEnd: false,
      complimentary: false,
    };
    return {
      ok: true,
      subscription: next,
      invoice: null,
      preview: {
        kind: 'trial',
        lines: [],
        chargedNow: 0,
        creditAfter: sub.creditBalance,
        effectiveAt: now,
        nextRenewalAt: renewalAt,
        nextRenewalAmount: applyCredit(newPrice, sub.creditBalance).charged,
      },
    };
  }

  // A cheaper plan (or the same price) in the same interval takes effect at the period end,
  // with no charge, and so does a free plan whatever the interval paid for (Free is sold
  // monthly only; the period paid for is kept, spec section 4); choosing a plan is choosing to
  // carry on, so it undoes a cancellation. A complimentary plan stays complimentary until then.
  const cheaper = sub.interval === target.interval && newPrice <= listPrice;
  if (listPrice > 0 && (cheaper || newPrice === 0)) {
    const next: Subscription = {
      ...sub,
      scheduledChange: { ...target },
      cancelAtPeriodEnd: false,
    };
    return {
      ok: true,
      subscription: next,
      invoice: null,
      preview: {
        kind: 'scheduled',
        lines: [],
        chargedNow: 0,
        creditAfter: sub.creditBalance,
        effectiveAt: renewalAt,
        nextRenewalAt: renewalAt,
        nextRenewalAmount: applyCredit(newPrice, sub.creditBalance).charged,
      },
    };
  }

  // A past-due period was never paid for: nothing new starts from it (its unused part is no
  // credit), and nothing is charged on top of what is owed. Dunning collects that first.
  if (sub.status === 'past_due') {
    return { ok: false, error: 'Pay the unpaid invoice first (Pay now), then change plan' };
  }

  // From a free or complimentary plan, or to another interval: a new period starts now, with a
  // credit for the unused part of what was paid for the old one.
  if (paidPrice === 0 || sub.interval !== target.interval) {
    // Also from a complimentary plan, though offersTrial does not promise it there: a cheaper
    // choice is scheduled above instead, so the plan cards could not say which plans trial.
    if (paidPrice === 0 && newPrice > 0 && !sub.hadTrial && (to.trialDays ?? 0) > 0) {
      const started = startSubscription(to, target.interval, now);
      return {
        ok: true,
        subscription: { ...started, creditBalance: sub.creditBalance },
        invoice: null,
        preview: {
          kind: 'trial',
          lines: [],
          chargedNow: 0,
          creditAfter: sub.creditBalance,
          effectiveAt: now,
          nextRenewalAt: started.currentPeriodEnd,
          nextRenewalAmount: applyCredit(newPrice, sub.creditBalance).charged,
        },
      };
    }
    const p = nthPeriod(now, target.interval, 0);
    const credit = unusedValue(paidPrice, period(sub), now);
    const lines: ProrationLine[] = [];
    if (credit > 0) lines.push({ description: `Unused time on ${from.name}`, amount: -credit });
    lines.push({ description: `${to.name} (${target.interval}ly) from now`, amount: newPrice });
    const { charged, credit: left } = applyCredit(newPrice, credit + sub.creditBalance);
    const next: Subscription = {
      ...sub,
      planId: to.id,
      interval: target.interval,
      status: 'active',
      anchor: now,
      periodIndex: 0,
      currentPeriodStart: p.start,
      currentPeriodEnd: p.end,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      scheduledChange: null,
      creditBalance: left,
      complimentary: false,
    };
    return {
      ok: true,
      subscription: next,
      invoice:
        charged > 0
          ? {
              description: `${to.name} plan`,
              amount: charged,
              periodStart: p.start,
              periodEnd: p.end,
            }
          : null,
      preview: {
        kind: 'new-period',
        lines,
        chargedNow: charged,
        creditAfter: left,
        effectiveAt: now,
        nextRenewalAt: p.end,
        nextRenewalAmount: applyCredit(newPrice, left).charged,
      },
    };
  }

  // An upgrade within the period: charged now, pro-rated.
  const lines = prorateUpgrade(
    { name: from.name, price: paidPrice },
    { name: to.name, price: newPrice },
    period(sub),
    now,
  );
  const due = Math.max(0, total(lines));
  const { charged, credit: left } = applyCredit(due, sub.creditBalance);
  const next: Subscription = {
    ...sub,
    planId: to.id,
    scheduledChange: null,
    cancelAtPeriodEnd: false,
    creditBalance: left,
  };
  return {
    ok: true,
    subscription: next,
    invoice:
      charged > 0
        ? {
            description: `Upgrade to ${to.name} (pro-rated)`,
            amount: charged,
            periodStart: now,
            periodEnd: sub.currentPeriodEnd,
          }
        : null,
    preview: {
      kind: 'charge-now',
      lines,
      chargedNow: charged,
      creditAfter: left,
      effectiveAt: now,
      nextRenewalAt: renewalAt,
      nextRenewalAmount: applyCredit(newPrice, left).charged,
    },
  };
}

/**
 * Whether the subscription can be set to end at the period end: it is on a paid plan (the free
 * plan has nothing to cancel) and not ending already. The subscription page offers Cancel on this.
 */
export function canCancel(sub: Pick<Subscription, 'planId' | 'cancelAtPeriodEnd'>): boolean {
  return sub.planId !== FREE_PLAN_ID && !sub.cancelAtPeriodEnd;
}

export function cancelAtPeriodEnd(sub: Subscription): Result<{ subscription: Subscription }> {
  if (!canCancel(sub)) {
    return {
      ok: false,
      error: sub.cancelAtPeriodEnd
        ? 'The subscription is already set to end at the period end'
        : 'The free plan has nothing to cancel',
    };
  }
  // A scheduled change is kept, not dropped: renewal ends a cancelled subscription whatever is
  // scheduled, and resume (which undoes the cancellation only) brings the change back.
  return { ok: true, subscription: { ...sub, cancelAtPeriodEnd: true } };
}

/** Undoes a cancellation, and nothing else: a scheduled change still applies at renewal. */
export function resume(sub: Subscription): Result<{ subscription: Subscription }> {
  if (!sub.cancelAtPeriodEnd) return { ok: false, error: 'There is no cancellation to resume' };
  return { ok: true, subscription: { ...sub, cancelAtPeriodEnd: false } };
}

/**
 * Renewal at or after the period end: bills the next period, applies a scheduled change, or
 * ends the subscription and falls back to the free plan. A complimentary plan renews without
 * an invoice; a change the user scheduled from it is billed like any other. Before the period
 * end it does nothing, so running it twice never bills a period twice.
 */
export function renew(
  sub: Subscription,
  plans: PlanBook,
  freePlanId: string,
  now: number,
): { subscription: Subscription; invoices: Invoice[]; ended: boolean } {
  const invoices: Invoice[] = [];
  let s = sub;
  let ended = false;
  // Catches up on every period that has ended; bounded in case of a clock far in the future.
  for (let guard = 0; now >= s.currentPeriodEnd && guard < 1200; guard++) {
    const boundary = s.currentPeriodEnd;
    const free = plans.get(freePlanId);
    if (s.cancelAtPeriodEnd && free) {
      s = { ...startSubscription(free, 'month', boundary), creditBalance: 0, hadTrial: s.hadTrial };
      ended = true;
      continue;
    }
    let planId = s.planId;
    let interval = s.interval;
    let complimentary = s.complimentary;
    let anchor = s.anchor;
    let index = s.periodIndex + 1;
    if (s.status === 'trialing') {
      anchor = boundary;
      index = 0;
    }
    if (s.scheduledChange) {
      planId = s.scheduledChange.planId;
      complimentary = false;
      if (s.scheduledChange.interval !== interval) {
        interval = s.scheduledChange.interval;
        anchor = boundary;
        index = 0;
      }
    }
    const plan = plans.get(planId) ?? free;
    const price = plan && !complimentary ? (priceFor(plan, interval) ?? plan.monthlyPrice) : 0;
    const p = nthPeriod(anchor, interval, index);
    const { charged, credit } = applyCredit(price, s.creditBalance);
    if (charged > 0 && plan) {
      invoices.push({
        // The period after a trial is the first one paid for: not a renewal.
        description: `${plan.name} plan ${s.status === 'trialing' ? 'after the free trial' : 'renewal'} (${formatMoney(price, { currency: 'USD' })}/${interval})`,
        amount: charged,
        periodStart: p.start,
        periodEnd: p.end,
      });
    }
    s = {
      ...s,
      planId: plan?.id ?? planId,
      interval,
      // An unpaid invoice keeps it past due into the next period, until paid or given up.
      status: s.status === 'past_due' ? 'past_due' : 'active',
      anchor,
      periodIndex: index,
      currentPeriodStart: p.start,
      currentPeriodEnd: p.end,
      trialEnd: null,
      scheduledChange: null,
      creditBalance: credit,
      complimentary,
    };
  }
  return { subscription: s, invoices, ended };
}

/** What the next renewal will charge and when, or null when it charges nothing. */
export function upcomingCharge(
  sub: Subscription,
  plans: PlanBook,
  freePlanId: string,
): { at: number; amount: number } | null {
  const [invoice] = renew(sub, plans, freePlanId, sub.currentPeriodEnd).invoices;
  return invoice ? { at: sub.currentPeriodEnd, amount: invoice.amount } : null;
}

/**
 * An administrator sets the plan: it applies at once with no charge, and a paid plan is
 * complimentary from then on (renewals charge nothing). The answer carries the amount the
 * change would have cost the user, for the record.
 */
export function overridePlan(
  sub: Subscription,
  plans: PlanBook,
  planId: string,
  now: number,
): Result<{ subscription: Subscription; wouldHaveCharged: number }> {
  const to = plans.get(planId);
  if (!to) return { ok: false, error: `Unknown plan: ${planId}` };
  const interval = intervalFor(to, sub.interval);
  const preview =
    sub.planId === planId ? undefined : changePlan(sub, plans, { planId, interval }, now);
  const wouldHaveCharged = preview?.ok ? preview.preview.chargedNow : 0;
  return {
    ok: true,
    subscription: {
      ...sub,
      planId,
      interval,
      // An unpaid renewal is waived with the plan it was for (the caller voids the invoice).
      status: sub.status === 'past_due' ? 'active' : sub.status,
      scheduledChange: null,
      cancelAtPeriodEnd: false,
      complimentary: (priceFor(to, interval) ?? 0) > 0,
    },
    wouldHaveCharged,
  };
}
