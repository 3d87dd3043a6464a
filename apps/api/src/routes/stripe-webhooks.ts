// Stripe's webhook, the one route that takes its body as the bytes that arrived: the signature
// Stripe sends is over those exact bytes, so no parser may touch them first. The parsers set
// here apply to this plugin's route only (Fastify scopes them to the plugin that adds them).
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';

export const STRIPE_WEBHOOKS_OFF =
  'Not found: Stripe webhooks are off (set OMEGA_PAYMENTS_PROVIDER=stripe to collect payments with Stripe)';

/** As large as the app's other JSON bodies: Stripe's events are a few kilobytes. */
const BODY_LIMIT = 1024 * 1024;

export default async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  defineRoute(app, routes.stripeWebhook, async (request) => {
    const webhooks = app.stripeWebhooks;
    if (!webhooks) throw new HttpError(404, STRIPE_WEBHOOKS_OFF);
    const body: unknown = request.body;
    const signature = request.headers['stripe-signature'];
    return webhooks.receive(
      Buffer.isBuffer(body) ? body : Buffer.alloc(0),
      typeof signature === 'string' ? signature : undefined,
    );
  });
}
