// Lets the embedded keypad widget call the wallet API from the sites listed in
// OMEGA_WIDGET_ORIGINS, and nobody else. Only /api/ussd/* answers cross-origin: wallet calls
// carry a bearer token, not cookies, so allowing them cannot be turned into a forged request.
import cors from '@fastify/cors';
import fp from 'fastify-plugin';

export const WIDGET_PREFIX = '/api/ussd/';

export default fp(
  async (app) => {
    const allowed = new Set(app.config.widgetOrigins);
    await app.register(cors, {
      hideOptionsRoute: true,
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        const path = (request.url ?? '').split('?', 1)[0] ?? '';
        const open = path.startsWith(WIDGET_PREFIX) && origin !== undefined && allowed.has(origin);
        callback(null, {
          origin: open ? origin : false,
          methods: ['GET', 'POST'],
          allowedHeaders: ['content-type', 'authorization'],
          maxAge: 600,
        });
      },
    });
  },
  { name: 'widget-cors', dependencies: ['config'] },
);
