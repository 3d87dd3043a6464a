// What the stripe provider keeps of its own (migration 0022): each charge's idempotency key with
// the customer it was for and, once known, its PaymentIntent — so a charge whose answer was lost
// is found again, even after Stripe forgot the key (24 hours) — and the webhook events it
// received, each claimed by one instance and marked once handled.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface KeptCharge {
  idempotencyKey: string;
  customerRef: string;
  paymentIntentId: string | null;
  createdAt: number;
}

/** What claiming an event found: it is ours to handle now, done before, or someone's now. */
export type EventClaim = 'claimed' | 'handled' | 'in-progress';

export class StripeRecordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Keeps a key before its charge is sent; a key kept before stays as it was. */
  async rememberCharge(key: string, customerRef: string, at: number): Promise<void> {
    await this.db
      .insertInto('stripe_charges')
      .values({
        idempotency_key: key,
        customer_ref: customerRef,
        payment_intent_id: null,
        created_at: at,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  }

  async chargeFound(key: string, paymentIntentId: string): Promise<void> {
    await this.db
      .updateTable('stripe_charges')
      .set({ payment_intent_id: paymentIntentId })
      .where('idempotency_key', '=', key)
      .execute();
  }

  async charge(key: string): Promise<KeptCharge | undefined> {
    const row = await this.db
      .selectFrom('stripe_charges')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return (
      row && {
        idempotencyKey: row.idempotency_key,
        customerRef: row.customer_ref,
        paymentIntentId: row.payment_intent_id,
        createdAt: Number(row.created_at),
      }
    );
  }

  /**
   * Claims a webhook event for this instance. A new event is claimed; one handled before is
   * not again; one another instance claimed is left to it unless its claim is older than
   * `staleBefore` (that instance died mid-way), when it is taken over.
   */
  async claimEvent(
    e: { eventId: string; type: string },
    now: number,
    staleBefore: number,
  ): Promise<EventClaim> {
    const inserted = await this.db
      .insertInto('payment_events')
      .values({ provider: 'stripe', event_id: e.eventId, type: e.type, received_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (inserted) return 'claimed';
    const taken = await this.db
      .updateTable('payment_events')
      .set({ received_at: now })
      .where('provider', '=', 'stripe')
      .where('event_id', '=', e.eventId)
      .where('handled_at', 'is', null)
      .where('received_at', '<', staleBefore)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return 'claimed';
    const row = await this.db
      .selectFrom('payment_events')
      .select('handled_at')
      .where('provider', '=', 'stripe')
      .where('event_id', '=', e.eventId)
      .executeTakeFirst();
    return row?.handled_at != null ? 'handled' : 'in-progress';
  }

  async eventHandled(eventId: string, at: number): Promise<void> {
    await this.db
      .updateTable('payment_events')
      .set({ handled_at: at })
      .where('provider', '=', 'stripe')
      .where('event_id', '=', eventId)
      .execute();
  }

  /** Gives a claimed event back (its handling failed): Stripe's next delivery handles it. */
  async releaseEvent(eventId: string): Promise<void> {
    await this.db
      .deleteFrom('payment_events')
      .where('provider', '=', 'stripe')
      .where('event_id', '=', eventId)
      .where('handled_at', 'is', null)
      .execute();
  }
}
