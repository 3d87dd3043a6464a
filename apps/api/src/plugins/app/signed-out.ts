// The cheapest refusal: a call that carries no credential of the kind its route needs — an
// account's route ('user', 'admin', 'supergod') without a session cookie, a keypad wallet's
// ('wallet') without a bearer token, and without a session cookie either — is answered 401
// before the session plugin runs. Without one nobody can be signed in, so the answer is the
// access hook's own; what it saves is @fastify/session's anonymous session, which it makes for
// every such request (a random id, an HMAC signature of it, a cookie object) only to throw it
// away (issue 18, docs/architecture/hot-path.md). Loaded after everything that sets an answer's
// headers or refuses earlier (load shedding, the cross-site guard), so the 401 is the same
// answer, headers included, as the access hook's; a request that carries the cookie, valid or
// not, goes on to the session and the access hook as before.
//
// A request with a personal access token (`Authorization: Bearer omega_pat_…`) is the token's
// alone: its Cookie header is dropped here, so no session — nor a view as a user kept in one —
// can add to or stand in for what the token may do, and an account's route goes on to the
// access hook, which checks the token.
//
// A keypad, gateway or metrics call without the session cookie is marked `sessionless`: no
// session can concern it, so @fastify/session (patched) makes none — its anonymous session (a
// random id, an HMAC of it) was a tenth of a keypad balance read. A token's call is not: it
// reaches account routes that use the request's session (sign-out destroys it, a passkey's
// challenge is kept in it, the session list marks the current one), which answered 500 on an
// empty object; it gets the anonymous session a cookie-less request always had.
import fp from 'fastify-plugin';
import { bearerAccessToken } from '../../services/access-tokens.js';
import { AUTH_REQUIRED, isAccountLevel, WALLET_REQUIRED } from './access.js';

/**
 * Whether a Cookie header can hold the session cookie. A plain substring test errs on the side
 * of going on: any header that mentions the name (even inside another cookie's value) takes the
 * full path, which decides exactly as before.
 */
export function mayCarrySession(cookieHeader: string | undefined, cookieName: string): boolean {
  return cookieHeader?.includes(cookieName) === true;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set here for a call that no session can concern: @fastify/session (patched, decision 022)
     * then makes none, and `request.session` is an empty object.
     */
    sessionless: boolean;
  }
}

/** Access levels whose calls carry their own credential and never read a session. */
const OWN_CREDENTIAL = new Set(['wallet', 'gateway', 'metrics']);

export default fp<{ cookieName: string }>(
  async (app, { cookieName }) => {
    app.decorateRequest('sessionless', false);
    app.addHook('onRequest', (request, reply, done) => {
      const access = request.routeOptions.config.access;
      if (access !== undefined && bearerAccessToken(request.headers.authorization) !== null) {
        delete request.headers.cookie;
        done();
        return;
      }
      // With a session cookie the request goes on either way: a view as a user, kept in the
      // session, refuses writes (403) before any 401 (plugins/app/impersonation.ts).
      if (access === undefined || mayCarrySession(request.headers.cookie, cookieName)) {
        done();
      } else if (isAccountLevel(access)) {
        reply.code(401).send({ message: AUTH_REQUIRED });
      } else if (access === 'wallet' && !request.headers.authorization?.startsWith('Bearer ')) {
        reply.code(401).send({ message: WALLET_REQUIRED });
      } else {
        // A keypad call with its bearer token, the USSD gateway's callback, the metrics scrape:
        // without a session cookie there is no session to restore, and none is made.
        if (OWN_CREDENTIAL.has(access)) request.sessionless = true;
        done();
      }
    });
  },
  { name: 'signed-out', dependencies: ['route-registry'] },
);
