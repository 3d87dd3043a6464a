// The `stripe` payment provider (issue 39, decision 038): a Customer per account, cards saved
// with a SetupIntent and attached as the customer's default, and each charge a PaymentIntent
// confirmed at once with the saved card, under the caller's idempotency key. Stripe keeps the
// first answer to a key for 24 hours, so a charge asked again is answered, not made again; a
// charge whose answer was lost is found again by the key (kept here with the customer it was
// for, then looked up in the customer's PaymentIntents), never by charging.
import Stripe from 'stripe';
import type { Clock } from '../../lib/clock.js';
import type { StripeRecordsRepository } from '../../repositories/stripe-records.js';
import {
  type BillingAccount,
  type CardInput,
  type ChargeOutcome,
  type ChargeRequest,
  DECLINE_MESSAGES,
  type DeclineCode,
  type FoundCharge,
  type PaymentProvider,
  type SaveCardResult,
} from './provider.js';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string | null;
  /** Another API host (a test double, a proxy): http(s)://host:port; null for Stripe's own. */
  apiBase: string | null;
  /** How long one request may take before it is given up (and its answer counted as lost). */
  timeoutMs: number;
  /** Retries of a request whose answer was lost, with the same idempotency key. */
  maxNetworkRetries: number;
}

type Unknown = { status: 'unknown'; reason: string };

/** How far back, before a key was first sent, its PaymentIntent is looked for (clock skew). */
const LOOKUP_MARGIN_S = 10 * 60;

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;

  constructor(
    options: StripeOptions,
    private readonly records: StripeRecordsRepository,
    private readonly clock: Clock,
  ) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      timeout: options.timeoutMs,
      maxNetworkRetries: options.maxNetworkRetries,
      telemetry: false,
      appInfo: { name: 'Omega' },
      ...apiAddress(options.apiBase),
    });
  }

  /** The package's client, for the webhook's signature check. */
  get client(): Stripe {
    return this.stripe;
  }

  async createCustomer(account: BillingAccount): Promise<string> {
    const customer = await this.stripe.customers.create({
      description: account.username,
      metadata: { user_id: String(account.userId) },
    });
    return customer.id;
  }

  async createSetupIntent(account: BillingAccount): Promise<{ clientSecret: string }> {
    const setup = await this.stripe.setupIntents.create({
      customer: requireCustomer(account),
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { user_id: String(account.userId) },
    });
    if (!setup.client_secret) throw new Error('Stripe answered a SetupIntent without a secret');
    return { clientSecret: setup.client_secret };
  }

  async savePaymentMethod(account: BillingAccount, input: CardInput): Promise<SaveCardResult> {
    if (input.kind !== 'payment-method') {
      return {
        ok: false,
        status: 400,
        message:
          'paymentMethodId is required: card details go to Stripe.js, never to this server (POST /api/billing/setup-intent first)',
      };
    }
    const customer = requireCustomer(account);
    try {
      const method = await this.stripe.paymentMethods.attach(input.paymentMethodId, { customer });
      await this.stripe.customers.update(customer, {
        invoice_settings: { default_payment_method: method.id },
      });
      const card = method.card;
      if (!card) {
        return { ok: false, status: 400, message: 'paymentMethodId must be a card' };
      }
      return {
        ok: true,
        customerRef: customer,
        card: {
          providerRef: method.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
        },
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        const code = declineCode(err.code, err.decline_code);
        return { ok: false, status: 402, code, message: DECLINE_MESSAGES[code] };
      }
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        return {
          ok: false,
          status: 400,
          message:
            err.code === 'resource_missing'
              ? 'paymentMethodId names no payment method Stripe knows'
              : 'Stripe refused this payment method',
        };
      }
      throw err;
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    if (!request.customerRef) return declined(null, 'no_payment_method');
    const key = request.idempotencyKey;
    // A key sent before is answered from Stripe's record of it, never charged again: by its
    // PaymentIntent when an answer named it, else by looking for it (its answer was lost).
    const kept = await this.records.charge(key);
    if (kept) {
      const known = await this.retrieveCharge({ idempotencyKey: key });
      if (known !== null) return known;
    } else {
      // Kept before the call: should its answer be lost, the charge is found by the key.
      await this.records.rememberCharge(key, request.customerRef, this.clock());
    }
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          customer: request.customerRef,
          payment_method: request.paymentMethodRef,
          allowed_payment_method_types: ['card'],
          confirm: true,
          ...(request.offSession ? { off_session: true } : {}),
          description: request.description,
          metadata: {
            idempotency_key: key,
            user_id: String(request.userId),
            ...(request.invoiceId === null ? {} : { invoice_id: String(request.invoiceId) }),
          },
        },
        // Stripe's keys are the account's: the caller's key names a payment of this database
        // only, so another deployment on the same account (or a database started again) could
        // send the same one. The customer is this database's own.
        { idempotencyKey: `${request.customerRef}:${key}` },
      );
      await this.records.chargeFound(key, intent.id);
      return outcomeOf(intent);
    } catch (err) {
      return this.failedCharge(key, err);
    }
  }

  /** A charge that threw: a decline is an outcome; a lost or refused answer is looked up. */
  private async failedCharge(key: string, err: unknown): Promise<ChargeOutcome> {
    if (err instanceof Stripe.errors.StripeCardError) {
      const intent = err.payment_intent;
      if (intent) await this.records.chargeFound(key, intent.id);
      return declined(intent?.id ?? null, declineCode(err.code, err.decline_code));
    }
    if (err instanceof Stripe.errors.StripeIdempotencyError) {
      // The key was used with other parameters (an amount re-computed a cent apart): the first
      // charge is the one that counts.
      const found = await this.retrieveCharge({ idempotencyKey: key });
      return found ?? { status: 'unknown', reason: 'the key was used for another request' };
    }
    if (
      err instanceof Stripe.errors.StripeInvalidRequestError &&
      err.code === 'resource_missing' &&
      err.param === 'payment_method'
    ) {
      return declined(null, 'no_payment_method');
    }
    return { status: 'unknown', reason: unknownReason(err) };
  }

  async retrieveCharge(
    query: { idempotencyKey: string } | { ref: string },
  ): Promise<FoundCharge | null | Unknown> {
    try {
      if ('ref' in query) return await this.intentById(query.ref);
      const kept = await this.records.charge(query.idempotencyKey);
      if (!kept) return null;
      if (kept.paymentIntentId) return await this.intentById(kept.paymentIntentId);
      // The answer was lost: the customer's PaymentIntents since the key was first sent (a
      // list Stripe answers from its own records at once, unlike search).
      const since = Math.floor(kept.createdAt / 1000) - LOOKUP_MARGIN_S;
      for await (const intent of this.stripe.paymentIntents.list({
        customer: kept.customerRef,
        created: { gte: since },
        limit: 100,
      })) {
        if (intent.metadata?.idempotency_key === query.idempotencyKey) {
          await this.records.chargeFound(query.idempotencyKey, intent.id);
          return found(intent);
        }
      }
      return null;
    } catch (err) {
      return { status: 'unknown', reason: unknownReason(err) };
    }
  }

  async completeAction(ref: string): Promise<FoundCharge | null | Unknown> {
    // Stripe.js confirmed (or failed) the payment in the browser: read what came of it.
    return this.retrieveCharge({ ref });
  }

  /** A PaymentIntent by id as a found charge; null when Stripe has none, or it is not ours. */
  private async intentById(ref: string): Promise<FoundCharge | Unknown | null> {
    try {
      return found(await this.stripe.paymentIntents.retrieve(ref));
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError &&
        err.code === 'resource_missing'
      ) {
        return null;
      }
      throw err;
    }
  }
}

