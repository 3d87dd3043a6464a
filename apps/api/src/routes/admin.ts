// The admin console's reads and the log clear (spec section 7, 'Announcements and logs' and
// 'Supergod and admin dashboards'). Admin and supergod only, by the route table.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';

export default async function adminRoutes(app: FastifyInstance) {
  defineRoute(app, routes.adminLogs, async (request) => {
    const { level, search, before, limit = 50 } = request.query;
    return app.systemLogs.page({ level, search, before, limit });
  });

  defineRoute(app, routes.clearLogs, async (request) => {
    const cleared = await app.systemLogs.clearAll(signedIn(request).id, request.id);
    return { ok: true as const, message: 'Logs cleared', cleared };
  });

  defineRoute(app, routes.activityLogs, async (request) =>
    app.adminReads.activity(request.query.limit ?? 50, request.query.before),
  );

  defineRoute(app, routes.healthDetailed, async () => app.health.check());
}
