// Liveness and readiness. Readiness answers within a bounded time even when the database or
// Redis is silent (services/health.ts), so a load balancer's probe never hangs.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';

export default async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, routes.health, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.floor(process.uptime()),
  }));

  defineRoute(app, routes.ready, async (_request, reply) => {
    const ready = await app.health.ready();
    if (ready.status !== 'ok') reply.code(503);
    // A database or Redis that did not answer may be back soon; a draining server will not.
    if (ready.database === 'unreachable' || ready.redis === 'unreachable') {
      reply.header('retry-after', '5');
    }
    return ready;
  });
}
