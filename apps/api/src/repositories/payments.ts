// Saved cards, the providers' customers, and the state of each invoice's charge: claiming
// invoices for a charge attempt (one instance at a time), and writing the attempt's outcome.
// An attempt's idempotency key is stored when it is claimed and cleared when its outcome is
// written, so a charge whose answer was lost is asked about again with the same key.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, InvoiceRow, PaymentMethodRow, PaymentMethodsTable } from '../db/schema.js';
import { allColumns, prepare } from '../lib/prepared-query.js';

/** What a charge attempt needs of the invoice it pays, as claimed. */
export interface ClaimedInvoice {
  id: number;
  userId: number;
  amount: number;
  description: string;
  /** The attempt's idempotency key: 'invoice:<id>:<attempt>'. */
  key: string;
  attempts: number;
  firstFailedAt: number | null;
}

const toClaimed = (r: {
  id: number;
  user_id: number;
  amount: number;
  description: string;
  charging_key: string | null;
  attempts: number;
  first_failed_at: number | null;
}): ClaimedInvoice => ({
  id: r.id,
  userId: r.user_id,
  amount: r.amount,
  description: r.description,
  key: r.charging_key ?? '',
  attempts: r.attempts,
  firstFailedAt: r.first_failed_at === null ? null : Number(r.first_failed_at),
});

/**
 * What claiming an invoice writes: the attempt's key (a new attempt, counted, unless one is still
 * in flight, whose key stays so that its outcome can be asked for) and how long the claim holds.
 */
const claim = (now: number, claimUntil: number) => ({
  attempts: sql<number>`case when charging_key is null then attempts + 1 else attempts end`,
  charging_key: sql<string>`coalesce(charging_key, 'invoice:' || cast(id as varchar(20)) || ':' || cast(attempts + 1 as varchar(20)))`,
  claimed_until: claimUntil,
  last_attempt_at: now,
});

const CLAIMED_COLUMNS = [
  'id',
  'user_id',
  'amount',
  'description',
  'charging_key',
  'attempts',
  'first_failed_at',
] as const;

/** Unpaid: not paid yet, and still to be collected (a retry or the move to Free is planned). */
const UNPAID = ['open', 'failed'] as const;

const PAYMENT_METHOD_COLUMNS = allColumns<PaymentMethodsTable>()([
  'user_id',
  'provider',
  'provider_ref',
  'brand',
  'last4',
  'exp_month',
  'exp_year',
  'created_at',
  'updated_at',
]);

/** The user's saved card: a change to a paid plan reads it. */
const paymentMethodOf = prepare<{ userId: number }, PaymentMethodRow>((db, arg) =>
  db
    .selectFrom('payment_methods')
    .select(PAYMENT_METHOD_COLUMNS)
    .where('user_id', '=', arg('userId')),
);

