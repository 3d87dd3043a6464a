// The subscription service: loads state, runs the pure domain functions, and writes the
// result with optimistic concurrency, so two requests (or two servers) never interleave a
// read-modify-write of one subscription. A write made for a request takes the request's id last
// (`requestId`, for its activity row, decision 020); the renewal job has none.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type BillingItem,
  type BulkOverridePreview,
  type ChangePreview,
  type CurrentSubscription,
  INVOICE_STATUSES,
  type InvoiceStatus,
  type OverrideInfo,
} from '@omega/contracts';
import {
  availableFeatureIds,
  type BulkOverridePlan,
  cancelAtPeriodEnd,
  changePlan,
  FREE_PLAN_ID,
  graceEnd,
  type Interval,
  intervalFor,
  nextDunningStep,
  type Override,
  offersTrial,
  overridePlan,
  type PlanBook,
  planBook,
  planBulkOverride,
  priceFor,
  type Result,
  type RevenueMove,
  renew,
  resume,
  revenueMove,
  type Subscription,
  startSubscription,
  upcomingCharge,
} from '@omega/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { retryOnContention } from '../lib/contention.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import { unavailable } from '../lib/unavailable.js';
import {
  type ActivityEntry,
  type ActivityRepository,
  activityRow,
} from '../repositories/activity.js';
import type { PaymentsRepository } from '../repositories/payments.js';
import {
  type NewInvoice,
  revenueRows,
  type SubscriptionsRepository,
  toSubscription,
} from '../repositories/subscriptions.js';
import { chargeSafely, paymentRequired } from './payments/charges.js';
import type { PaymentProvider } from './payments/provider.js';

/** How the invoice of a charge whose change was not applied says so: its money became credit. */
const NOT_APPLIED = ' (not applied: added to your credit)';

/** A payment the user confirmed after an authentication step, as the provider reports it. */
export interface ConfirmedCharge {
  idempotencyKey: string;
  ref: string;
  amountCents: number;
}

/**
 * Subscriptions a renewal transaction claims and renews together: bounded, so a batch holds the
 * SQLite writer, or its rows on PostgreSQL, for tens of milliseconds (decision 036 measures it).
 */
const RENEWAL_BATCH = 100;

/** How long a subscription whose renewal failed is left aside before it is tried again. */
export const RENEWAL_RETRY_MS = 10 * 60_000;

/** Lets the event loop answer what waits (requests) before the next batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const iso = (ms: number) => new Date(ms).toISOString();

const CHANGED_MEANWHILE = 'The subscription changed meanwhile. Please try again.';
const CHARGE_UNSETTLED =
  'A payment for this subscription is being settled right now. Try again in a minute.';

/** Declined tries of one plan change (each under its own key) before it is refused outright. */
const MAX_CHANGE_ATTEMPTS = 20;

/** Rolls `writeChange`'s transaction back: the subscription changed since it was read. */
class NotWritten extends Error {}

