// Liveness and readiness.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineRoute } from '../lib/define-route.js';

export default async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, routes.health, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.floor(process.uptime()),
  }));

  defineRoute(app, routes.ready, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.database.db);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (err) {
      app.log.warn({ err }, 'readiness check: database unreachable');
      reply.code(503);
      return { status: 'unavailable' as const, database: 'unreachable' as const };
    }
  });
}