export class PaymentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  paymentMethod(userId: number, db = this.db): Promise<PaymentMethodRow | undefined> {
    return paymentMethodOf.first(db, { userId });
  }

  /** The saved cards of these users, by user id. */
  async paymentMethods(userIds: readonly number[], db = this.db) {
    if (userIds.length === 0) return new Map<number, PaymentMethodRow>();
    const rows = await db
      .selectFrom('payment_methods')
      .selectAll()
      .where('user_id', 'in', [...userIds])
      .execute();
    return new Map(rows.map((r) => [r.user_id, r]));
  }

  /** Saves the user's card, replacing the one saved before. */
  async savePaymentMethod(
    m: Omit<PaymentMethodRow, 'created_at' | 'updated_at'>,
    at: number,
    db = this.db,
  ) {
    const values = {
      provider: m.provider,
      provider_ref: m.provider_ref,
      brand: m.brand,
      last4: m.last4,
      exp_month: m.exp_month,
      exp_year: m.exp_year,
      updated_at: at,
    };
    await db
      .insertInto('payment_methods')
      .values({ user_id: m.user_id, ...values, created_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  async customer(userId: number, provider: string, db = this.db) {
    const row = await db
      .selectFrom('billing_customers')
      .select('customer_ref')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return row?.customer_ref ?? null;
  }

  /** The provider's customers of these users, by user id. */
  async customers(userIds: readonly number[], provider: string, db = this.db) {
    if (userIds.length === 0) return new Map<number, string>();
    const rows = await db
      .selectFrom('billing_customers')
      .select(['user_id', 'customer_ref'])
      .where('user_id', 'in', [...userIds])
      .where('provider', '=', provider)
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.customer_ref]));
  }

  /** Records the provider's customer for the user; the first one recorded stays. */
  async saveCustomer(userId: number, provider: string, ref: string, at: number, db = this.db) {
    await db
      .insertInto('billing_customers')
      .values({ user_id: userId, provider, customer_ref: ref, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
      .execute();
    return (await this.customer(userId, provider, db)) ?? ref;
  }

  /**
   * Claims up to `limit` invoices due for a charge attempt at `now` (a first charge, a dunning
   * retry, or an attempt whose answer was lost once its claim ran out) until `claimUntil`, and
   * answers them. A new attempt counts one more and gets its key; an attempt in flight keeps
   * its key and count, so it is asked about again, never charged again — past the grace period
   * too, since the provider may have taken the money (a Pay now at the last minute). Invoices
   * past their grace period with no attempt in flight are left to `claimExpired`. On PostgreSQL
   * rows another instance is claiming are passed over (SKIP LOCKED); SQLite's write transaction
   * is the claim. `userId`: only theirs.
   */
  async claimForCharge(
    now: number,
    graceMs: number,
    claimUntil: number,
    limit: number,
    db: Kysely<Database>,
    userId?: number,
  ): Promise<ClaimedInvoice[]> {
    let query = db
      .selectFrom('invoices')
      .select('id')
      .where('next_attempt_at', '<=', now)
      .where('status', 'in', [...UNPAID])
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .where((eb) =>
        eb.or([
          eb('first_failed_at', 'is', null),
          eb('first_failed_at', '>', now - graceMs),
          eb('charging_key', 'is not', null),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(limit);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const ids = (
      await (db.getExecutor().adapter instanceof PostgresAdapter
        ? query.forUpdate().skipLocked()
        : query
      ).execute()
    ).map((r) => r.id);
    if (ids.length === 0) return [];
    const rows = await db
      .updateTable('invoices')
      .set(claim(now, claimUntil))
      .where('id', 'in', ids)
      .returning(CLAIMED_COLUMNS)
      .execute();
    return rows.map(toClaimed);
  }

  /**
   * Claims up to `limit` unpaid invoices whose grace period has ended (every retry failed), for
   * the move to Free: they are answered once, their next action cleared. One with an attempt in
   * flight waits until `claimForCharge` has asked the provider about it: the money may be taken.
   */
  async claimExpired(now: number, graceMs: number, limit: number, db: Kysely<Database>) {
    const query = db
      .selectFrom('invoices')
      .select(['id', 'user_id'])
      .where('next_attempt_at', '<=', now)
      .where('status', 'in', [...UNPAID])
      .where('first_failed_at', '<=', now - graceMs)
      .where('charging_key', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    const rows = await (db.getExecutor().adapter instanceof PostgresAdapter
      ? query.forUpdate().skipLocked()
      : query
    ).execute();
    if (rows.length === 0) return [];
    await db
      .updateTable('invoices')
      .set({ status: 'failed', next_attempt_at: null, claimed_until: null })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((r) => ({ invoiceId: r.id, userId: r.user_id }));
  }

  /** The user's unpaid invoices, oldest first. */
  unpaidInvoices(userId: number, db = this.db): Promise<InvoiceRow[]> {
    return db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', [...UNPAID])
      .where('next_attempt_at', 'is not', null)
      .orderBy('id')
      .execute();
  }

  /**
   * The invoice, locked for the caller's transaction: whatever attempt is in flight, or none
   * (a payment for an attempt given up on may still arrive).
   */
  invoiceLocked(invoiceId: number, db: Kysely<Database>) {
    const query = db.selectFrom('invoices').selectAll().where('id', '=', invoiceId);
    return (
      db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query
    ).executeTakeFirst();
  }

  /**
   * Writes a payment that arrived for an attempt no longer in flight (given up on as failed, or
   * replaced) while the invoice is still to be collected: paid by it, any attempt in flight
   * forgotten (its outcome then finds nothing to write). Answers whether it was written.
   */
  async markPaidLate(invoiceId: number, providerRef: string, at: number, db: Kysely<Database>) {
    const result = await db
      .updateTable('invoices')
      .set({
        status: 'paid',
        paid_at: at,
        provider_ref: providerRef,
        charging_key: null,
        claimed_until: null,
        next_attempt_at: null,
        failure_message: null,
      })
      .where('id', '=', invoiceId)
      .where('status', 'in', [...UNPAID])
      .where('next_attempt_at', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Claims one of the user's unpaid invoices for a charge the user makes now (pay-now) until
   * `claimUntil`: answered as `claimForCharge` answers, or undefined while another attempt holds
   * it.
   */
  async claimOne(invoiceId: number, now: number, claimUntil: number, db: Kysely<Database>) {
    const row = await db
      .updateTable('invoices')
      .set(claim(now, claimUntil))
      .where('id', '=', invoiceId)
      .where('status', 'in', [...UNPAID])
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .returning(CLAIMED_COLUMNS)
      .executeTakeFirst();
    return row && toClaimed(row);
  }

  /**
   * Writes the paid outcome of these attempts in one statement: each invoice whose attempt in
   * flight is still the one named (a later answer for an older key changes nothing). Answers
   * the ids written.
   */
  async markPaid(
    paid: ReadonlyArray<{ invoiceId: number; key: string; providerRef: string }>,
    at: number,
    db: Kysely<Database>,
  ): Promise<number[]> {
    if (paid.length === 0) return [];
    const rows = paid.map(
      (p) =>
        sql`(${sql.join([sql`cast(${p.invoiceId} as bigint)`, sql`cast(${p.key} as varchar(160))`, sql`cast(${p.providerRef} as varchar(255))`])})`,
    );
    const result = await sql<{
      id: number;
    }>`with v (id, charging_key, provider_ref) as (values ${sql.join(rows)})
      update invoices
      set status = 'paid', paid_at = ${at}, provider_ref = v.provider_ref, charging_key = null,
        claimed_until = null, next_attempt_at = null, failure_message = null
      from v
      where invoices.id = v.id and invoices.charging_key = v.charging_key
      returning invoices.id`.execute(db);
    return result.rows.map((r) => Number(r.id));
  }

  /**
   * Writes a failed attempt: the invoice is 'failed' with the provider's message, its first
   * failure kept, and `nextAttemptAt` (the next retry, or the move to Free) planned. Answers
   * whether the attempt named was still the one in flight.
   */
  async markFailed(
    f: {
      invoiceId: number;
      key: string;
      message: string;
      firstFailedAt: number;
      nextAttemptAt: number;
    },
    db: Kysely<Database>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('invoices')
      .set({
        status: 'failed',
        failure_message: f.message.slice(0, 200),
        first_failed_at: f.firstFailedAt,
        next_attempt_at: f.nextAttemptAt,
        charging_key: null,
        claimed_until: null,
      })
      .where('id', '=', f.invoiceId)
      .where('charging_key', '=', f.key)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Renews claims still held on these invoices' attempts (in flight, not lapsed at `now`) to
   * `until`: a lapsed claim may be another instance's now, so it is left as it is.
   */
  async renewClaims(invoiceIds: readonly number[], now: number, until: number, db = this.db) {
    if (invoiceIds.length === 0) return;
    await db
      .updateTable('invoices')
      .set({ claimed_until: until })
      .where('id', 'in', invoiceIds)
      .where('charging_key', 'is not', null)
      .where('claimed_until', '>', now)
      .execute();
  }

  /**
   * Gives up an attempt in flight (one waiting for the bank's step that the user replaces by
   * paying again): the invoice is claimable at once, with a new key. Answers whether `key` was
   * still the attempt in flight; its payment, if it is finished later, is written by the invoice
   * its key names (services/billing.ts `settleLate`).
   */
  async releaseAttempt(invoiceId: number, key: string, db: Kysely<Database>) {
    const result = await db
      .updateTable('invoices')
      .set({ charging_key: null, claimed_until: null })
      .where('id', '=', invoiceId)
      .where('charging_key', '=', key)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Keeps an attempt whose outcome is not known in flight, asked about again after `until`. */
  async holdInFlight(invoiceId: number, key: string, until: number, db = this.db) {
    await db
      .updateTable('invoices')
      .set({ claimed_until: until })
      .where('id', '=', invoiceId)
      .where('charging_key', '=', key)
      .execute();
  }

  /**
   * Past-due subscriptions of these users whose invoices are all paid again: active. Answers
   * the users restored.
   */
  async restoreActive(userIds: readonly number[], at: number, db: Kysely<Database>) {
    if (userIds.length === 0) return [];
    const rows = await db
      .updateTable('subscriptions')
      .set({ status: 'active', version: sql`version + 1`, updated_at: at })
      .where('user_id', 'in', [...userIds])
      .where('status', '=', 'past_due')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('invoices')
              .select(sql`1`.as('one'))
              .whereRef('invoices.user_id', '=', 'subscriptions.user_id')
              .where('invoices.status', 'in', [...UNPAID])
              .where('invoices.next_attempt_at', 'is not', null),
          ),
        ),
      )
      .returning('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** The subscription is past due (a renewal's charge failed); answers whether it changed. */
  async markPastDue(userId: number, at: number, db: Kysely<Database>) {
    const result = await db
      .updateTable('subscriptions')
      .set({ status: 'past_due', version: sql`version + 1`, updated_at: at })
      .where('user_id', '=', userId)
      .where('status', '<>', 'past_due')
      .where('plan_id', '<>', 'free')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Whether one of the user's unpaid invoices has a charge whose outcome is not known yet (asked
   * and not answered, or answered and lost until the next run asks again by its key). Locks
   * those invoices for the caller's transaction on PostgreSQL, so a claim made meanwhile waits
   * for it (or, skipping locked rows, passes them over); SQLite's write transaction is the lock.
   */
  async hasChargeUnsettled(userId: number, db: Kysely<Database>): Promise<boolean> {
    const query = db
      .selectFrom('invoices')
      .select(['id', 'charging_key'])
      .where('user_id', '=', userId)
      .where('status', 'in', [...UNPAID]);
    const rows = await (db.getExecutor().adapter instanceof PostgresAdapter
      ? query.forUpdate()
      : query
    ).execute();
    return rows.some((r) => r.charging_key !== null);
  }

  /** Invoices still to collect are not collected: an administrator's plan change waived them. */
  async voidUnpaid(userId: number, db: Kysely<Database>) {
    await db
      .updateTable('invoices')
      .set({ status: 'void', next_attempt_at: null, charging_key: null, claimed_until: null })
      .where('user_id', '=', userId)
      .where('status', 'in', [...UNPAID])
      .execute();
  }

  /** Past-due accounts and what they owe, with their subscriptions (for MRR at risk). */
  async pastDue(db = this.db) {
    const [subs, owed] = await Promise.all([
      db.selectFrom('subscriptions').selectAll().where('status', '=', 'past_due').execute(),
      db
        .selectFrom('invoices')
        .innerJoin('subscriptions', 'subscriptions.user_id', 'invoices.user_id')
        .select((eb) => eb.fn.sum<number | string>('invoices.amount').as('total'))
        .where('subscriptions.status', '=', 'past_due')
        .where('invoices.status', 'in', [...UNPAID])
        .where('invoices.next_attempt_at', 'is not', null)
        .executeTakeFirst(),
    ]);
    return { subscriptions: subs, amountOwed: Number(owed?.total ?? 0) };
  }

  /** Records a provider's webhook event; false when it was recorded before (handled once). */
  async recordEvent(
    e: { provider: string; eventId: string; type: string; at: number },
    db = this.db,
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('payment_events')
      .values({ provider: e.provider, event_id: e.eventId, type: e.type, received_at: e.at })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
