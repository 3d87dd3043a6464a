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
      // The standalone keypad page and the embeddable custom element, in a scope of their own
      // so that the hook below runs for their files only.
      await app.register(async (scope) => {
        // Other sites load the element as a module script: that needs CORS, and helmet's
        // same-origin resource policy would block it. The script is public and carries no
        // credentials, so any origin may load it (its API calls are still limited to
        // OMEGA_WIDGET_ORIGINS). The file served decides; the headers go on the reply, where
        // the security headers are (a raw header would lose to them).
        const elementAnswers = new WeakSet<object>();
        scope.addHook('onSend', (_request, reply, payload, done) => {
          if (elementAnswers.has(reply.raw)) {
            reply.header('access-control-allow-origin', '*');
            reply.header('cross-origin-resource-policy', 'cross-origin');
          }
          done(null, payload);
        });
        await scope.register(fastifyStatic, {
          root: keypad,
          prefix: '/keypad/',
          decorateReply: false,
          index: ['index.html'],
          setHeaders: (res, path) => {
            if (path.endsWith('/omega-keypad.js')) elementAnswers.add(res);
          },
        });
      });
    }
    if (!available) return;
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  },
  { name: 'web-app', dependencies: ['config'] },
);
