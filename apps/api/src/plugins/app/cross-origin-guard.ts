// Refuses state-changing requests sent by a browser from another site: a foreign Origin or
// `Sec-Fetch-Site: cross-site`. Clients that send no Origin (curl, servers) are unaffected.
import fp from 'fastify-plugin';
import { WIDGET_PREFIX } from '../external/widget-cors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

export default fp(
  async (app) => {
    const widgetOrigins = new Set(app.config.widgetOrigins);
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      // The embeddable keypad, from a site the operator listed (bearer tokens, no cookies).
      const origin = request.headers.origin;
      if (origin && widgetOrigins.has(origin) && request.url.startsWith(WIDGET_PREFIX)) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
      }
      if (origin === undefined) return;
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      if (originHost !== request.host) {
        return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
      }
    });
  },
  { name: 'cross-origin-guard' },
);
