// The payment-provider boundary (decision 038): everything the subscription and billing services
// ask of whoever moves the money. Two implementations: `demo` (demo-provider.ts, the default: no
// account, no network, Stripe's test card numbers) and `stripe` (the official package). The
// services never learn which one runs; pure decisions (pro-rating, dunning) stay in
// packages/domain.
//
// Exactly once: every charge carries an idempotency key the caller derives from what is paid
// (an invoice attempt, or one plan change of one subscription version), stored before the call.
// A provider answers a key it has seen with that first charge's outcome and never charges it
// twice, so a caller that lost an answer (a timeout, a crash before its commit) asks again with
// the same key: `charge` again, or `retrieveCharge`.

/** Which provider runs: `OMEGA_PAYMENTS_PROVIDER`, 'demo' unless set. */
export type PaymentProviderName = 'demo' | 'stripe';

/** Why a charge or a card was refused: the provider's codes, named as Stripe names them. */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'authentication_required'
  | 'authentication_failed'
  | 'processing_error'
  | 'no_payment_method';

/** What may be kept and shown of a card: never its number or CVC. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A saved card: its summary and the provider's reference charges are made against. */
export interface SavedCard extends CardSummary {
  /** A Stripe PaymentMethod id (pm_...), or the demo provider's token (demo_pm_...). */
  providerRef: string;
}

/** The account a provider-side customer belongs to. */
export interface BillingAccount {
  userId: number;
  username: string;
  /** The provider's customer for it, when one was made (billing_customers). */
  customerRef: string | null;
}

/**
 * A card to save, as the user's request gave it: the demo form's card fields, or Stripe.js's
 * PaymentMethod id. A provider refuses the kind it does not take (a 400 naming the fields).
 */
export type CardInput =
  | { kind: 'card'; cardNumber: string; expMonth: number; expYear: number; cvc: string }
  | { kind: 'payment-method'; paymentMethodId: string };

export type SaveCardResult =
  | { ok: true; card: SavedCard; customerRef: string | null }
  /** 400: the input is wrong (the message names the field); 402: the provider refused the card. */
  | { ok: false; status: 400 | 402; message: string; code?: DeclineCode };

export interface ChargeRequest {
  /** Integer cents, above zero. */
  amountCents: number;
  currency: 'usd';
  /**
   * Unique per payment: 'invoice:<invoice id>:<attempt>' or
   * 'change:<user id>:<subscription version>:<plan id>:<interval>', followed by ':try<n>' for
   * the n-th try after declines (at most 160 characters).
   * The same key always means the same payment, even if the amount computed for it moved by a
   * cent in between (pro-rating counts seconds): answer the first charge, do not charge again.
   */
  idempotencyKey: string;
  userId: number;
  customerRef: string | null;
  paymentMethodRef: string;
  /** The invoice paid; null for an upgrade's charge (its invoice is written once it succeeds). */
  invoiceId: number | null;
  description: string;
  /**
   * True for a charge made with nobody waiting (a renewal, a dunning retry): a card that asks
   * for authentication then fails with 'authentication_required' instead of asking.
   */
  offSession: boolean;
}

/** A charge's outcome as far as the provider knows it. */
export type ChargeOutcome =
  | { status: 'succeeded'; ref: string; amountCents: number }
  | { status: 'declined'; ref: string | null; code: DeclineCode; message: string }
  /**
   * The bank asks the user to authenticate: `ref` is the payment the user confirms (the demo
   * dialog, or Stripe.js with `clientSecret`); the outcome is read again after.
   */
  | { status: 'requires_action'; ref: string; clientSecret: string | null; amountCents: number }
  /**
   * The answer was lost or is not final (a timeout, a 5xx, a payment still processing): nothing
   * is known, so nothing is written but the key; it is asked again with the same key later.
   */
  | { status: 'unknown'; reason: string };

/** A charge found at the provider, with the key it was made with (so its purpose is known). */
export type FoundCharge = Exclude<ChargeOutcome, { status: 'unknown' }> & {
  idempotencyKey: string;
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** For the client's card form (Stripe's publishable key); null for the demo provider. */
  readonly publishableKey: string | null;

  /** The provider's customer for an account, made once and stored by the caller. */
  createCustomer(account: BillingAccount): Promise<string | null>;

  /**
   * Starts saving a card client-side (Stripe's SetupIntent): its client secret. Undefined when
   * the provider takes the card directly (demo).
   */
  createSetupIntent?(account: BillingAccount): Promise<{ clientSecret: string }>;

  /** Checks and saves a card for the account (attaching it to the customer, with Stripe). */
  savePaymentMethod(account: BillingAccount, input: CardInput): Promise<SaveCardResult>;

  /** Charges a saved card once per idempotency key (see the top of this file). */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;

  /** The charge made with this key, or with this provider reference; null when there is none. */
  retrieveCharge(
    query: { idempotencyKey: string } | { ref: string },
  ): Promise<FoundCharge | null | { status: 'unknown'; reason: string }>;

  /**
   * After the user answered an authentication step for the payment `ref`: the demo provider
   * applies `approve` (true succeeds, false fails it, absent leaves it waiting); Stripe ignores
   * it (Stripe.js confirmed the payment) and reads the payment. Null when the provider has no
   * such payment.
   */
  completeAction(
    ref: string,
    answer: { approve?: boolean },
  ): Promise<FoundCharge | null | { status: 'unknown'; reason: string }>;
}

/** The messages a person reads for each decline code. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined',
  insufficient_funds: 'Your card has insufficient funds',
  expired_card: 'Your card has expired',
  incorrect_cvc: "Your card's security code is incorrect",
  authentication_required: 'Your bank asks you to confirm this payment: use Pay now',
  authentication_failed: 'The payment was not confirmed',
  processing_error: 'The payment could not be processed: try again',
  no_payment_method: 'Add a payment method to pay for this plan',
};
