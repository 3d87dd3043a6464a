// Loaded right after configuration, before any plugin adds routes: every /api route must
// declare its access level or the server refuses to start, and each one is recorded so
// tests (the access matrix) and the health page can list them.
import type { Access } from '@omega/contracts';
import fp from 'fastify-plugin';
import { DOCS_PREFIX } from '../external/openapi.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    apiRoutes: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

export default fp(
  async (app) => {
    const registered: RegisteredRoute[] = [];
    app.decorate('apiRoutes', registered);
    app.addHook('onRoute', (route) => {
      if (route.url !== '/api' && !route.url.startsWith('/api/')) return;
      // The generated API documentation is public by nature.
      if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: 'public' };
      const access = route.config?.access;
      if (!access) throw new Error(`${route.method} ${route.url} declares no access level`);
      for (const method of [route.method].flat())
        registered.push({ method, url: route.url, access });
    });
  },
  { name: 'route-registry', dependencies: ['config'] },
);
