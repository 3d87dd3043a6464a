// Billing (issue 39, decision 038): the user's saved card, collecting invoices, dunning and
// paying a past-due invoice, and finishing a payment that asked for authentication. Invoices
// are charged outside any transaction: an attempt is claimed (its idempotency key stored) in
// one short transaction, the provider is called, and its outcome written in a second — so no
// lock is held across a network call, and a lost answer is asked about again with the same key.
import type { BillingConfig, PaymentMethod, SavePaymentMethodBody } from '@omega/contracts';
import { GRACE_DAYS, nextDunningStep } from '@omega/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, PaymentMethodRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { ActivityEntry, ActivityRepository } from '../repositories/activity.js';
import type { AnnouncementsRepository } from '../repositories/announcements.js';
import type { ClaimedInvoice, PaymentsRepository } from '../repositories/payments.js';
import { chargeSafely, paymentRequired } from './payments/charges.js';
import {
  type CardInput,
  type ChargeOutcome,
  DECLINE_MESSAGES,
  type FoundCharge,
  type PaymentProvider,
} from './payments/provider.js';
import type { SubscriptionService } from './subscriptions.js';

const DAY_MS = 86_400_000;
const GRACE_MS = GRACE_DAYS * DAY_MS;

/** Invoices one collector transaction claims and charges together (as renewals batch). */
const COLLECT_BATCH = 100;
/** Charges of one batch in flight at once. */
const CHARGE_CONCURRENCY = 10;
/**
 * How long a claim on an attempt lasts unless its instance renews it: past it, another instance
 * asks the provider again (with the same key). An instance renews the claims of its attempts
 * while they are at the provider, however slow it is, so only a dead instance's claims lapse:
 * its attempts are taken up a lease later, not minutes later.
 */
export const CHARGE_LEASE_MS = 30_000;
/** How often an instance renews the claims of its attempts at the provider. */
export const CHARGE_LEASE_RENEW_MS = 10_000;
/** How long an attempt whose answer was lost waits before it is asked about again. */
export const UNKNOWN_RETRY_MS = 60_000;
/** How long a payment waits for the user's authentication before renewals may ask again. */
const ACTION_WINDOW_MS = 30 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What an attempt's outcome did to its invoice. */
type Settled =
  /** `again`: this payment had been written before (its webhook, or its confirmation). */
  | { kind: 'paid'; restored: boolean; again?: true }
  | { kind: 'failed'; message: string; code: string }
  | { kind: 'awaiting-action'; ref: string; clientSecret: string | null; amount: number }
  | { kind: 'unknown' }
  /** The attempt was settled before (a webhook, or another instance): nothing written. */
  | { kind: 'stale' }
  /** Money taken after the invoice was settled otherwise (paid by another charge, voided). */
  | { kind: 'credited' };

export interface BillingDeps {
  db: Kysely<Database>;
  payments: PaymentsRepository;
  activity: ActivityRepository;
  announcements: AnnouncementsRepository;
  subscriptions: SubscriptionService;
  provider: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often claims in flight are renewed (CHARGE_LEASE_RENEW_MS; tests shorten it). */
  leaseRenewMs?: number;
}

