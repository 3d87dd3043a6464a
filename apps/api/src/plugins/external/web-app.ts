// Serves the built web app (apps/web/dist) when it exists; unknown non-API paths get its
// index.html so client-side routes survive a reload.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    webAppAvailable: boolean;
  }
}

export default fp(
  async (app) => {
    const root = app.buildOptions.webDist;
    const available = root !== undefined && existsSync(`${root}/index.html`);
    app.decorate('webAppAvailable', available);
    if (!available) return;
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  },
  { name: 'web-app', dependencies: ['config'] },
);
