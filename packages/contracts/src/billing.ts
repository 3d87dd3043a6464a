// Payments (issue 39): the saved payment method, the provider's card set-up, paying a past-due
// invoice and the authentication step some cards ask for. Money is integer cents on the wire.
//
// The authentication step (the 4000 0025 0000 3155 card, or a Stripe card whose bank asks): a
// charge made while the user waits (an upgrade, pay-now) answers 402 with `requiresAction`
// instead of a plain decline. The client then has the user confirm the payment — the demo
// provider's dialog, or Stripe.js `confirmCardPayment(clientSecret)` — and sends
// POST /api/billing/confirm with the `paymentId` (and, for the demo dialog, `approve`). The
// server reads the payment's outcome from the provider and finishes what asked for it (the plan
// change or the invoice), answering as that call would have.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { CurrentSubscriptionSchema } from './subscriptions.js';

/** Which payment provider the server uses: the web app shows the matching card form. */
export const PaymentProviderName = Type.Unsafe<'demo' | 'stripe'>({
  type: 'string',
  enum: ['demo', 'stripe'],
});
export type PaymentProviderName = Static<typeof PaymentProviderName>;

export const BillingConfigSchema = Type.Object({
  provider: PaymentProviderName,
  /** Stripe's publishable key for Stripe.js; null with the demo provider. */
  publishableKey: Nullable(Type.String()),
});
export type BillingConfig = Static<typeof BillingConfigSchema>;

/** A saved card as it may be shown: never the number or the CVC, which are never stored. */
export const PaymentMethodSchema = Type.Object({
  /** 'visa', 'mastercard', 'amex', 'discover', ... or 'card' when unknown. */
  brand: Type.String(),
  last4: Type.String(),
  expMonth: Type.Integer(),
  expYear: Type.Integer(),
});
export type PaymentMethod = Static<typeof PaymentMethodSchema>;

/**
 * A card to save. With the demo provider: `cardNumber` (spaces allowed), `expMonth`,
 * `expYear` and `cvc`; with Stripe: `paymentMethodId` from Stripe.js after
 * POST /api/billing/setup-intent. The fields the configured provider needs are checked by the
 * server, and a missing or wrong one is a 400 naming it. The card number and CVC are used once
 * to decide the card, then dropped: never stored, never logged.
 */
export const SavePaymentMethodBody = Type.Object({
  cardNumber: Type.Optional(
    Type.String({
      maxLength: 30,
      pattern: '^[0-9 -]*$',
      errorMessage: {
        pattern: 'cardNumber must hold digits only',
        maxLength: 'cardNumber is too long',
      },
    }),
  ),
  expMonth: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 12,
      errorMessage: 'expMonth must be a month from 1 to 12',
    }),
  ),
  expYear: Type.Optional(
    Type.Integer({
      minimum: 2000,
      maximum: 2100,
      errorMessage: 'expYear must be a four-digit year',
    }),
  ),
  cvc: Type.Optional(
    Type.String({
      maxLength: 4,
      pattern: '^[0-9]*$',
      errorMessage: 'cvc must be 3 or 4 digits',
    }),
  ),
  paymentMethodId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[A-Za-z0-9_]+$',
      errorMessage: 'paymentMethodId must be the id Stripe.js gave (pm_...)',
    }),
  ),
});
export type SavePaymentMethodBody = Static<typeof SavePaymentMethodBody>;

export const SetupIntentSchema = Type.Object({ clientSecret: Type.String() });
export type SetupIntent = Static<typeof SetupIntentSchema>;

/**
 * A charge that did not go through: 402. `code` says why ('card_declined',
 * 'insufficient_funds', 'authentication_required', 'expired_card', 'no_payment_method', ...);
 * `requiresAction` is there when the user can still approve the payment (see the top of this
 * file).
 */
export const PaymentRequiredResponse = Type.Object({
  message: Type.String({
    description: "What went wrong, readable by a person ('Your card was declined')",
  }),
  code: Type.Optional(Type.String()),
  requiresAction: Type.Optional(
    Type.Object({
      /** Send to POST /api/billing/confirm once the user has answered. */
      paymentId: Type.String(),
      /** For Stripe.js `confirmCardPayment`; null with the demo provider (its own dialog). */
      clientSecret: Nullable(Type.String()),
      /** Cents the payment asks for. */
      amount: Type.Integer(),
    }),
  ),
});
export type PaymentRequiredResponse = Static<typeof PaymentRequiredResponse>;

export const ConfirmPaymentBody = Type.Object({
  paymentId: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^[A-Za-z0-9_:-]+$',
    errorMessage: 'paymentId must be the one the 402 answer gave',
  }),
  /** The demo dialog's answer: true approves the payment, false fails it. Stripe ignores it. */
  approve: Type.Optional(Type.Boolean()),
});
export type ConfirmPaymentBody = Static<typeof ConfirmPaymentBody>;

/** A payment that went through (pay-now, or a confirmed one): the subscription as it now is. */
export const PaymentDoneResponse = Type.Object({
  message: Type.String(),
  subscription: CurrentSubscriptionSchema,
});
export type PaymentDoneResponse = Static<typeof PaymentDoneResponse>;

/** What Stripe's webhook delivery is answered: received, and what was done with it. */
export const StripeWebhookAck = Type.Object({
  received: Type.Literal(true),
  message: Type.String(),
});
export type StripeWebhookAck = Static<typeof StripeWebhookAck>;