/**
 * A PaymentIntent made by this provider (it carries the key) as a found charge; unknown while
 * it is not final (processing); null when it is not one of ours.
 */
function found(intent: Stripe.PaymentIntent): FoundCharge | Unknown | null {
  const key = intent.metadata?.idempotency_key;
  if (!key) return null;
  const outcome = outcomeOf(intent);
  return outcome.status === 'unknown' ? outcome : { ...outcome, idempotencyKey: key };
}

/** What a PaymentIntent's state means for the charge it is. */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        ref: intent.id,
        amountCents: intent.amount_received || intent.amount,
      };
    case 'requires_action':
      return {
        status: 'requires_action',
        ref: intent.id,
        clientSecret: intent.client_secret,
        amountCents: intent.amount,
      };
    case 'requires_payment_method':
    case 'canceled': {
      const error = intent.last_payment_error;
      return declined(
        intent.id,
        error
          ? declineCode(error.code, error.decline_code)
          : intent.status === 'canceled'
            ? 'processing_error'
            : 'card_declined',
      );
    }
    default:
      // processing, requires_confirmation, requires_capture: not final yet.
      return { status: 'unknown', reason: `the payment is ${intent.status}` };
  }
}

/** Stripe's error and decline codes as the boundary's, with its message for people. */
function declineCode(code: string | undefined, decline: string | undefined): DeclineCode {
  for (const c of [decline, code]) {
    switch (c) {
      case 'insufficient_funds':
      case 'expired_card':
      case 'incorrect_cvc':
      case 'authentication_required':
      case 'processing_error':
        return c;
      case 'payment_intent_authentication_failure':
        return 'authentication_failed';
    }
  }
  return 'card_declined';
}

function declined(ref: string | null, code: DeclineCode): ChargeOutcome {
  return { status: 'declined', ref, code, message: DECLINE_MESSAGES[code] };
}

/** Why nothing is known of a charge: the error's kind and code, never a card detail. */
function unknownReason(err: unknown): string {
  if (err instanceof Stripe.errors.StripeError) {
    return `${err.type}${err.code ? ` ${err.code}` : ''}${err.statusCode ? ` (HTTP ${err.statusCode})` : ''}: ${err.message}`;
  }
  return `unexpected ${(err as Error)?.name ?? 'error'}`;
}

function requireCustomer(account: BillingAccount): string {
  if (!account.customerRef) throw new Error(`user ${account.userId} has no Stripe customer yet`);
  return account.customerRef;
}

/** The package's host, port and protocol for STRIPE_API_BASE; none for Stripe's own. */
function apiAddress(
  apiBase: string | null,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}
