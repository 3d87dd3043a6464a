// The demo payment provider (decision 038), the default: it takes Stripe's documented test card
// numbers and behaves as Stripe does with them, with no account and nothing leaving the server.
// A saved card is kept as a token naming how the card behaves (never its number), so the card
// behaves the same after a restart and on every instance. Each charge is recorded by its
// idempotency key in `demo_charges` — the provider's own side, as Stripe keeps its own — so a
// charge made again with a key answers the first charge's outcome and charges nothing more.
import { randomBytes } from 'node:crypto';
import { cardUnexpired, checkCard } from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import {
  type CardInput,
  type ChargeOutcome,
  type ChargeRequest,
  DECLINE_MESSAGES,
  type DeclineCode,
  type FoundCharge,
  type PaymentProvider,
  type SaveCardResult,
} from './provider.js';

/** How a test card behaves when charged. */
type Behaviour = 'succeeds' | 'declined' | 'insufficient' | 'authenticate';

/** Stripe's test numbers (docs.stripe.com/testing) and how each behaves. */
export const DEMO_TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds',
  '5555555555554444': 'succeeds',
  '2223003122003222': 'succeeds',
  '5200828282828210': 'succeeds',
  '378282246310005': 'succeeds',
  '371449635398431': 'succeeds',
  '6011111111111117': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000002500003155': 'authenticate',
};

const TOKEN =
  /^demo_pm_(succeeds|declined|insufficient|authenticate)_([a-z0-9]{4})_(\d{1,2})_(\d{4})_[A-Za-z0-9_-]+$/;

/** The demo token of a saved card: how it behaves, its last four and expiry, and a nonce. */
const token = (b: Behaviour, last4: string, expMonth: number, expYear: number) =>
  `demo_pm_${b}_${last4}_${expMonth}_${expYear}_${randomBytes(6).toString('base64url')}`;

function readToken(ref: string) {
  const m = TOKEN.exec(ref);
  if (!m) return undefined;
  return { behaviour: m[1] as Behaviour, expMonth: Number(m[3]), expYear: Number(m[4]) };
}

export interface DemoProviderOptions {
  /** How long a charge's answer takes after the charge is recorded (a slow provider). */
  delayMs?: number;
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: DemoProviderOptions = {},
  ) {}

  async createCustomer(account: { userId: number }): Promise<string | null> {
    return `demo_cus_${account.userId}`;
  }

  async savePaymentMethod(_account: unknown, input: CardInput): Promise<SaveCardResult> {
    if (input.kind !== 'card') {
      return {
        ok: false,
        status: 400,
        message:
          'The demo payment provider takes the card itself: send cardNumber, expMonth, expYear and cvc',
      };
    }
    const check = checkCard(input, this.clock());
    if (!check.ok) return { ok: false, status: 400, message: check.message };
    const behaviour = DEMO_TEST_CARDS[check.digits];
    if (!behaviour) {
      return {
        ok: false,
        status: 402,
        code: 'card_declined',
        message:
          "Your card was declined: the demo takes only Stripe's test card numbers, such as 4242 4242 4242 4242",
      };
    }
    return {
      ok: true,
      customerRef: null,
      card: {
        brand: check.brand,
        last4: check.last4,
        expMonth: input.expMonth,
        expYear: input.expYear,
        providerRef: token(behaviour, check.last4, input.expMonth, input.expYear),
      },
    };
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const now = this.clock();
    const decided = this.decide(request, now);
    const ref = `demo_ch_${randomBytes(12).toString('base64url')}`;
    const inserted = await this.db
      .insertInto('demo_charges')
      .values({
        idempotency_key: request.idempotencyKey,
        ref,
        payment_method_ref: request.paymentMethodRef,
        amount: request.amountCents,
        currency: request.currency,
        status: decided.status,
        code: decided.code,
        message: decided.code ? DECLINE_MESSAGES[decided.code] : null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('ref')
      .executeTakeFirst();
    if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs));
    if (inserted) {
      if (decided.status === 'succeeded') {
        return { status: 'succeeded', ref, amountCents: request.amountCents };
      }
      if (decided.status === 'requires_action') {
        return {
          status: 'requires_action',
          ref,
          clientSecret: null,
          amountCents: request.amountCents,
        };
      }
      const code = decided.code ?? 'card_declined';
      return { status: 'declined', ref, code, message: DECLINE_MESSAGES[code] };
    }
    // Seen before: the first charge's outcome, whatever this request asked.
    const found = await this.retrieveCharge({ idempotencyKey: request.idempotencyKey });
    if (found === null) throw new Error(`demo charge ${request.idempotencyKey} vanished`);
    const { idempotencyKey: _key, ...outcome } = found;
    return outcome;
  }

  /** How the saved card answers this charge now. */
  private decide(
    request: ChargeRequest,
    now: number,
  ): { status: 'succeeded' | 'declined' | 'requires_action'; code: DeclineCode | null } {
    const card = readToken(request.paymentMethodRef);
    if (!card) return { status: 'declined', code: 'card_declined' };
    if (!cardUnexpired(card.expMonth, card.expYear, now)) {
      return { status: 'declined', code: 'expired_card' };
    }
    switch (card.behaviour) {
      case 'succeeds':
        return { status: 'succeeded', code: null };
      case 'declined':
        return { status: 'declined', code: 'card_declined' };
      case 'insufficient':
        return { status: 'declined', code: 'insufficient_funds' };
      case 'authenticate':
        // Stripe's 3155 card asks on every payment; with nobody there to answer, it fails.
        return request.offSession
          ? { status: 'declined', code: 'authentication_required' }
          : { status: 'requires_action', code: null };
    }
  }

  async retrieveCharge(
    query: { idempotencyKey: string } | { ref: string },
  ): Promise<FoundCharge | null> {
    const row = await this.db
      .selectFrom('demo_charges')
      .selectAll()
      .$call((q) =>
        'ref' in query
          ? q.where('ref', '=', query.ref)
          : q.where('idempotency_key', '=', query.idempotencyKey),
      )
      .executeTakeFirst();
    if (!row) return null;
    const key = row.idempotency_key;
    switch (row.status) {
      case 'succeeded':
        return { status: 'succeeded', ref: row.ref, amountCents: row.amount, idempotencyKey: key };
      case 'requires_action':
        return {
          status: 'requires_action',
          ref: row.ref,
          clientSecret: null,
          amountCents: row.amount,
          idempotencyKey: key,
        };
      default: {
        const code = (row.code ?? 'card_declined') as DeclineCode;
        return {
          status: 'declined',
          ref: row.ref,
          code,
          message: row.message ?? DECLINE_MESSAGES[code],
          idempotencyKey: key,
        };
      }
    }
  }

  /** The demo dialog's answer: approved succeeds, refused fails; an answered payment stays. */
  async completeAction(ref: string, answer: { approve?: boolean }): Promise<FoundCharge | null> {
    // No answer given: the bank still waits, and the payment is read as it is.
    if (answer.approve === undefined) return this.retrieveCharge({ ref });
    const now = this.clock();
    await this.db
      .updateTable('demo_charges')
      .set(
        answer.approve
          ? { status: 'succeeded', code: null, message: null, updated_at: now }
          : {
              status: 'declined',
              code: 'authentication_failed',
              message: DECLINE_MESSAGES.authentication_failed,
              updated_at: now,
            },
      )
      .where('ref', '=', ref)
      .where('status', '=', 'requires_action')
      .execute();
    return this.retrieveCharge({ ref });
  }
}
