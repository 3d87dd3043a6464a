// Refuses state-changing requests sent by a browser from another site: a foreign Origin or
// `Sec-Fetch-Site: cross-site`. Clients that send no Origin (curl, servers) are unaffected.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WIDGET_PREFIX } from '../external/widget-cors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

export default fp(
  async (app) => {
    const widgetOrigins = new Set(app.config.widgetOrigins);
    // Decided on headers alone, so a callback hook: no promise per request.
    const refuses = (request: FastifyRequest): boolean => {
      // The embeddable keypad, from a site the operator listed (bearer tokens, no cookies).
      const origin = request.headers.origin;
      if (origin && widgetOrigins.has(origin) && request.url.startsWith(WIDGET_PREFIX)) {
        return false;
      }
      if (request.headers['sec-fetch-site'] === 'cross-site') return true;
      if (origin === undefined) return false;
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      return originHost !== request.host;
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method) || !refuses(request)) {
        done();
        return;
      }
      reply.code(403).send({ message: CROSS_SITE_MESSAGE });
    });
  },
  { name: 'cross-origin-guard' },
);
