// Payments (issue 39): the signed-in user's saved card, the provider's card set-up, paying a
// past-due invoice, and the authentication step some cards ask for (see ../billing.ts). The
// card routes take no personal access token: a card is saved from the browser, by the account
// holder, as the account's own security is.
import {
  BillingConfigSchema,
  ConfirmPaymentBody,
  PaymentDoneResponse,
  PaymentMethodSchema,
  PaymentRequiredResponse,
  SavePaymentMethodBody,
  SetupIntentSchema,
  StripeWebhookAck,
} from '../billing.js';
import { ErrorResponse, Nullable } from '../common.js';
import { route } from './define.js';

export const billingRoutes = {
  billingConfig: route({
    method: 'GET',
    url: '/api/billing/config',
    access: 'user',
    summary: "Which payment provider collects payments ('demo' or 'stripe'), for the card form",
    tags: ['billing'],
    schema: { response: { 200: BillingConfigSchema } },
  }),
  paymentMethod: route({
    method: 'GET',
    url: '/api/billing/payment-method',
    access: 'user',
    tokens: false,
    summary: "The signed-in user's saved card (brand, last 4, expiry), or null",
    tags: ['billing'],
    schema: { response: { 200: Nullable(PaymentMethodSchema) } },
  }),
  savePaymentMethod: route({
    method: 'POST',
    url: '/api/billing/payment-method',
    access: 'user',
    tokens: false,
    summary: 'Save (or replace) the card renewals and upgrades are charged to',
    description:
      "Demo provider: {cardNumber, expMonth, expYear, cvc} (Stripe's test numbers: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds, 4000 0025 0000 3155 asks for authentication on each payment made while the user waits, and fails renewals). Stripe: {paymentMethodId} from Stripe.js after POST /api/billing/setup-intent. Only the brand, last 4 and expiry are kept. A card the provider refuses is a 402.",
    tags: ['billing'],
    schema: {
      body: SavePaymentMethodBody,
      response: {
        200: PaymentMethodSchema,
        400: ErrorResponse,
        402: PaymentRequiredResponse,
      },
    },
  }),
  setupIntent: route({
    method: 'POST',
    url: '/api/billing/setup-intent',
    access: 'user',
    tokens: false,
    summary: "Start saving a card with Stripe.js: the set-up's client secret",
    description:
      'Only with the stripe provider; with demo it is a 409 (the demo card form posts the card to POST /api/billing/payment-method).',
    tags: ['billing'],
    schema: { response: { 200: SetupIntentSchema, 409: ErrorResponse } },
  }),
  payNow: route({
    method: 'POST',
    url: '/api/billing/pay-now',
    access: 'user',
    summary: 'Pay the open invoice of a past-due subscription with the saved card',
    description:
      'Paid: the subscription is active again at once. Declined: 402 {message}; a card asking for authentication: 402 with requiresAction (POST /api/billing/confirm). Nothing to pay: 409.',
    tags: ['billing'],
    schema: {
      response: {
        200: PaymentDoneResponse,
        402: PaymentRequiredResponse,
        409: ErrorResponse,
      },
    },
  }),
  confirmPayment: route({
    method: 'POST',
    url: '/api/billing/confirm',
    access: 'user',
    tokens: false,
    summary: 'Finish a payment that asked for authentication (after the 402 with requiresAction)',
    description:
      "The demo dialog sends {paymentId, approve}; with Stripe, {paymentId} after Stripe.js confirmed it. The server reads the payment's outcome from the provider and completes the plan change or the invoice it was for: 200 as that call answers, 402 when the payment failed, 404 for a payment that is not this user's.",
    tags: ['billing'],
    schema: {
      body: ConfirmPaymentBody,
      response: {
        200: PaymentDoneResponse,
        402: PaymentRequiredResponse,
        404: ErrorResponse,
        409: ErrorResponse,
      },
    },
  }),
  stripeWebhook: route({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    access: 'public',
    summary: "Stripe's webhook events (the stripe provider): payments that succeeded or failed",
    description:
      "Called by Stripe, not by clients: the raw body Stripe signed, with its Stripe-Signature header, checked against STRIPE_WEBHOOK_SECRET; a missing or wrong signature is a 400 and changes nothing. Each event is handled once per id, in any order: payment_intent.succeeded and payment_intent.payment_failed settle the charge from the PaymentIntent's state at Stripe; other events are acknowledged and ignored. 409: another instance is handling the same event (Stripe delivers it again). 404 unless OMEGA_PAYMENTS_PROVIDER=stripe.",
    tags: ['billing'],
    schema: {
      response: {
        200: StripeWebhookAck,
        400: ErrorResponse,
        404: ErrorResponse,
        409: ErrorResponse,
      },
    },
  }),
} as const;