export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  config(): BillingConfig {
    return { provider: this.deps.provider.name, publishableKey: this.deps.provider.publishableKey };
  }

  async paymentMethod(userId: number): Promise<PaymentMethod | null> {
    const row = await this.deps.payments.paymentMethod(userId);
    return row && row.provider === this.deps.provider.name ? toPaymentMethod(row) : null;
  }

  /** The provider's customer for the user, made and stored the first time. */
  private async customer(user: { id: number; username: string }): Promise<string | null> {
    const { payments, provider, clock } = this.deps;
    const known = await payments.customer(user.id, provider.name);
    if (known) return known;
    const made = await provider.createCustomer({
      userId: user.id,
      username: user.username,
      customerRef: null,
    });
    return made === null ? null : payments.saveCustomer(user.id, provider.name, made, clock());
  }

  async setupIntent(user: { id: number; username: string }): Promise<{ clientSecret: string }> {
    const { provider } = this.deps;
    if (!provider.createSetupIntent) {
      throw new HttpError(
        409,
        `The ${provider.name} payment provider takes the card directly: POST it to /api/billing/payment-method`,
      );
    }
    const customerRef = await this.customer(user);
    return provider.createSetupIntent({ userId: user.id, username: user.username, customerRef });
  }

  /**
   * Checks and saves the user's card (replacing the one before); only its brand, last 4,
   * expiry and the provider's reference are kept. The card number and CVC go no further than
   * the provider's check.
   */
  async savePaymentMethod(
    user: { id: number; username: string },
    body: SavePaymentMethodBody,
    requestId: string | null,
  ): Promise<PaymentMethod> {
    const { provider, payments, activity, clock, db } = this.deps;
    const input = cardInput(provider.name, body);
    const customerRef = await this.customer(user);
    const saved = await provider.savePaymentMethod(
      { userId: user.id, username: user.username, customerRef },
      input,
    );
    if (!saved.ok) {
      if (saved.status === 400) throw new HttpError(400, saved.message);
      throw paymentRequired(saved.code ?? 'card_declined', saved.message);
    }
    const { card } = saved;
    const at = clock();
    await inTransaction(db, async (trx) => {
      if (saved.customerRef) {
        await payments.saveCustomer(user.id, provider.name, saved.customerRef, at, trx);
      }
      await payments.savePaymentMethod(
        {
          user_id: user.id,
          provider: provider.name,
          provider_ref: card.providerRef,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
        },
        at,
        trx,
      );
      await activity.record(
        {
          userId: user.id,
          action: 'payment_method_saved',
          details: `${card.brand} ending ${card.last4}, expires ${card.expMonth}/${card.expYear}`,
          at,
          requestId,
        },
        trx,
      );
    });
    return { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
  }

  /**
   * Pays the unpaid invoices of the user's past-due subscription with the saved card, oldest
   * first: all paid, the subscription is active at once. Declined: 402, and the dunning
   * schedule goes on as it was.
   */
  async payNow(userId: number, requestId: string | null) {
    const { payments, subscriptions, clock, db } = this.deps;
    const view = await subscriptions.view(userId);
    if (view.status !== 'past_due') {
      throw new HttpError(409, 'There is nothing to pay: the subscription is not past due');
    }
    const card = await this.cardOf(userId);
    const unpaid = await payments.unpaidInvoices(userId);
    for (const invoice of unpaid) {
      const now = clock();
      const claimed =
        (await inTransaction(db, (trx) =>
          payments.claimOne(invoice.id, now, now + CHARGE_LEASE_MS, trx),
        )) ?? (await this.replaceAwaitingAttempt(invoice.id, now));
      if (!claimed) {
        throw new HttpError(409, 'A payment of this invoice is in progress: try again in a minute');
      }
      const customerRef = await payments.customer(userId, this.deps.provider.name);
      const outcome = await this.whileClaimed([claimed.id], () =>
        this.chargeInvoice(claimed, card, customerRef, false),
      );
      const settled = await this.settle(claimed, outcome, false, requestId);
      throwUnlessPaid(settled);
    }
    return {
      message: 'Payment received: your subscription is active',
      subscription: await subscriptions.view(userId),
    };
  }

  /**
   * The user pays again while an earlier Pay now waits for the bank's step (held for half an
   * hour): that attempt is given up and the invoice claimed with a new key, so the card saved
   * since is charged. The earlier payment, if the user finishes it too, is written by its invoice
   * (`settleLate`): as credit once this one paid. Undefined when the attempt in flight is
   * anything else (a charge whose answer is awaited).
   */
  private async replaceAwaitingAttempt(
    invoiceId: number,
    now: number,
  ): Promise<ClaimedInvoice | undefined> {
    const { db, payments, provider } = this.deps;
    const key = (await this.invoiceOf(invoiceId))?.charging_key;
    if (!key) return undefined;
    const found = await provider.retrieveCharge({ idempotencyKey: key });
    if (found?.status !== 'requires_action') return undefined;
    return inTransaction(db, async (trx) => {
      if (!(await payments.releaseAttempt(invoiceId, key, trx))) return undefined;
      return payments.claimOne(invoiceId, now, now + CHARGE_LEASE_MS, trx);
    });
  }

  /**
   * After the user answered an authentication step: reads the payment's outcome from the
   * provider and finishes what it was for — the plan change, or the invoice.
   */
  async confirm(
    user: { id: number },
    body: { paymentId: string; approve?: boolean },
    requestId: string | null,
  ) {
    // Whose payment it is, before anything is answered for it: another user's is the same 404
    // as none, and changes nothing (the demo provider's answer is a write).
    const known = await this.deps.provider.retrieveCharge({ ref: body.paymentId });
    if (known?.status === 'unknown') throw providerSilent();
    if (!known || !(await this.belongsTo(known.idempotencyKey, user.id))) {
      throw new HttpError(404, 'There is no such payment to confirm');
    }
    const found = await this.deps.provider.completeAction(body.paymentId, {
      approve: body.approve,
    });
    if (found?.status === 'unknown') throw providerSilent();
    const purpose = found ? purposeOf(found.idempotencyKey) : null;
    if (!found || !purpose) throw new HttpError(404, 'There is no such payment to confirm');
    if (purpose.kind === 'change') {
      if (purpose.userId !== user.id)
        throw new HttpError(404, 'There is no such payment to confirm');
      if (found.status === 'declined') throw paymentRequired(found.code, found.message);
      if (found.status === 'requires_action') {
        throw paymentRequired(
          'authentication_required',
          'The payment is still waiting for your confirmation',
          {
            paymentId: found.ref,
            clientSecret: found.clientSecret,
            amount: found.amountCents,
          },
        );
      }
      // Written already by its webhook (or a first confirmation): answered as made.
      const written = await this.deps.subscriptions.chargeWritten(found.idempotencyKey);
      if (written === 'applied') {
        const subscription = await this.deps.subscriptions.view(user.id);
        return { message: `You are now on the ${subscription.planName} plan`, subscription };
      }
      const done = await this.deps.subscriptions.change(
        user.id,
        { planId: purpose.planId, interval: purpose.interval },
        requestId,
        found,
      );
      return { message: done.message, subscription: done.subscription };
    }
    const invoice = await this.invoiceOf(purpose.invoiceId);
    if (!invoice || invoice.user_id !== user.id) {
      throw new HttpError(404, 'There is no such payment to confirm');
    }
    const settled = await this.settle(
      toClaimed(invoice, found.idempotencyKey),
      found,
      false,
      requestId,
    );
    throwUnlessPaid(settled);
    return {
      message: 'Payment received: your subscription is active',
      subscription: await this.deps.subscriptions.view(user.id),
    };
  }

  /** Whether the payment made with `key` is the user's: their plan change, or their invoice. */
  private async belongsTo(key: string, userId: number): Promise<boolean> {
    const purpose = purposeOf(key);
    if (!purpose) return false;
    if (purpose.kind === 'change') return purpose.userId === userId;
    return (await this.invoiceOf(purpose.invoiceId))?.user_id === userId;
  }

  /**
   * The invoice a payment was for, by the id its key names: the attempt may no longer be the
   * one in flight (a retry gave up on it, or replaced it), and its money must still be written.
   */
  private invoiceOf(invoiceId: number) {
    return inTransaction(this.deps.db, (trx) => this.deps.payments.invoiceLocked(invoiceId, trx));
  }

  /**
   * A charge's outcome reported by the provider itself (a webhook): written once, whatever the
   * order events come in — an attempt already settled, or a key this server never made, is
   * left alone. A plan change whose payment the user confirmed elsewhere is applied. Answers
   * what it did.
   */
  async recordOutcome(found: FoundCharge): Promise<'settled' | 'ignored'> {
    const purpose = purposeOf(found.idempotencyKey);
    if (!purpose) return 'ignored';
    if (purpose.kind === 'change') {
      if (found.status !== 'succeeded') return 'ignored';
      try {
        await this.deps.subscriptions.change(
          purpose.userId,
          { planId: purpose.planId, interval: purpose.interval },
          null,
          found,
        );
        return 'settled';
      } catch (err) {
        if (err instanceof HttpError) return 'ignored';
        throw err;
      }
    }
    const invoice = await this.invoiceOf(purpose.invoiceId);
    if (!invoice) return 'ignored';
    const settled = await this.settle(toClaimed(invoice, found.idempotencyKey), found, true, null);
    const nothingWritten =
      settled.kind === 'stale' ||
      settled.kind === 'unknown' ||
      (settled.kind === 'paid' && settled.again);
    return nothingWritten ? 'ignored' : 'settled';
  }

  /**
   * Collects what is due by the clock until nothing is: first charges of renewals, dunning
   * retries, attempts whose answer was lost; then moves subscriptions whose grace period ended
   * unpaid to Free. Batches are claimed like renewals (one instance each), and `signal` stops
   * the run between batches. Answers how many charges were made and how many subscriptions
   * ended.
   */
  async collectDue(
    options: { signal?: AbortSignal; batchSize?: number } = {},
  ): Promise<{ charged: number; ended: number }> {
    const { signal, batchSize = COLLECT_BATCH } = options;
    let charged = 0;
    while (!signal?.aborted) {
      const n = await this.collectBatch(batchSize);
      charged += n;
      if (n === 0) break;
      await nextTurn();
    }
    let ended = 0;
    while (!signal?.aborted) {
      const n = await this.endExpired(batchSize);
      ended += n;
      if (n === 0) break;
    }
    return { charged, ended };
  }

  /** One batch: claimed in one transaction, charged, settled; answers how many were claimed. */
  private async collectBatch(limit: number): Promise<number> {
    const { db, payments, clock } = this.deps;
    const now = clock();
    const claimed = await inTransaction(db, (trx) =>
      payments.claimForCharge(now, GRACE_MS, now + CHARGE_LEASE_MS, limit, trx),
    );
    if (claimed.length === 0) return 0;
    const outcomes = await this.whileClaimed(
      claimed.map((c) => c.id),
      async () => {
        const users = [...new Set(claimed.map((c) => c.userId))];
        const [cards, customers] = await Promise.all([
          payments.paymentMethods(users),
          payments.customers(users, this.deps.provider.name),
        ]);
        return mapLimited(claimed, CHARGE_CONCURRENCY, (invoice) =>
          this.chargeInvoice(
            invoice,
            this.usable(cards.get(invoice.userId)),
            customers.get(invoice.userId) ?? null,
            true,
          ),
        );
      },
    );
    await this.settleBatch(
      claimed.map((invoice, i) => ({ invoice, outcome: outcomes[i] as ChargeOutcome })),
    );
    return claimed.length;
  }

  /**
   * Runs `work` (calls to the provider) while renewing this instance's claims on these
   * invoices' attempts every `leaseRenewMs`, a lease from the clock's now each time; stops
   * before the outcomes are written. A claim that lapsed meanwhile (the event loop held up past
   * a lease) is not taken back: another instance may hold it, asking with the same key.
   */
  private async whileClaimed<T>(invoiceIds: readonly number[], work: () => Promise<T>) {
    const { payments, clock, log } = this.deps;
    let renewing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing.then(async () => {
        const now = clock();
        try {
          await payments.renewClaims(invoiceIds, now, now + CHARGE_LEASE_MS);
        } catch (err) {
          // The next renewal tries again; a lapsed claim costs a second ask with the same key.
          log.warn({ err, source: 'payments' }, 'renewing charge claims failed');
        }
      });
    }, this.deps.leaseRenewMs ?? CHARGE_LEASE_RENEW_MS);
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await renewing;
    }
  }

  /** A saved card this provider can charge, or none (a card saved with another provider). */
  private usable(card: PaymentMethodRow | undefined): PaymentMethodRow | null {
    return card && card.provider === this.deps.provider.name ? card : null;
  }

  private async cardOf(userId: number): Promise<PaymentMethodRow> {
    const card = this.usable(await this.deps.payments.paymentMethod(userId));
    if (!card) throw paymentRequired('no_payment_method', DECLINE_MESSAGES.no_payment_method);
    return card;
  }

  /** One attempt at the provider; no card is a decline without asking the provider. */
  private async chargeInvoice(
    invoice: ClaimedInvoice,
    card: PaymentMethodRow | null,
    customerRef: string | null,
    offSession: boolean,
  ): Promise<ChargeOutcome> {
    if (!card) {
      return {
        status: 'declined',
        ref: null,
        code: 'no_payment_method',
        message: DECLINE_MESSAGES.no_payment_method,
      };
    }
    return chargeSafely(this.deps.provider, {
      amountCents: invoice.amount,
      currency: 'usd',
      idempotencyKey: invoice.key,
      userId: invoice.userId,
      customerRef,
      paymentMethodRef: card.provider_ref,
      invoiceId: invoice.id,
      description: invoice.description,
      offSession,
    });
  }

  /**
   * The outcomes of a batch's attempts in one transaction: the paid ones in one statement (the
   * usual case: a renewal's first charge), each other one on its own.
   */
  private async settleBatch(
    results: ReadonlyArray<{ invoice: ClaimedInvoice; outcome: ChargeOutcome }>,
  ) {
    const { db, payments, clock, activity } = this.deps;
    const now = clock();
    await inTransaction(db, async (trx) => {
      const paid = results.flatMap(({ invoice, outcome }) =>
        outcome.status === 'succeeded'
          ? [
              {
                invoiceId: invoice.id,
                key: invoice.key,
                providerRef: outcome.ref,
                userId: invoice.userId,
              },
            ]
          : [],
      );
      const written = new Set(await payments.markPaid(paid, now, trx));
      const restored = await payments.restoreActive(
        [...new Set(paid.filter((p) => written.has(p.invoiceId)).map((p) => p.userId))],
        now,
        trx,
      );
      const entries: ActivityEntry[] = restored.map((userId) => ({
        userId,
        action: 'payment_received',
        details: 'retried charge paid: the subscription is active again',
        at: now,
        requestId: null,
      }));
      for (const { invoice, outcome } of results) {
        if (outcome.status === 'succeeded') continue;
        const entry = await this.settleOther(invoice, outcome, true, now, trx);
        if (entry?.activity) entries.push(entry.activity);
      }
      await activity.recordMany(entries, trx);
    });
  }

  /** One attempt's outcome, in its own transaction (pay-now, a confirmation, a webhook). */
  private async settle(
    invoice: ClaimedInvoice,
    outcome: ChargeOutcome,
    offSession: boolean,
    requestId: string | null,
  ): Promise<Settled> {
    const { db, payments, clock, activity } = this.deps;
    const now = clock();
    return inTransaction(db, async (trx) => {
      if (outcome.status === 'succeeded') {
        const written = await payments.markPaid(
          [{ invoiceId: invoice.id, key: invoice.key, providerRef: outcome.ref }],
          now,
          trx,
        );
        if (written.length === 0) return this.settleLate(invoice, outcome, now, requestId, trx);
        const restored = await payments.restoreActive([invoice.userId], now, trx);
        await activity.record(
          {
            userId: invoice.userId,
            action: 'payment_received',
            details: `invoice ${invoice.id} paid (${money(invoice.amount)})${restored.length > 0 ? ': the subscription is active again' : ''}`,
            at: now,
            requestId,
          },
          trx,
        );
        return { kind: 'paid', restored: restored.length > 0 } as const;
      }
      const other = await this.settleOther(invoice, outcome, offSession, now, trx);
      if (other?.activity) await activity.record({ ...other.activity, requestId }, trx);
      return other?.settled ?? ({ kind: 'stale' } as const);
    });
  }

  /**
   * A payment that succeeded for an attempt no longer in flight: written already (the webhook
   * and the confirmation both report it), the invoice's payment if it is still owed, else kept
   * as credit (paid by another charge meanwhile, or voided): money taken is never dropped.
   */
  private async settleLate(
    invoice: ClaimedInvoice,
    outcome: Extract<ChargeOutcome, { status: 'succeeded' }>,
    now: number,
    requestId: string | null,
    trx: Kysely<Database>,
  ): Promise<Settled> {
    const { payments, activity, subscriptions } = this.deps;
    const row = await payments.invoiceLocked(invoice.id, trx);
    if (!row) return { kind: 'stale' };
    if (row.status === 'paid' && row.provider_ref === outcome.ref) {
      return { kind: 'paid', restored: false, again: true };
    }
    if (await payments.markPaidLate(invoice.id, outcome.ref, now, trx)) {
      const restored = await payments.restoreActive([invoice.userId], now, trx);
      await activity.record(
        {
          userId: invoice.userId,
          action: 'payment_received',
          details: `invoice ${invoice.id} paid (${money(outcome.amountCents)}) by attempt ${invoice.key}, finished after it was given up on${restored.length > 0 ? ': the subscription is active again' : ''}`,
          at: now,
          requestId,
        },
        trx,
      );
      return { kind: 'paid', restored: restored.length > 0 };
    }
    const kept = await subscriptions.keepAsCredit(
      invoice.userId,
      { idempotencyKey: invoice.key, ref: outcome.ref, amountCents: outcome.amountCents },
      `Late payment for invoice ${invoice.id} (added to your credit)`,
      null,
      trx,
    );
    if (kept) {
      await activity.record(
        {
          userId: invoice.userId,
          action: 'payment_received',
          details: `invoice ${invoice.id} was settled before attempt ${invoice.key} was paid: ${money(outcome.amountCents)} added to the credit`,
          at: now,
          requestId,
        },
        trx,
      );
    }
    return { kind: 'credited' };
  }

  /** A declined, unanswered or waiting attempt. */
  private async settleOther(
    invoice: ClaimedInvoice,
    outcome: Exclude<ChargeOutcome, { status: 'succeeded' }>,
    offSession: boolean,
    now: number,
    trx: Kysely<Database>,
  ): Promise<{ settled: Settled; activity?: ActivityEntry } | null> {
    const { payments } = this.deps;
    if (outcome.status === 'unknown') {
      this.deps.log.warn(
        { invoiceId: invoice.id, key: invoice.key, reason: outcome.reason, source: 'payments' },
        'charge answer lost: asked again with the same key',
      );
      await payments.holdInFlight(invoice.id, invoice.key, now + UNKNOWN_RETRY_MS, trx);
      return { settled: { kind: 'unknown' } };
    }
    if (outcome.status === 'requires_action' && !offSession) {
      await payments.holdInFlight(invoice.id, invoice.key, now + ACTION_WINDOW_MS, trx);
      return {
        settled: {
          kind: 'awaiting-action',
          ref: outcome.ref,
          clientSecret: outcome.clientSecret,
          amount: outcome.amountCents,
        },
      };
    }
    const code = outcome.status === 'declined' ? outcome.code : 'authentication_required';
    const message =
      outcome.status === 'declined' ? outcome.message : DECLINE_MESSAGES.authentication_required;
    const firstFailedAt = invoice.firstFailedAt ?? now;
    const step = nextDunningStep(firstFailedAt, now);
    const written = await payments.markFailed(
      { invoiceId: invoice.id, key: invoice.key, message, firstFailedAt, nextAttemptAt: step.at },
      trx,
    );
    if (!written) return null;
    await payments.markPastDue(invoice.userId, now, trx);
    const next =
      step.kind === 'retry'
        ? `retry ${step.retry} of ${step.of} on ${iso(step.at).slice(0, 10)}`
        : `moves to Free on ${iso(step.at).slice(0, 10)} unless paid`;
    return {
      settled: { kind: 'failed', message, code },
      activity: {
        userId: invoice.userId,
        action: 'payment_failed',
        details: `invoice ${invoice.id} (${money(invoice.amount)}), attempt ${invoice.attempts}: ${message}; ${next}`,
        at: now,
        requestId: null,
      },
    };
  }

  /**
   * Subscriptions whose grace period ended with every retry failed: each moves to Free now,
   * with an activity entry and an announcement to its user, one transaction each. Answers how
   * many were claimed.
   */
  private async endExpired(limit: number): Promise<number> {
    const { db, payments, clock, subscriptions, activity, announcements } = this.deps;
    const now = clock();
    return inTransaction(db, async (trx) => {
      const expired = await payments.claimExpired(now, GRACE_MS, limit, trx);
      for (const { invoiceId, userId } of expired) {
        const left = await subscriptions.endUnpaid(userId, trx);
        if (left === null) continue;
        await activity.record(
          {
            userId,
            action: 'subscription_unpaid_ended',
            details: `invoice ${invoiceId} unpaid after every retry: ${left} -> free`,
            at: now,
            requestId: null,
          },
          trx,
        );
        await announcements.create(
          {
            title: 'Your subscription moved to the Free plan',
            content:
              'We could not collect your last payment after several tries, so your subscription is now on the Free plan. Add a payment method and choose a plan to subscribe again.',
            authorId: null,
            at: now,
            recipientId: userId,
          },
          trx,
        );
      }
      return expired.length;
    });
  }
}

