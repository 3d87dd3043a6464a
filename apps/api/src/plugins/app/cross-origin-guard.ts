// Refuses state-changing requests sent by a browser from another site: a foreign Origin or
// `Sec-Fetch-Site: cross-site`. Clients that send no Origin (curl, servers) are unaffected.
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
      }
      const origin = request.headers.origin;
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
