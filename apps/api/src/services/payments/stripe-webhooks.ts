// Stripe's webhooks (POST /api/billing/webhooks/stripe): each event checked with the package's
// signature check against STRIPE_WEBHOOK_SECRET on the raw body, then handled once per event
// id (claimed in payment_events; several instances may receive the same event at once), in any
// order: a PaymentIntent's event is settled from the PaymentIntent as Stripe has it now, not
// from the event's copy, through the billing service's idempotent recordOutcome.

import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { StripeRecordsRepository } from '../../repositories/stripe-records.js';
import type { FoundCharge } from './provider.js';
import type { StripeProvider } from './stripe.js';

/** The events that settle a charge; every other type is acknowledged and ignored. */
const SETTLING = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/** An event claimed this long ago and not handled was left by an instance that died. */
const EVENT_CLAIM_MS = 2 * 60_000;

export interface StripeWebhookDeps {
  provider: StripeProvider;
  webhookSecret: string;
  records: StripeRecordsRepository;
  /** The billing service's idempotent settle of a charge the provider reported. */
  recordOutcome(found: FoundCharge): Promise<'settled' | 'ignored'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class StripeWebhooks {
  constructor(private readonly deps: StripeWebhookDeps) {}

  /** Handles one delivery; answers what was done, or throws the HTTP error to answer. */
  async receive(
    payload: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; message: string }> {
    const event = this.verified(payload, signature);
    const { records, clock, log } = this.deps;
    const now = clock();
    const claim = await records.claimEvent(
      { eventId: event.id, type: event.type },
      now,
      now - EVENT_CLAIM_MS,
    );
    if (claim === 'handled')
      return { received: true, message: `Event ${event.id} was handled before` };
    if (claim === 'in-progress') {
      // Another instance has it now: Stripe delivers it again later, and by then it is done.
      throw new HttpError(409, `Event ${event.id} is being handled: deliver it again later`);
    }
    try {
      const message = await this.handle(event);
      await records.eventHandled(event.id, clock());
      return { received: true, message };
    } catch (err) {
      await records.releaseEvent(event.id);
      log.warn(
        { source: 'stripe-webhooks', eventId: event.id, type: event.type, err },
        `Stripe event ${event.id} (${event.type}) not handled: Stripe delivers it again`,
      );
      throw err;
    }
  }

  /** The event, if Stripe signed this very body with our secret (within 5 minutes). */
  private verified(payload: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) {
      throw new HttpError(400, 'Missing Stripe-Signature header: only Stripe can send events here');
    }
    let event: unknown;
    try {
      event = this.deps.provider.client.webhooks.constructEvent(
        payload,
        signature,
        this.deps.webhookSecret,
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new HttpError(
          400,
          'Invalid Stripe-Signature: the event was not signed with STRIPE_WEBHOOK_SECRET (or is older than 5 minutes)',
        );
      }
      // Signed, but not JSON: the package parses the body once the signature holds.
      if (err instanceof SyntaxError) throw new HttpError(400, 'The event is not JSON');
      throw err;
    }
    return eventShape(event);
  }

  private async handle(event: Stripe.Event): Promise<string> {
    if (!SETTLING.has(event.type)) return `Event ${event.type} ignored`;
    const intent = event.data.object as Stripe.PaymentIntent;
    // Every endpoint of a Stripe account gets every event: only a charge this server sent, to
    // its own customer, is settled here (another deployment's keys may look the same).
    const key: unknown = intent.metadata?.idempotency_key;
    const kept = typeof key === 'string' && key ? await this.deps.records.charge(key) : undefined;
    if (!kept || kept.customerRef !== intent.customer) {
      return `PaymentIntent ${intent.id} was not made by this server: ignored`;
    }
    // Its state now, not the event's copy: a late payment_failed after the payment succeeded
    // settles it as paid.
    const found = await this.deps.provider.retrieveCharge({ ref: intent.id });
    if (found === null) return `PaymentIntent ${intent.id} is unknown to Stripe: ignored`;
    if (found.status === 'unknown') {
      throw new HttpError(
        503,
        `Stripe could not be asked about ${intent.id}: deliver it again later`,
      );
    }
    const done = await this.deps.recordOutcome(found);
    return done === 'settled'
      ? `PaymentIntent ${intent.id} ${found.status}: settled`
      : `PaymentIntent ${intent.id} ${found.status}: already settled`;
  }
}

/** A signed body that is an event in the fields read here; else a 400 naming what is missing. */
function eventShape(event: unknown): Stripe.Event {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(event)) throw new HttpError(400, 'The event must be an object');
  if (typeof event.id !== 'string' || event.id === '' || event.id.length > 255) {
    throw new HttpError(400, 'The event needs an id: a string of at most 255 characters');
  }
  if (typeof event.type !== 'string' || event.type === '') {
    throw new HttpError(400, 'The event needs a type');
  }
  if (!isObject(event.data) || !isObject(event.data.object)) {
    throw new HttpError(400, 'The event needs data.object, an object');
  }
  return event as unknown as Stripe.Event;
}
