// A signed-in user's own subscription: status, billing history, cancel, resume and plan changes.
import { Type } from '@sinclair/typebox';
import { PaymentRequiredResponse } from '../billing.js';
import { ErrorResponse } from '../common.js';
import {
  BillingItemSchema,
  ChangePlanBody,
  ChangePlanResponse,
  CurrentPlanSchema,
  CurrentSubscriptionSchema,
  OverrideInfoSchema,
  PreviewSchema,
  SubscriptionMessage,
  UserIdQuery,
} from '../subscriptions.js';
import { route } from './define.js';

export const subscriptionsRoutes = {
  currentPlan: route({
    method: 'GET',
    url: '/api/subscription/current-plan',
    access: 'user',
    summary: "The signed-in user's plan",
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: CurrentPlanSchema } },
  }),
  currentSubscription: route({
    method: 'GET',
    url: '/api/subscription/current',
    access: 'user',
    summary: "The signed-in user's subscription",
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: CurrentSubscriptionSchema } },
  }),
  billingHistory: route({
    method: 'GET',
    url: '/api/subscription/billing-history',
    access: 'user',
    summary: "The signed-in user's invoices, newest first",
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: Type.Array(BillingItemSchema) } },
  }),
  overrideInfo: route({
    method: 'GET',
    url: '/api/subscription/override-info',
    access: 'user',
    summary: "Whether an admin set the user's plan (a user may ask only about themselves)",
    tags: ['subscriptions'],
    polled: true,
    schema: { querystring: UserIdQuery, response: { 200: OverrideInfoSchema, 403: ErrorResponse } },
  }),
  cancelSubscription: route({
    method: 'POST',
    url: '/api/subscription/cancel',
    access: 'user',
    summary: 'End the subscription at the end of the current period',
    tags: ['subscriptions'],
    schema: { response: { 200: SubscriptionMessage, 409: ErrorResponse } },
  }),
  resumeSubscription: route({
    method: 'POST',
    url: '/api/subscription/resume',
    access: 'user',
    summary: 'Undo a cancellation before the period ends',
    tags: ['subscriptions'],
    schema: { response: { 200: SubscriptionMessage, 409: ErrorResponse } },
  }),
  previewChange: route({
    method: 'POST',
    url: '/api/subscription/preview-change',
    access: 'user',
    readOnly: true,
    summary: 'What a plan change would charge now and at renewal (nothing is changed)',
    tags: ['subscriptions'],
    schema: { body: ChangePlanBody, response: { 200: PreviewSchema, 409: ErrorResponse } },
  }),
  changePlan: route({
    method: 'POST',
    url: '/api/subscription/change-plan',
    access: 'user',
    summary: 'Change plan: upgrades are charged pro-rated now, downgrades apply at the period end',
    description:
      "An upgrade is charged to the saved card before the plan changes: declined is a 402 {message, code} ('Your card was declined') and nothing changes; a card asking for authentication is a 402 with requiresAction (POST /api/billing/confirm finishes the change). A paid plan, its trial included, needs a saved card: without one, 402 with code 'no_payment_method'.",
    tags: ['subscriptions'],
    schema: {
      body: ChangePlanBody,
      response: { 200: ChangePlanResponse, 402: PaymentRequiredResponse, 409: ErrorResponse },
    },
  }),
} as const;
