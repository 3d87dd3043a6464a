// Liveness and readiness. Readiness answers within READY_PROBE_MS even when the database or
// Redis is silent, so a load balancer's probe never hangs: 503 when either cannot be reached
// (Redis only when configured, since sign-in cannot go ahead without it).
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineRoute } from '../lib/define-route.js';

/** The longest readiness waits for an answer from the database or Redis. */
export const READY_PROBE_MS = 2000;

/** 'ok' when the probe succeeds within READY_PROBE_MS, else 'unreachable' (and reports why). */
async function probe(check: Promise<unknown>, onFailure: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READY_PROBE_MS} ms`)),
      READY_PROBE_MS,
    );
  });
  try {
    await Promise.race([check, late]);
    return 'ok' as const;
  } catch (err) {
    onFailure(err);
    return 'unreachable' as const;
  } finally {
    clearTimeout(timer);
  }
}

export default async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, routes.health, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.floor(process.uptime()),
  }));

  defineRoute(app, routes.ready, async (_request, reply) => {
    // Shutting down: not ready, so the load balancer stops sending here before the listener
    // closes (decision 016). The database is still open for the requests in flight.
    if (app.shutdown.draining) {
      reply.code(503);
      return { status: 'unavailable' as const, database: 'ok' as const };
    }
    const redisConfigured = app.loginThrottle.storeKind === 'redis';
    const [database, redis] = await Promise.all([
      // Logged once per outage with every other database failure, not once per probe.
      probe(sql`select 1`.execute(app.database.db), (err) => app.databaseOutages.failed(err)),
      // The Redis client logs its own connection trouble.
      redisConfigured ? probe(app.loginThrottle.ping(), () => {}) : undefined,
    ]);
    const ok = database === 'ok' && redis !== 'unreachable';
    if (!ok) reply.code(503).header('retry-after', '5');
    return {
      status: ok ? ('ok' as const) : ('unavailable' as const),
      database,
      ...(redis && { redis }),
    };
  });
}
