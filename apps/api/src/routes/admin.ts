// The admin console's reads and the log clear (spec section 7, 'Announcements and logs' and
// 'Supergod and admin dashboards'). Admin and supergod only, by the route table.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';

export default async function adminRoutes(app: FastifyInstance) {
  defineRoute(app, routes.adminLogs, async (request) => {
    const limit = request.query.limit ?? 50;
    // Entries still in the write buffer belong on the page the admin is looking at.
    await app.systemLogs.flush();
    // One row more than the page tells whether an older page exists.
    const rows = await app.repos.systemLogs.page({
      level: request.query.level,
      search: request.query.search,
      before: request.query.before,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    return {
      logs: page.map((r) => ({
        id: r.id,
        level: r.level,
        source: r.source,
        message: r.message,
        timestamp: new Date(r.created_at).toISOString(),
        ...(r.stack_trace ? { stackTrace: r.stack_trace } : {}),
      })),
      nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  });

  defineRoute(app, routes.clearLogs, async (request) => {
    const cleared = await app.systemLogs.clearAll(signedIn(request).id);
    return { ok: true as const, message: 'Logs cleared', cleared };
  });

  defineRoute(app, routes.activityLogs, async (request) => {
    const rows = await app.repos.activity.recent(request.query.limit ?? 50, request.query.before);
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      action: r.action,
      timestamp: new Date(r.created_at).toISOString(),
      details: r.details,
    }));
  });

  defineRoute(app, routes.healthDetailed, async () => app.health.check());
}