/** What a payment's idempotency key was made for (see provider.ts). */
type Purpose =
  | { kind: 'invoice'; invoiceId: number }
  | { kind: 'change'; userId: number; planId: string; interval: 'month' | 'year' };

const providerSilent = () =>
  new HttpError(503, 'The payment provider did not answer: try again', { 'retry-after': '5' });

function purposeOf(key: string): Purpose | null {
  const invoice = /^invoice:(\d+):\d+$/.exec(key);
  if (invoice) return { kind: 'invoice', invoiceId: Number(invoice[1]) };
  // A retry after a decline carries its try (`:try2`, subscriptions.ts `unspentKey`).
  const change = /^change:(\d+):\d+:([a-z0-9-]+):(month|year)(?::try\d+)?$/.exec(key);
  if (change) {
    return {
      kind: 'change',
      userId: Number(change[1]),
      planId: change[2] as string,
      interval: change[3] as 'month' | 'year',
    };
  }
  return null;
}

function toClaimed(
  invoice: {
    id: number;
    user_id: number;
    amount: number;
    description: string;
    attempts: number;
    first_failed_at: number | null;
  },
  key: string,
): ClaimedInvoice {
  return {
    id: invoice.id,
    userId: invoice.user_id,
    amount: invoice.amount,
    description: invoice.description,
    key,
    attempts: invoice.attempts,
    firstFailedAt: invoice.first_failed_at,
  };
}

