// Security headers from helmet. Their values depend on configuration only, so helmet runs once
// at start, against a response that records them, and every answer gets that fixed set as
// reply headers: no middleware per request, and Node writes them with the answer's own headers
// in one pass (raw headers set early made it merge every answer's headers one by one).
// The Content-Security-Policy only asks for an https upgrade where the app is served over
// https (Secure cookies on), and lets Stripe.js in only with the stripe provider: its script and
// frames from Stripe's hosts, its calls to Stripe's API (the hosts Stripe's own CSP guide lists).
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The headers helmet sets with these options, as a plain object of lower-case names. */
export function securityHeaders(
  cookieSecure: boolean,
  stripeJs = false,
): Readonly<Record<string, string>> {
  const stripe = 'https://js.stripe.com';
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: cookieSecure ? [] : null,
        ...(stripeJs
          ? {
              scriptSrc: ["'self'", stripe, 'https://*.js.stripe.com'],
              frameSrc: [stripe, 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
              connectSrc: ["'self'", 'https://api.stripe.com'],
            }
          : {}),
      },
    },
  });
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let applied = false;
  applyHeaders(request, response, (err?: unknown) => {
    if (err) throw err;
    applied = true;
  });
  // Nothing here may depend on the request (a nonce would): helmet answers synchronously.
  if (!applied) throw new Error('helmet did not set its headers synchronously');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    headers[name] = String(value);
  }
  return Object.freeze(headers);
}

export default fp(
  async (app) => {
    const headers = securityHeaders(
      app.config.cookieSecure,
      app.config.payments.provider === 'stripe',
    );
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
