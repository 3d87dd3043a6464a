// GET /metrics: the Prometheus scrape (decision 020). Who may read it is the access hook's
// business ('metrics': the OMEGA_METRICS_TOKEN bearer token; off when unset).
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';

export default async function metricsRoutes(app: FastifyInstance) {
  defineRoute(app, routes.metrics, async (_request, reply) => {
    const text = await app.metrics.text();
    reply.type(app.metrics.contentType);
    return text;
  });
}
