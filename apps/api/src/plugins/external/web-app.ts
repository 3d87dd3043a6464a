// Serves the built web app (apps/web/dist) when it exists, and the standalone keypad under
// /keypad/; unknown non-API paths get the web app's index.html so client routes survive a reload.
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
    const keypad = app.buildOptions.keypadDist;
    if (keypad && existsSync(`${keypad}/omega-keypad.js`)) {
      // The standalone keypad page and the embeddable custom element.
      await app.register(fastifyStatic, {
        root: keypad,
        prefix: '/keypad/',
        decorateReply: false,
        index: ['index.html'],
        // Other sites load the element as a module script: that needs CORS, and helmet's
        // same-origin resource policy would block it. The script is public and carries no
        // credentials, so any origin may load it (its API calls are still limited to
        // OMEGA_WIDGET_ORIGINS).
        setHeaders: (res, path) => {
          if (!path.endsWith('/omega-keypad.js')) return;
          res.setHeader('access-control-allow-origin', '*');
          res.setHeader('cross-origin-resource-policy', 'cross-origin');
        },
      });
    }
    if (!available) return;
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  },
  { name: 'web-app', dependencies: ['config'] },
);
