// The route table: every API call with its method, path, schemas and access level, one file
// per area under ./routes/. The server registers its routes from here (a route without an
// access level cannot be registered), the access hook enforces the level, and the
// access-matrix test walks it.

import { accessTokenRoutes } from './routes/access-tokens.js';
import { accountRoutes } from './routes/account.js';
import { adminRoutes } from './routes/admin.js';
import { adminTrendsRoutes } from './routes/admin-trends.js';
import { adminUsersRoutes } from './routes/admin-users.js';
import { announcementsRoutes } from './routes/announcements.js';
import { assistantRoutes } from './routes/assistant.js';
import { billingRoutes } from './routes/billing.js';
import { catalogueRoutes } from './routes/catalogue.js';
import type { RouteSpec } from './routes/define.js';
import { healthRoutes } from './routes/health.js';
import { keypadRoutes } from './routes/keypad.js';
import { metricsRoutes } from './routes/metrics.js';
import { sessionRoutes } from './routes/session.js';
import { subscriptionsRoutes } from './routes/subscriptions.js';
import { supergodRoutes } from './routes/supergod.js';

export {
  ACCESS_LEVELS,
  type Access,
  type HttpMethod,
  type RouteSchema,
  type RouteSpec,
} from './routes/define.js';

export const routes = {
  ...healthRoutes,
  ...sessionRoutes,
  ...accountRoutes,
  ...accessTokenRoutes,
  ...adminRoutes,
  ...adminUsersRoutes,
  ...adminTrendsRoutes,
  ...announcementsRoutes,
  ...catalogueRoutes,
  ...subscriptionsRoutes,
  ...billingRoutes,
  ...keypadRoutes,
  ...supergodRoutes,
  ...assistantRoutes,
  ...metricsRoutes,
} as const;

export type RouteName = keyof typeof routes;
export const routeList: readonly RouteSpec[] = Object.values(routes);
