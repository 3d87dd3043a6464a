// Lets the embedded keypad widget call the wallet API from the sites listed in
// OMEGA_WIDGET_ORIGINS, and nobody else. Only /api/ussd/* answers cross-origin: wallet calls
// carry a bearer token, not cookies, so allowing them cannot be turned into a forged request.
// The answers are those @fastify/cors gave with a per-request delegator, decided here with one
// set lookup: its options were rebuilt on every request, the API's own included, for a policy
// that is fixed at start (docs/architecture/hot-path.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addVary } from '../../lib/vary.js';

export const WIDGET_PREFIX = '/api/ussd/';

const ALLOW_METHODS = 'GET, POST';
const ALLOW_HEADERS = 'content-type, authorization';
const MAX_AGE_SECONDS = '600';

export default fp(
  async (app) => {
    const allowed = new Set(app.config.widgetOrigins);
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      // Which origins may read an answer depends on the Origin asked from.
      addVary(reply, 'Origin');
      const origin = request.headers.origin;
      if (origin === undefined || !allowed.has(origin) || !request.url.startsWith(WIDGET_PREFIX)) {
        done();
        return;
      }
      reply.header('access-control-allow-origin', origin);
      if (request.method !== 'OPTIONS') {
        done();
        return;
      }
      // A preflight is answered here, before any hook that would want credentials.
      if (!request.headers['access-control-request-method']) {
        reply.code(400).type('text/plain').send('Invalid Preflight Request');
        return;
      }
      reply
        .header('access-control-allow-methods', ALLOW_METHODS)
        .header('access-control-allow-headers', ALLOW_HEADERS)
        .header('access-control-max-age', MAX_AGE_SECONDS)
        .code(204)
        .header('content-length', '0')
        .send();
    });
    // Other OPTIONS requests reach a route that answers 404, as unknown calls are answered.
    app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
  },
  { name: 'widget-cors', dependencies: ['config'] },
);
