// Payments (issue 39): the signed-in user's card, paying a past-due invoice and finishing a
// payment that asked for authentication. Each call acts on the signed-in user only; the billing
// service owns the transactions and the activity rows.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';

export default async function billingRoutes(app: FastifyInstance) {
  const billing = app.billing;

  defineRoute(app, routes.billingConfig, async () => billing.config());

  defineRoute(app, routes.paymentMethod, async (request) =>
    billing.paymentMethod(signedIn(request).id),
  );

  defineRoute(app, routes.savePaymentMethod, async (request) =>
    billing.savePaymentMethod(signedIn(request), request.body, request.id),
  );

  defineRoute(app, routes.setupIntent, async (request) => billing.setupIntent(signedIn(request)));

  defineRoute(app, routes.payNow, async (request) =>
    billing.payNow(signedIn(request).id, request.id),
  );

  defineRoute(app, routes.confirmPayment, async (request) =>
    billing.confirm(signedIn(request), request.body, request.id),
  );
}
