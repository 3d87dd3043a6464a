import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, routeList, routes } from '../src/route-table.js';
import { accessTokenRoutes } from '../src/routes/access-tokens.js';
import { accountRoutes } from '../src/routes/account.js';
import { adminRoutes } from '../src/routes/admin.js';
import { adminTrendsRoutes } from '../src/routes/admin-trends.js';
import { adminUsersRoutes } from '../src/routes/admin-users.js';
import { announcementsRoutes } from '../src/routes/announcements.js';
import { assistantRoutes } from '../src/routes/assistant.js';
import { billingRoutes } from '../src/routes/billing.js';
import { catalogueRoutes } from '../src/routes/catalogue.js';
import { healthRoutes } from '../src/routes/health.js';
import { keypadRoutes } from '../src/routes/keypad.js';
import { metricsRoutes } from '../src/routes/metrics.js';
import { sessionRoutes } from '../src/routes/session.js';
import { subscriptionsRoutes } from '../src/routes/subscriptions.js';
import { supergodRoutes } from '../src/routes/supergod.js';

describe('route table', () => {
  it('gives every route a known access level and a unique method and path', () => {
    const seen = new Set<string>();
    for (const r of routeList) {
      expect(ACCESS_LEVELS).toContain(r.access);
      const key = `${r.method} ${r.url}`;
      expect(seen.has(key), `${key} is declared twice`).toBe(false);
      seen.add(key);
    }
  });

  it('loses no route when the areas are assembled (a name used by two areas would hide one)', () => {
    const areas = [
      healthRoutes,
      sessionRoutes,
      accountRoutes,
      accessTokenRoutes,
      adminRoutes,
      adminUsersRoutes,
      adminTrendsRoutes,
      announcementsRoutes,
      catalogueRoutes,
      subscriptionsRoutes,
      billingRoutes,
      keypadRoutes,
      supergodRoutes,
      assistantRoutes,
      metricsRoutes,
    ];
    const names = areas.flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(routes).sort()).toEqual([...names].sort());
  });

  it('keeps every API route under /api, and only the Prometheus scrape (metrics access) outside it', () => {
    for (const r of routeList) {
      if (r.access === 'metrics') expect(r.url).toBe('/metrics');
      else expect(r.url.startsWith('/api/'), r.url).toBe(true);
    }
  });
});
