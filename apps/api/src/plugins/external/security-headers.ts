// Security headers from helmet. Their values depend on configuration only, so helmet runs once
// at start, against a response that records them, and every answer gets that fixed set as
// reply headers: no middleware per request, and Node writes them with the answer's own headers
// in one pass (raw headers set early made it merge every answer's headers one by one).
// The Content-Security-Policy only asks for an https upgrade where the app is served over
// https (Secure cookies on), and lets Stripe.js in only with the stripe provider: its script and
// frames from Stripe's hosts, its calls to Stripe's API (the hosts Stripe's own CSP guide lists).
// The API's JSON answers get the headers that act on a response that is not a page (OWASP's
// REST Security Cheat Sheet): a policy that allows nothing and no framing, no sniffing, HSTS and
// the resource policy. The rest of helmet's set only acts on pages (decision 042).
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { callPath } from '../../lib/call-path.js';
import { DOCS_PREFIX } from './openapi.js';

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

/**
 * The headers of the API's own answers (JSON, or none), from the pages' set: those that act on
 * a response that is not a page. The documentation page under /api/docs is a page.
 */
export function apiSecurityHeaders(
  pageHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const kept = [
    'cross-origin-resource-policy',
    'strict-transport-security',
    'x-content-type-options',
  ];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of kept) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return Object.freeze(headers);
}

/** An answer of the API's own, not a page: under /api/, except the documentation's pages. */
export const isApiAnswer = (url: string) =>
  url.startsWith('/api/') && !url.startsWith(`${DOCS_PREFIX}`);

export default fp(
  async (app) => {
    const pages = securityHeaders(
      app.config.cookieSecure,
      app.config.payments.provider === 'stripe',
    );
    const api = apiSecurityHeaders(pages);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(callPath(request)) ? api : pages);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
