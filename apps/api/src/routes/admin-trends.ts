// The admin console's trend charts (issue 19): one aggregate read per chart, in services/trends.ts.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';

export default async function adminTrendsRoutes(app: FastifyInstance) {
  defineRoute(app, routes.logLevelsTrend, async () => app.trends.logLevels());
  defineRoute(app, routes.signInsTrend, async () => app.trends.signIns());
  defineRoute(app, routes.registrationsTrend, async () => app.trends.registrations());
  defineRoute(app, routes.plansTrend, async () => app.trends.plans());
  defineRoute(app, routes.revenueTrend, async () => app.trends.revenue());
}