function throwUnlessPaid(settled: Settled): void {
  switch (settled.kind) {
    case 'paid':
      return;
    case 'failed':
      throw paymentRequired(settled.code as never, settled.message);
    case 'awaiting-action':
      throw paymentRequired(
        'authentication_required',
        'Your bank asks you to confirm this payment',
        {
          paymentId: settled.ref,
          clientSecret: settled.clientSecret,
          amount: settled.amount,
        },
      );
    case 'unknown':
      throw new HttpError(
        503,
        'The payment provider did not answer: try again in a minute (you will not be charged twice)',
        { 'retry-after': '60' },
      );
    case 'stale':
      throw new HttpError(409, 'This payment was already settled: reload the page');
    case 'credited':
      throw new HttpError(
        409,
        'This invoice was paid already: the amount charged was added to your credit',
      );
  }
}

/** The card fields the provider takes, or a 400 naming the one missing. */
function cardInput(provider: 'demo' | 'stripe', body: SavePaymentMethodBody): CardInput {
  if (provider === 'stripe') {
    if (!body.paymentMethodId) throw new HttpError(400, 'paymentMethodId is required');
    return { kind: 'payment-method', paymentMethodId: body.paymentMethodId };
  }
  for (const field of ['cardNumber', 'expMonth', 'expYear', 'cvc'] as const) {
    if (body[field] === undefined || body[field] === '') {
      throw new HttpError(400, `${field} is required`);
    }
  }
  return {
    kind: 'card',
    cardNumber: body.cardNumber ?? '',
    expMonth: body.expMonth ?? 0,
    expYear: body.expYear ?? 0,
    cvc: body.cvc ?? '',
  };
}

function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return { brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year };
}

/** `fn` over `items` with at most `limit` at once, answers in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