export class SubscriptionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: SubscriptionsRepository,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
    /** Keys the bulk dry run's token (the server's secret): only this server can make one. */
    private readonly tokenKey: string,
    /** Where a renewal that fails is reported. */
    private readonly log: FastifyBaseLogger,
    private readonly payments: PaymentsRepository,
    /** Charges upgrades (decision 038); renewals are charged by the billing service. */
    private readonly provider: PaymentProvider,
  ) {}

  /**
   * The plans, read once: only migrations write them, and those run before the server listens.
   * The first read is made on `db` (inside a caller's transaction, SQLite's one connection is
   * the transaction's); a read that fails is not kept.
   */
  async book(db: Kysely<Database> = this.db): Promise<PlanBook> {
    if (!this.plansRead) {
      this.plansRead = this.repo.plans(db).then(planBook);
      this.plansRead.catch(() => {
        this.plansRead = null;
      });
    }
    return this.plansRead;
  }

  private plansRead: Promise<PlanBook> | null = null;

  /** PostgreSQL: a change's writes go as one statement (decision 040); SQLite: a transaction. */
  private get oneStatement(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Writes `after` over the subscription read at `version`, its revenue move, an invoice and
   * activity entries, all or none; false when the subscription changed since it was read
   * (nothing is written). On PostgreSQL one statement, elsewhere one transaction.
   */
  private async writeChange(change: {
    userId: number;
    version: number;
    before: Subscription;
    after: Subscription;
    plans: PlanBook;
    now: number;
    invoice?: NewInvoice;
    activity: ActivityEntry[];
  }): Promise<boolean> {
    const { userId, version, before, after, plans, now, invoice, activity } = change;
    if (this.oneStatement && activity.length === 1 && activity[0]) {
      const move = revenueMove(before, after, plans);
      const written = await this.repo.writeChange({
        userId,
        version,
        subscription: after,
        at: now,
        activity: activityRow(activity[0]),
        revenue: move ? revenueRows(move, now, userId) : [],
        invoice: invoice ?? null,
      });
      if (written) this.activity.recorded(activity);
      return written;
    }
    try {
      await inTransaction(this.db, async (trx) => {
        if (!(await this.write(userId, version, before, after, plans, now, trx))) {
          throw new NotWritten();
        }
        if (invoice) await this.repo.addInvoice(invoice, trx);
        await this.activity.recordMany(activity, trx);
      });
      return true;
    } catch (err) {
      if (err instanceof NotWritten) return false;
      throw err;
    }
  }

  /**
   * Writes the new state if nobody wrote since `version` was read, and books its revenue move
   * (decision 025) in the same transaction; answers whether it wrote. Every subscription write
   * goes through here, so the revenue chart never misses a change. A bulk change passes
   * `deferred` to collect the moves and book them together after its last subscription.
   */
  private async write(
    userId: number,
    version: number,
    before: Subscription,
    after: Subscription,
    plans: PlanBook,
    now: number,
    trx: Kysely<Database>,
    deferred?: RevenueMove[],
  ): Promise<boolean> {
    if (!(await this.repo.update(userId, version, after, now, trx))) return false;
    const move = revenueMove(before, after, plans);
    if (move && deferred) deferred.push(move);
    else if (move) await this.repo.bookRevenue(move, now, userId, trx);
    return true;
  }

  /**
   * `write` for a batch (the renewal job's), in one statement: every subscription written, each
   * still at the version read, with their revenue moves booked together, or answers false (the
   * caller throws, and its transaction leaves none written).
   */
  private async writeMany(
    changes: ReadonlyArray<{
      userId: number;
      version: number;
      before: Subscription;
      after: Subscription;
    }>,
    plans: PlanBook,
    now: number,
    trx: Kysely<Database>,
  ): Promise<boolean> {
    const written = await this.repo.updateMany(
      changes.map((c) => ({ userId: c.userId, version: c.version, subscription: c.after })),
      now,
      trx,
    );
    if (written !== changes.length) return false;
    const moves = changes.flatMap((c) => revenueMove(c.before, c.after, plans) ?? []);
    const [first] = changes;
    if (first && moves.length > 0) await this.repo.bookRevenue(moves, now, first.userId, trx);
    return true;
  }

  /**
   * The key to charge this change under: its own, unless a charge under it was declined (or its
   * authentication refused) — that key is spent, and trying the change again, with another card
   * or the same one, is a new charge under the next (`…:try1`, `…:try2`). A key whose charge
   * succeeded, waits for authentication, or is not known is used as it is: the provider answers
   * it with the first charge, never a second.
   */
  private async unspentKey(changeKey: string): Promise<string> {
    for (let attempt = 0; attempt < MAX_CHANGE_ATTEMPTS; attempt++) {
      const key = attempt === 0 ? changeKey : `${changeKey}:try${attempt}`;
      const found = await this.provider.retrieveCharge({ idempotencyKey: key });
      if (found?.status !== 'declined') return key;
    }
    throw new HttpError(
      409,
      'This change was declined too many times: choose the plan again later or contact support',
    );
  }

  /**
   * An upgrade whose charge went through: the change, its paid invoice and its entry in one
   * transaction. When another request changed the subscription meanwhile, the invoice is still
   * written (the money was taken) and the amount becomes credit. Answers 'applied'; 'credited'
   * when this request's money became credit; 'overtaken' when its charge was another request's
   * too (a copy of the same change: the provider answered it with the same charge), which that
   * request wrote.
   */
  private async writeCharged(change: {
    userId: number;
    version: number;
    before: Subscription;
    after: Subscription;
    plans: PlanBook;
    now: number;
    invoice: Omit<NewInvoice, 'userId' | 'dedupeKey' | 'createdAt' | 'charge'> | null;
    amount: number;
    providerRef: string;
    chargeKey: string;
    entry: ActivityEntry;
  }): Promise<'applied' | 'credited' | 'overtaken'> {
    const { userId, version, before, after, plans, now, invoice, amount, providerRef } = change;
    // The money is taken: a deadlock with another change of the same subscription (several
    // plans chosen at once, each charged) must not leave it unwritten. PostgreSQL rolled the
    // transaction back whole, so it is run again.
    return retryOnContention(() =>
      inTransaction(this.db, async (trx): Promise<'applied' | 'credited' | 'overtaken'> => {
        const written = await this.write(userId, version, before, after, plans, now, trx);
        // The charge's invoice, once per charge: keyed by the charge's own key, which requests
        // repeating one change share, and two different changes (Pro and Enterprise at once)
        // do not — each one's money is in an invoice.
        let invoiced = false;
        if (invoice) {
          invoiced = await this.repo.addInvoice(
            {
              userId,
              ...invoice,
              amount,
              description: written ? invoice.description : `${invoice.description}${NOT_APPLIED}`,
              dedupeKey: change.chargeKey,
              createdAt: now,
              charge: { status: 'paid', providerRef },
            },
            trx,
          );
        }
        if (!written) {
          // Money taken for a change another request overtook: kept as credit, not lost — once,
          // by the request that wrote its invoice.
          if (!invoiced) return 'overtaken';
          await this.repo.addCredit(userId, amount, now, trx);
          return 'credited';
        }
        await this.activity.record(change.entry, trx);
        return 'applied';
      }),
    );
  }

  /**
   * A payment the user confirmed (an authentication step) for a change the subscription no
   * longer allows — another tab cancelled or changed plan meanwhile: the money was taken, so it
   * is kept as credit with its paid invoice, once per charge. Answers whether this call kept it.
   */
  private creditConfirmed(
    userId: number,
    charge: ConfirmedCharge,
    subscription: Subscription,
    description: string,
  ): Promise<boolean> {
    return inTransaction(this.db, (trx) =>
      this.keepAsCredit(userId, charge, `${description}${NOT_APPLIED}`, subscription, trx),
    );
  }

  /**
   * What became of a plan change's charge, written by whichever request or webhook came first:
   * 'applied' (the change was made with it), 'credited' (another change overtook it), or null
   * (not written yet).
   */
  async chargeWritten(key: string): Promise<'applied' | 'credited' | null> {
    const description = await this.repo.invoiceDescription(key);
    if (description === undefined) return null;
    return description.endsWith(NOT_APPLIED) ? 'credited' : 'applied';
  }

  /**
   * Money taken for nothing the user still owes (a payment that arrived after its invoice was
   * settled otherwise): kept as credit with a paid invoice that says so, once per charge (its
   * idempotency key). Answers whether this call kept it; in the caller's transaction.
   */
  async keepAsCredit(
    userId: number,
    charge: ConfirmedCharge,
    description: string,
    subscription: Subscription | null,
    db: Kysely<Database>,
  ): Promise<boolean> {
    const now = this.clock();
    const period = subscription ?? (await this.current(userId, db)).subscription;
    const invoiced = await this.repo.addInvoice(
      {
        userId,
        description,
        amount: charge.amountCents,
        periodStart: period.currentPeriodStart,
        periodEnd: period.currentPeriodEnd,
        dedupeKey: charge.idempotencyKey,
        createdAt: now,
        charge: { status: 'paid', providerRef: charge.ref },
      },
      db,
    );
    if (invoiced) await this.repo.addCredit(userId, charge.amountCents, now, db);
    return invoiced;
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

  /** `current`, with the user's saved card (its provider and reference), read in one query. */
  private async currentWithCard(userId: number) {
    let found = await this.repo.findWithCard(userId);
    if (!found) {
      // The first visit: `current` starts the user on the free plan.
      await this.current(userId);
      found = await this.repo.findWithCard(userId);
      if (!found) throw new Error(`Subscription of user ${userId} vanished`);
    }
    return {
      subscription: toSubscription(found.row),
      version: found.row.version,
      card: found.card,
    };
  }

  async view(userId: number): Promise<CurrentSubscription> {
    const { subscription: s } = await this.current(userId);
    const plans = await this.book();
    return this.withPastDue(userId, toView(s, plans));
  }

  /** The view, with what a past-due subscription owes (read only when it is past due). */
  async withPastDue(userId: number, view: CurrentSubscription): Promise<CurrentSubscription> {
    if (view.status !== 'past_due') return { ...view, pastDue: null };
    const [invoice] = await this.payments.unpaidInvoices(userId);
    if (!invoice) return { ...view, pastDue: null };
    const firstFailedAt = invoice.first_failed_at ?? invoice.created_at;
    const step = nextDunningStep(firstFailedAt, this.clock());
    return {
      ...view,
      pastDue: {
        invoiceId: invoice.id,
        amountDue: invoice.amount,
        attempts: invoice.attempts,
        failureMessage: invoice.failure_message,
        nextRetryAt: step.kind === 'retry' ? iso(step.at) : null,
        graceEndsAt: iso(graceEnd(firstFailedAt)),
      },
    };
  }

  async preview(
    userId: number,
    target: { planId: string; interval?: Interval },
  ): Promise<ChangePreview> {
    const { subscription } = await this.current(userId);
    const plans = await this.book();
    const result = changePlan(
      subscription,
      plans,
      withInterval(subscription, target, plans),
      this.clock(),
    );
    if (!result.ok) throw new HttpError(409, result.error);
    return toPreview(result.preview);
  }

  /**
   * Changes the user's plan. A paid plan (its trial included) needs a saved card. An upgrade's
   * pro-rated amount is charged before anything is written, with a key naming this change of
   * this version of the subscription: declined, nothing changes (402); asked again after a lost
   * answer, or after the user confirmed an authentication (`confirmedKey`, which must still
   * name this change), the provider answers the first charge and charges nothing more.
   */
  async change(
    userId: number,
    target: { planId: string; interval?: Interval },
    requestId: string | null,
    confirmed?: ConfirmedCharge,
  ) {
    const plans = await this.book();
    const now = this.clock();
    const { subscription, version, card } = await this.currentWithCard(userId);
    const wanted = withInterval(subscription, target, plans);
    const changeKey = `change:${userId}:${version}:${wanted.planId}:${wanted.interval}`;
    const confirmedKey = confirmed?.idempotencyKey;
    if (
      confirmed !== undefined &&
      confirmed.idempotencyKey !== changeKey &&
      !confirmed.idempotencyKey.startsWith(`${changeKey}:try`)
    ) {
      // Checked before the change itself: whatever the subscription allows now, the money the
      // user confirmed for what it allowed then was taken.
      const name = plans.get(wanted.planId)?.name ?? wanted.planId;
      const kept = await this.creditConfirmed(
        userId,
        confirmed,
        subscription,
        `Upgrade to ${name}`,
      );
      throw new HttpError(
        409,
        kept
          ? 'Your subscription changed since this payment was asked for: the amount charged was added to your credit. Choose the plan again'
          : 'Your subscription changed since this payment was asked for: choose the plan again',
      );
    }
    const result = changePlan(subscription, plans, wanted, now);
    if (!result.ok) throw new HttpError(409, result.error);
    const toPlan = plans.get(wanted.planId);
    const paidPlan = toPlan !== undefined && (priceFor(toPlan, wanted.interval) ?? 0) > 0;
    const charged = result.invoice !== null && result.invoice.amount > 0;
    let providerRef: string | null = null;
    let chargeKey = changeKey;
    let amount = result.invoice?.amount ?? 0;
    if (paidPlan && result.preview.kind !== 'keep') {
      // Needed only for a paid plan: a downgrade to Free or a cancellation asks nothing more.
      if (!card || card.provider !== this.provider.name) {
        throw paymentRequired('no_payment_method', 'Add a payment method to start a paid plan');
      }
      if (charged && result.invoice) {
        chargeKey = confirmedKey ?? (await this.unspentKey(changeKey));
        const outcome = await chargeSafely(this.provider, {
          amountCents: result.invoice.amount,
          currency: 'usd',
          idempotencyKey: chargeKey,
          userId,
          customerRef: await this.payments.customer(userId, this.provider.name),
          paymentMethodRef: card.providerRef,
          invoiceId: null,
          description: result.invoice.description,
          offSession: false,
        });
        if (outcome.status === 'unknown') {
          this.log.warn(
            { userId, key: changeKey, reason: outcome.reason, source: 'payments' },
            'upgrade charge: no answer',
          );
          throw new HttpError(
            503,
            'The payment provider did not answer. Nothing was changed: try again (you will not be charged twice)',
            { 'retry-after': '5' },
          );
        }
        if (outcome.status === 'declined') throw paymentRequired(outcome.code, outcome.message);
        if (outcome.status === 'requires_action') {
          throw paymentRequired(
            'authentication_required',
            'Your bank asks you to confirm this payment',
            {
              paymentId: outcome.ref,
              clientSecret: outcome.clientSecret,
              amount: outcome.amountCents,
            },
          );
        }
        providerRef = outcome.ref;
        // What was charged for this key (the first charge's amount, if this one repeats it).
        amount = outcome.amountCents;
      }
    }
    const entry: ActivityEntry = {
      userId,
      action: 'plan_change',
      details: `${subscription.planId}/${subscription.interval} -> ${result.subscription.planId}/${wanted.interval} (${result.preview.kind}, charged ${providerRef !== null ? amount : 0})`,
      at: now,
      requestId,
    };
    // Nothing charged: the change, its invoice (if any) and its entry, all or none — one
    // statement on PostgreSQL (decision 040). Charged: the invoice is kept even when another
    // request overtook the change, and the money becomes credit.
    const outcome =
      providerRef === null
        ? await this.writeChange({
            userId,
            version,
            before: subscription,
            after: result.subscription,
            plans,
            now,
            ...(result.invoice
              ? {
                  invoice: {
                    userId,
                    ...result.invoice,
                    amount,
                    dedupeKey: `change:${userId}:${version}`,
                    createdAt: now,
                    charge: { status: 'open' as const, dueAt: now },
                  },
                }
              : {}),
            activity: [entry],
          })
        : await this.writeCharged({
            userId,
            version,
            before: subscription,
            after: result.subscription,
            plans,
            now,
            invoice: result.invoice,
            amount,
            providerRef,
            chargeKey,
            entry,
          });
    // This very charge written first by another handler of it (its webhook, a copy of the
    // request): the change was made, and paid once.
    if (outcome === 'overtaken' && (await this.chargeWritten(chargeKey)) === 'applied') {
      return {
        message: `You are now on the ${plans.get(target.planId)?.name ?? target.planId} plan`,
        subscription: await this.view(userId),
        preview: toPreview(result.preview),
      };
    }
    // writeChange answers whether it applied; nothing was charged when it did not.
    if (outcome !== true && outcome !== 'applied') {
      throw new HttpError(
        409,
        outcome === 'credited'
          ? 'The subscription changed meanwhile: the amount charged was added to your credit. Please try again.'
          : 'The subscription changed meanwhile. Please try again.',
      );
    }
    const name = plans.get(target.planId)?.name ?? target.planId;
    const message =
      result.preview.kind === 'scheduled'
        ? `Your plan changes to ${name} on ${iso(result.preview.effectiveAt).slice(0, 10)}`
        : result.preview.kind === 'keep'
          ? `You stay on the ${name} plan`
          : `You are now on the ${name} plan`;
    return {
      message,
      subscription: await this.withPastDue(userId, toView(result.subscription, plans)),
      preview: toPreview(result.preview),
    };
  }

  /**
   * Cancels at the period end; a past-due subscription ends now instead (its period was never
   * paid), with what it owed voided, so no retry charges the user for a period they declined.
   */
  async cancel(userId: number, requestId: string | null) {
    const { subscription } = await this.current(userId);
    if (subscription.status === 'past_due') {
      const ended = await this.cancelUnpaid(userId, requestId);
      if (ended) return ended;
      // Paid meanwhile: an ordinary cancellation.
    }
    return this.simple(userId, 'subscription_cancel', cancelAtPeriodEnd, requestId);
  }

  /** Ends a past-due subscription now and voids its unpaid invoice; null when it is not past due. */
  private async cancelUnpaid(userId: number, requestId: string | null) {
    const plans = await this.book();
    const now = this.clock();
    const outcome = await inTransaction(this.db, async (trx) => {
      if (await this.payments.hasChargeUnsettled(userId, trx)) return 'settling' as const;
      const left = await this.endUnpaid(userId, trx);
      if (left === null) return null;
      await this.payments.voidUnpaid(userId, trx);
      await this.activity.record(
        {
          userId,
          action: 'subscription_cancel',
          details: `${left} plan, past due: ended now, its unpaid invoice voided`,
          at: now,
          requestId,
        },
        trx,
      );
      return 'ended' as const;
    });
    if (outcome === 'settling') throw new HttpError(409, CHARGE_UNSETTLED);
    if (outcome === null) return null;
    const { subscription } = await this.current(userId);
    return this.withPastDue(userId, toView(subscription, plans));
  }

  async resume(userId: number, requestId: string | null) {
    return this.simple(userId, 'subscription_resume', resume, requestId);
  }

  private async simple(
    userId: number,
    action: 'subscription_cancel' | 'subscription_resume',
    step: (s: Subscription) => Result<{ subscription: Subscription }>,
    requestId: string | null,
  ) {
    const plans = await this.book();
    const now = this.clock();
    const { subscription, version } = await this.current(userId);
    const result = step(subscription);
    if (!result.ok) throw new HttpError(409, result.error);
    const written = await this.writeChange({
      userId,
      version,
      before: subscription,
      after: result.subscription,
      plans,
      now,
      activity: [{ userId, action, details: `${subscription.planId} plan`, at: now, requestId }],
    });
    if (!written) throw new HttpError(409, CHANGED_MEANWHILE);
    return this.withPastDue(userId, toView(result.subscription, plans));
  }

  /**
   * An administrator sets the plan: no charge now, none at renewal while it stays as assigned
   * (complimentary), and a record of who, when and what it would have cost.
   */
  async override(adminId: number, userId: number, planId: string, requestId: string | null) {
    await inTransaction(this.db, (trx) => this.overrideIn(trx, adminId, userId, planId, requestId));
  }

  /**
   * The user's subscription row, locked for `trx` on PostgreSQL (SQLite's write transaction is
   * the lock). A user with none yet is started on Free first, or there would be nothing to lock:
   * changes that waited on the insert then read the same version, and all but one failed.
   */
  private async lockedRow(userId: number, plans: PlanBook, now: number, trx: Kysely<Database>) {
    const row = await this.repo.findLocked(userId, trx);
    if (row) return { row, existed: true };
    const free = plans.get(FREE_PLAN_ID);
    if (!free) throw new Error('The free plan is missing from the plans table');
    await this.repo.insert(userId, startSubscription(free, 'month', now), now, trx);
    const started = await this.repo.findLocked(userId, trx);
    if (!started) throw new Error(`Subscription of user ${userId} vanished`);
    return { row: started, existed: false };
  }

  /** `override` inside the caller's transaction (a bulk change is one transaction). */
  async overrideIn(
    trx: Kysely<Database>,
    adminId: number,
    userId: number,
    planId: string,
    requestId: string | null,
  ) {
    const plans = await this.book(trx);
    const now = this.clock();
    // Locked as it is read: another override or a bulk change meanwhile makes this wait, not
    // fail with 409.
    const { row } = await this.lockedRow(userId, plans, now, trx);
    const subscription = toSubscription(row);
    const version = row.version;
    const result = overridePlan(subscription, plans, planId, now);
    if (!result.ok) throw new HttpError(404, result.error);
    if (!(await this.write(userId, version, subscription, result.subscription, plans, now, trx))) {
      throw new HttpError(409, 'The subscription changed meanwhile. Please try again.');
    }
    // The administrator's plan replaces the unpaid one: what it owed is not collected. Not while
    // a charge for it is unsettled: the provider may have taken it, and a void invoice would
    // leave that charge with nothing to show for it.
    if (subscription.status === 'past_due') {
      if (await this.payments.hasChargeUnsettled(userId, trx)) {
        throw new HttpError(409, CHARGE_UNSETTLED);
      }
      await this.payments.voidUnpaid(userId, trx);
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
        requestId,
      },
      trx,
    );
  }

  /**
   * The dry run of putting `userIds` (existing accounts: the caller checks) on `planId`: the
   * same domain function as `bulkOverrideIn`, on the same state, with nothing written (a user
   * without a subscription yet is shown on the Free plan the apply would start them on).
   */
  async previewBulkOverride(
    adminId: number,
    userIds: readonly number[],
    planId: string,
  ): Promise<BulkOverridePreview> {
    const now = this.clock();
    const plans = await this.book();
    const subscribers = await this.repo.subscribersByIds(userIds);
    const free = plans.get(FREE_PLAN_ID);
    if (!free) throw new Error('The free plan is missing from the plans table');
    const result = planBulkOverride(
      subscribers.map((s) => ({
        userId: s.id,
        subscription: s.subscription
          ? toSubscription(s.subscription)
          : startSubscription(free, 'month', now),
      })),
      plans,
      planId,
      now,
    );
    if (!result.ok) throw new HttpError(404, result.error);
    const names = new Map(subscribers.map((s) => [s.id, s.username]));
    return toBulkPreview(
      result.plan,
      plans,
      names,
      bulkToken(this.tokenKey, adminId, planId, subscribers),
    );
  }

  /**
   * Puts every user named (existing accounts: the caller checks) on `planId` inside the caller's
   * transaction, all or nothing: each subscription locked and written, each user's override on
   * record, and ONE activity entry for the administrator listing every user. With
   * `previewToken`, any user whose subscription changed since that dry run refuses the whole
   * change.
   *
   * Rows are locked in one order whatever order the users were named in: each user's
   * subscription by ascending user id, then the day's revenue rows by plan, once. Two changes
   * over overlapping users then wait for each other; in the order given, they deadlocked on
   * PostgreSQL (issue 35).
   */
  async bulkOverrideIn(
    trx: Kysely<Database>,
    adminId: number,
    userIds: readonly number[],
    planId: string,
    previewToken: string | undefined,
    requestId: string | null,
  ): Promise<BulkOverridePlan> {
    const plans = await this.book(trx);
    const now = this.clock();
    const ids = [...new Set(userIds)].sort((a, b) => a - b);
    /** What the dry run's token names: each user's version as found, or none yet. */
    const found: Array<{ id: number; subscription: { version: number } | null }> = [];
    const current = [];
    for (const userId of ids) {
      const { row, existed } = await this.lockedRow(userId, plans, now, trx);
      found.push({ id: userId, subscription: existed ? { version: row.version } : null });
      current.push({ userId, subscription: toSubscription(row), version: row.version });
    }
    if (
      previewToken !== undefined &&
      !sameToken(bulkToken(this.tokenKey, adminId, planId, found), previewToken)
    ) {
      throw new HttpError(
        409,
        'Some of these subscriptions changed since the dry run: review the change again. No plan was changed.',
      );
    }
    const result = planBulkOverride(current, plans, planId, now);
    if (!result.ok) throw new HttpError(404, result.error);
    const moves: RevenueMove[] = [];
    for (const [i, line] of result.plan.lines.entries()) {
      const before = current[i];
      if (!before) throw new Error(`Bulk plan line ${i} has no subscription read`);
      if (
        !(await this.write(
          line.userId,
          before.version,
          before.subscription,
          line.after,
          plans,
          now,
          trx,
          moves,
        ))
      ) {
        throw new HttpError(
          409,
          `The subscription of user ${line.userId} changed meanwhile. No plan was changed.`,
        );
      }
      await this.repo.recordOverride(
        {
          userId: line.userId,
          planId,
          adminId,
          proRatedAmount: line.wouldHaveCharged,
          at: now,
        },
        trx,
      );
    }
    if (moves.length > 0) await this.repo.bookRevenue(moves, now, adminId, trx);
    const { totals, lines } = result.plan;
    await this.activity.record(
      {
        userId: adminId,
        action: 'plan_bulk_override',
        details: `${totals.users} user(s) -> ${planId}, charged ${totals.chargedNow}, credited ${totals.credited} (would have charged ${totals.wouldHaveCharged}): ${lines
          .map(
            (l) =>
              `user ${l.userId} ${l.fromPlanId} -> ${l.toPlanId}${l.complimentary ? ' complimentary' : ''} (would have charged ${l.wouldHaveCharged})`,
          )
          .join('; ')}`,
        at: now,
        requestId,
      },
      trx,
    );
    return result.plan;
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
    return toEntitlement(subscription.planId, await this.repo.overrides(userId, this.clock()));
  }

  /**
   * The plan and overrides a keypad wallet's flows follow: its owner's, read with the owner in
   * one query (every keypad transaction asks); a wallet with no owner, or none at all, is on the
   * Free plan. An owner without a subscription row yet is started on Free, as `current` does.
   */
  async entitlementOfWallet(phone: string): Promise<{ planId: string; overrides: Override[] }> {
    const found = await this.repo.walletEntitlement(phone, this.clock());
    if (!found || found.ownerId === null) return { planId: FREE_PLAN_ID, overrides: [] };
    if (found.planId === null) return this.entitlementOf(found.ownerId);
    return toEntitlement(found.planId, found.overrides);
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
      status: INVOICE_STATUSES.includes(r.status as InvoiceStatus)
        ? (r.status as InvoiceStatus)
        : 'open',
      attempts: r.attempts,
      failureMessage: r.failure_message,
      nextAttemptAt: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
    }));
  }

  /**
   * A past-due subscription whose grace period ended unpaid moves to the Free plan now, in the
   * caller's transaction (the billing service's, with its activity row and announcement).
   * Answers the plan it left, or null when it was no longer past due.
   */
  async endUnpaid(userId: number, trx: Kysely<Database>): Promise<string | null> {
    const plans = await this.book(trx);
    const now = this.clock();
    const row = await this.repo.findLocked(userId, trx);
    if (row?.status !== 'past_due') return null;
    const before = toSubscription(row);
    const free = plans.get(FREE_PLAN_ID);
    if (!free) throw new Error('The free plan is missing from the plans table');
    const after: Subscription = {
      ...startSubscription(free, 'month', now),
      hadTrial: before.hadTrial,
      creditBalance: before.creditBalance,
    };
    if (!(await this.write(userId, row.version, before, after, plans, now, trx))) {
      throw new Error(`Subscription of user ${userId} changed while locked`);
    }
    return before.planId;
  }

  /**
   * Renews every subscription due by the clock, a batch at a time until none is left (decision
   * 036): each batch is one transaction that claims its subscriptions (on PostgreSQL passing over
   * those another server holds) and writes their invoices, new periods, activity rows and
   * revenue together, so a crash leaves a subscription renewed or untouched, never half. Between
   * batches the event loop gets a turn, and `signal` (the server closing) stops the run. A
   * subscription whose renewal fails is set aside for RENEWAL_RETRY_MS and logged, and the rest
   * go on. `batchSize` is for measuring (bench/renewals-drain.ts). Answers how many were renewed.
   */
  async renewDue(options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<number> {
    const { signal, batchSize = RENEWAL_BATCH } = options;
    let renewed = 0;
    while (!signal?.aborted) {
      let claimed: number;
      try {
        claimed = await this.renewBatch(batchSize);
        renewed += claimed;
      } catch (err) {
        // The database cannot serve now: the next run tries again. Anything else may be one
        // subscription's fault, found by renewing the batch's subscriptions one at a time.
        if (unavailable(err)) throw err;
        const alone = await this.renewOneByOne(batchSize, err, signal);
        claimed = alone.claimed;
        renewed += alone.renewed;
      }
      if (claimed === 0) break;
      await nextTurn();
    }
    return renewed;
  }

  /**
   * One batch in one transaction: claims up to `limit` due subscriptions (or only `userId`'s)
   * and renews them. Answers how many it claimed, all renewed, or throws having written nothing.
   */
  private async renewBatch(limit: number, userId?: number): Promise<number> {
    const now = this.clock();
    return inTransaction(this.db, async (trx) => {
      const rows = await this.repo.claimDue(now, limit, trx, userId);
      if (rows.length === 0) return 0;
      const plans = await this.book(trx);
      const invoices: NewInvoice[] = [];
      const entries: ActivityEntry[] = [];
      const changes = rows.map((row) => {
        const before = toSubscription(row);
        const result = renew(before, plans, FREE_PLAN_ID, now);
        for (const invoice of result.invoices) {
          invoices.push({
            userId: row.user_id,
            ...invoice,
            dedupeKey: `renewal:${row.user_id}:${invoice.periodStart}`,
            createdAt: now,
            // Charged by the collector right after this batch commits (BillingService).
            charge: { status: 'open', dueAt: now },
          });
        }
        entries.push({
          userId: row.user_id,
          action: 'renewal',
          details: result.ended
            ? `${before.planId} ended; now on ${result.subscription.planId}`
            : `${result.subscription.planId} renewed (${result.subscription.complimentary ? 'complimentary, ' : ''}${result.invoices.length} invoice(s))`,
          at: now,
          // The job's own work: no request asked for it.
          requestId: null,
        });
        return { userId: row.user_id, version: row.version, before, after: result.subscription };
      });
      await this.repo.addInvoices(invoices, trx);
      await this.activity.recordMany(entries, trx);
      // The rows are claimed, so no version can have moved; checked all the same. Revenue rows
      // are locked last, in plan order, as a bulk change locks them.
      if (!(await this.writeMany(changes, plans, now, trx))) {
        throw new Error('A subscription claimed for renewal changed meanwhile');
      }
      return rows.length;
    });
  }

  /**
   * After a batch failed with `batchError`: the due subscriptions it could have held, each
   * renewed in its own transaction. One that fails again is logged and set aside, so it cannot
   * hold back the backlog behind it. When every one of several fails, the fault is likely not
   * theirs (a table, a constraint): they are set aside all the same and the batch's error ends
   * the run, so a broken database logs one batch of failures a run, not one per due subscription.
   */
  private async renewOneByOne(limit: number, batchError: unknown, signal?: AbortSignal) {
    const ids = await this.repo.dueForRenewal(this.clock(), limit);
    const failures: Array<{ userId: number; err: unknown }> = [];
    let renewed = 0;
    for (const userId of ids) {
      if (signal?.aborted) break;
      try {
        renewed += await this.renewBatch(1, userId);
      } catch (err) {
        if (unavailable(err)) throw err;
        failures.push({ userId, err });
      }
    }
    for (const { userId, err } of failures) {
      await this.repo.holdFromRenewal(userId, this.clock() + RENEWAL_RETRY_MS);
      this.log.error(
        { err, userId, source: 'renewals' },
        `renewal of user ${userId} failed; tried again in ${RENEWAL_RETRY_MS / 60_000} minutes`,
      );
    }
    if (failures.length > 1 && renewed === 0) throw batchError;
    return { claimed: ids.length, renewed };
  }
}

