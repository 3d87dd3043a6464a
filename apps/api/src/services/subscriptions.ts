// The subscription service: loads state, runs the pure domain functions, and writes the
// result with optimistic concurrency, so two requests (or two servers) never interleave a
// read-modify-write of one subscription.
import type {
  BillingItem,
  ChangePreview,
  CurrentSubscription,
  OverrideInfo,
} from '@omega/contracts';
import {
  availableFeatureIds,
  cancelAtPeriodEnd,
  changePlan,
  FREE_PLAN_ID,
  type Interval,
  type Override,
  overridePlan,
  type PlanBook,
  planBook,
  type Result,
  renew,
  resume,
  type Subscription,
  startSubscription,
  upcomingCharge,
} from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import type { ActivityRepository } from '../repositories/activity.js';
import { type SubscriptionsRepository, toSubscription } from '../repositories/subscriptions.js';

/** How long a renewal worker holds a claimed subscription before another may take it. */
const CLAIM_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

export class SubscriptionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: SubscriptionsRepository,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  async book(db = this.db): Promise<PlanBook> {
    return planBook(await this.repo.plans(db));
  }

  /** The user's subscription, starting them on the free plan the first time. */
  async current(
    userId: number,
    db = this.db,
  ): Promise<{ subscription: Subscription; version: number }> {
    let row = await this.repo.find(userId, db);
    if (!row) {
      const free = (await this.book(db)).get(FREE_PLAN_ID);
      if (!free) throw new Error('The free plan is missing from the plans table');
      await this.repo.insert(
        userId,
        startSubscription(free, 'month', this.clock()),
        this.clock(),
        db,
      );
      row = await this.repo.find(userId, db);
      if (!row) throw new Error(`Subscription of user ${userId} vanished`);
    }
    return { subscription: toSubscription(row), version: row.version };
  }

  async view(userId: number): Promise<CurrentSubscription> {
    const { subscription: s } = await this.current(userId);
    const plans = await this.book();
    return toView(s, plans);
  }

  async preview(
    userId: number,
    target: { planId: string; interval?: Interval },
  ): Promise<ChangePreview> {
    const { subscription } = await this.current(userId);
    const result = changePlan(
      subscription,
      await this.book(),
      withInterval(subscription, target),
      this.clock(),
    );
    if (!result.ok) throw new HttpError(409, result.error);
    return toPreview(result.preview);
  }

  async change(userId: number, target: { planId: string; interval?: Interval }) {
    const plans = await this.book();
    const now = this.clock();
    const { subscription, version } = await this.current(userId);
    const result = changePlan(subscription, plans, withInterval(subscription, target), now);
    if (!result.ok) throw new HttpError(409, result.error);
    await this.db.transaction().execute(async (trx) => {
      const written = await this.repo.update(userId, version, result.subscription, now, trx);
      if (!written)
        throw new HttpError(409, 'The subscription changed meanwhile. Please try again.');
      if (result.invoice) {
        await this.repo.addInvoice(
          { userId, ...result.invoice, dedupeKey: `change:${userId}:${version}`, createdAt: now },
          trx,
        );
      }
      await this.activity.record(
        {
          userId,
          action: 'plan_change',
          details: `${subscription.planId}/${subscription.interval} -> ${result.subscription.planId}/${withInterval(subscription, target).interval} (${result.preview.kind}, charged ${result.preview.chargedNow})`,
          at: now,
        },
        trx,
      );
    });
    const name = plans.get(target.planId)?.name ?? target.planId;
    const message =
      result.preview.kind === 'scheduled'
        ? `Your plan changes to ${name} on ${iso(result.preview.effectiveAt).slice(0, 10)}`
        : result.preview.kind === 'keep'
          ? `You stay on the ${name} plan`
          : `You are now on the ${name} plan`;
    return {
      message,
      subscription: toView(result.subscription, plans),
      preview: toPreview(result.preview),
    };
  }

  async cancel(userId: number) {
    return this.simple(userId, 'subscription_cancel', cancelAtPeriodEnd);
  }

  async resume(userId: number) {
    return this.simple(userId, 'subscription_resume', resume);
  }

  private async simple(
    userId: number,
    action: 'subscription_cancel' | 'subscription_resume',
    step: (s: Subscription) => Result<{ subscription: Subscription }>,
  ) {
    const plans = await this.book();
    const now = this.clock();
    const { subscription, version } = await this.current(userId);
    const result = step(subscription);
    if (!result.ok) throw new HttpError(409, result.error);
    if (!(await this.repo.update(userId, version, result.subscription, now))) {
      throw new HttpError(409, 'The subscription changed meanwhile. Please try again.');
    }
    await this.activity.record({ userId, action, details: `${subscription.planId} plan`, at: now });
    return toView(result.subscription, plans);
  }

  /**
   * An administrator sets the plan: no charge now, none at renewal while it stays as assigned
   * (complimentary), and a record of who, when and what it would have cost.
   */
  async override(adminId: number, userId: number, planId: string) {
    await this.db.transaction().execute((trx) => this.overrideIn(trx, adminId, userId, planId));
  }

  /** `override` inside the caller's transaction (a bulk change is one transaction). */
  async overrideIn(trx: Kysely<Database>, adminId: number, userId: number, planId: string) {
    const plans = await this.book(trx);
    const now = this.clock();
    const { subscription, version } = await this.current(userId, trx);
    const result = overridePlan(subscription, plans, planId, now);
    if (!result.ok) throw new HttpError(404, result.error);
    if (!(await this.repo.update(userId, version, result.subscription, now, trx))) {
      throw new HttpError(409, 'The subscription changed meanwhile. Please try again.');
    }
    await this.repo.recordOverride(
      { userId, planId, adminId, proRatedAmount: result.wouldHaveCharged, at: now },
      trx,
    );
    await this.activity.record(
      {
        userId: adminId,
        action: 'plan_override',
        details: `user ${userId}: ${subscription.planId} -> ${planId}${result.subscription.complimentary ? ', complimentary' : ''} (would have charged ${result.wouldHaveCharged})`,
        at: now,
      },
      trx,
    );
  }

  /** Whether an administrator last set the user's plan, when, and what it would have cost. */
  async overrideInfo(userId: number): Promise<OverrideInfo> {
    const last = await this.repo.lastOverride(userId);
    return {
      overriddenByAdmin: last !== undefined,
      overrideDate: last ? iso(last.created_at) : null,
      proRatedAmount: last ? last.pro_rated_amount : null,
    };
  }

  /** What decides the user's features besides the catalogue: their plan and own overrides. */
  async entitlementOf(userId: number): Promise<{ planId: string; overrides: Override[] }> {
    const { subscription } = await this.current(userId);
    const overrides = await this.repo.overrides(userId);
    return {
      planId: subscription.planId,
      overrides: overrides.map((o) => ({ ...o, featureId: String(o.featureId) })),
    };
  }

  async featureIdsFor(userId: number): Promise<number[]> {
    const entitlement = await this.entitlementOf(userId);
    const [features, assignments] = await Promise.all([
      this.repo.features(),
      this.repo.assignments(),
    ]);
    return availableFeatureIds(
      features.map((f) => String(f.id)),
      {
        ...entitlement,
        assignments: assignments.map((a) => ({ ...a, featureId: String(a.featureId) })),
      },
    ).map(Number);
  }

  async billingHistory(userId: number): Promise<BillingItem[]> {
    const rows = await this.repo.invoices(userId);
    return rows.map((r) => ({
      id: r.id,
      created: iso(r.created_at),
      description: r.description,
      amount: r.amount,
      status: r.status,
    }));
  }

  /**
   * Renews every subscription whose period has ended. Each one is first claimed with a
   * conditional update, so several workers (or servers) never renew the same one; invoices
   * carry a per-period key as a second guard. Answers how many were renewed.
   */
  async renewDue(limit = 100): Promise<number> {
    const now = this.clock();
    const plans = await this.book();
    let renewed = 0;
    for (const userId of await this.repo.dueForRenewal(now, limit)) {
      if (!(await this.repo.claimForRenewal(userId, now, CLAIM_MS))) continue;
      const row = await this.repo.find(userId);
      if (!row) continue;
      const before = toSubscription(row);
      const result = renew(before, plans, FREE_PLAN_ID, now);
      await this.db.transaction().execute(async (trx) => {
        for (const invoice of result.invoices) {
          await this.repo.addInvoice(
            {
              userId,
              ...invoice,
              dedupeKey: `renewal:${userId}:${invoice.periodStart}`,
              createdAt: now,
            },
            trx,
          );
        }
        await this.repo.update(userId, row.version, result.subscription, now, trx);
        await this.activity.record(
          {
            userId,
            action: 'renewal',
            details: result.ended
              ? `${before.planId} ended; now on ${result.subscription.planId}`
              : `${result.subscription.planId} renewed (${result.subscription.complimentary ? 'complimentary, ' : ''}${result.invoices.length} invoice(s))`,
            at: now,
          },
          trx,
        );
      });
      renewed += 1;
    }
    return renewed;
  }
}

function withInterval(s: Subscription, target: { planId: string; interval?: Interval }) {
  return { planId: target.planId, interval: target.interval ?? s.interval };
}

function toView(s: Subscription, plans: PlanBook): CurrentSubscription {
  const next = upcomingCharge(s, plans, FREE_PLAN_ID);
  return {
    planId: s.planId,
    planName: plans.get(s.planId)?.name ?? s.planId,
    interval: s.interval,
    status: s.status,
    currentPeriodStart: iso(s.currentPeriodStart),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    trialEnd: s.trialEnd === null ? null : iso(s.trialEnd),
    scheduledChange: s.scheduledChange,
    creditBalance: s.creditBalance,
    complimentary: s.complimentary,
    nextCharge: next && { at: iso(next.at), amount: next.amount },
  };
}

function toPreview(p: import('@omega/domain').ChangePreview): ChangePreview {
  return {
    kind: p.kind,
    lines: p.lines,
    chargedNow: p.chargedNow,
    creditAfter: p.creditAfter,
    effectiveAt: iso(p.effectiveAt),
    nextRenewalAt: iso(p.nextRenewalAt),
    nextRenewalAmount: p.nextRenewalAmount,
  };
}