/** The change asked for, in the interval it names, else the one `intervalFor` takes the plan in. */
function withInterval(
  s: Subscription,
  target: { planId: string; interval?: Interval },
  plans: PlanBook,
) {
  const plan = plans.get(target.planId);
  const interval = target.interval ?? (plan ? intervalFor(plan, s.interval) : s.interval);
  return { planId: target.planId, interval };
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
    trialOffered: offersTrial(s, plans),
  };
}

/**
 * Names the state a bulk dry run saw: the plan and each user's subscription version (or none
 * yet), for the administrator who asked. The apply recomputes it to refuse a change whose users
 * changed in between. An HMAC with the server's key: a token cannot be made without the server,
 * nor carried from one administrator's dry run to another's apply.
 */
function bulkToken(
  key: string,
  adminId: number,
  planId: string,
  subscribers: ReadonlyArray<{ id: number; subscription: { version: number } | null }>,
): string {
  const state = subscribers.map((s) => `${s.id}:${s.subscription?.version ?? 'none'}`).join(',');
  return createHmac('sha256', key)
    .update(`bulk-plan-preview|${adminId}|${planId}|${state}`)
    .digest('base64url');
}

function sameToken(expected: string, offered: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(offered);
  return a.length === b.length && timingSafeEqual(a, b);
}

function toBulkPreview(
  plan: BulkOverridePlan,
  plans: PlanBook,
  usernames: ReadonlyMap<number, string>,
  token: string,
): BulkOverridePreview {
  return {
    planId: plan.planId,
    planName: plans.get(plan.planId)?.name ?? plan.planId,
    moves: plan.moves,
    users: plan.lines.map((l) => ({
      userId: l.userId,
      username: usernames.get(l.userId) ?? String(l.userId),
      fromPlanId: l.fromPlanId,
      toPlanId: l.toPlanId,
      chargedNow: l.chargedNow,
      credited: l.credited,
      wouldHaveCharged: l.wouldHaveCharged,
      complimentary: l.complimentary,
      nextCharge: l.nextCharge && { at: iso(l.nextCharge.at), amount: l.nextCharge.amount },
    })),
    totals: plan.totals,
    token,
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

/** A plan with the overrides in force, as the domain's entitlement rules take them. */
function toEntitlement(
  planId: string,
  overrides: ReadonlyArray<{ featureId: number; enabled: boolean }>,
): { planId: string; overrides: Override[] } {
  return { planId, overrides: overrides.map((o) => ({ ...o, featureId: String(o.featureId) })) };
}
