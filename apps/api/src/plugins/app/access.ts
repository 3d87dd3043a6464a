// Access control: every /api route declares who may call it (route table in
// @omega/contracts, carried in the route's `config.access`; see route-registry.ts), and this
// one hook enforces the level before any handler runs. An account's route is opened by its
// session cookie or by one of its personal access tokens (`Authorization: Bearer omega_pat_…`):
// a token is checked for the route (`tokens`), its scopes and then the account's role, as a
// session is; a request with a token is the token's alone (plugins/app/signed-out.ts drops its
// cookie).
// A session's account is read at most once a second (the caches of session-store.ts and
// repositories/users.ts), except on a write to what only a browser session may change (the
// route table's `tokens: false`: password, sessions, two-factor, passkeys, tokens, the card,
// view-as): there the session's row and its account are read from the database, so a session
// ended or an account disabled on another instance in the last second changes nothing.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { Access } from '@omega/contracts';
import { accessTokenMessages } from '@omega/contracts';
import { atLeast, missingScope, normalizeRole, type TokenScope } from '@omega/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { bearerAccessToken } from '../../services/access-tokens.js';
import { SessionEndedError } from '../../services/session-store.js';
import { passwordMark } from '../../services/two-factor.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False when a personal access token never opens the route (the route table's `tokens`). */
    tokens?: boolean;
  }
  interface FastifyInstance {
    /**
     * The signed-in, enabled user of this request, or null; read once per request. `fresh`:
     * read the account from the database, not the last second's cache.
     */
    currentUser(request: FastifyRequest, fresh?: boolean): Promise<UserRow | null>;
  }
  interface FastifyRequest {
    user: UserRow | null | undefined;
    /** The phone of the keypad wallet signed in with a bearer token, on 'wallet' routes. */
    wallet: string | null;
    /** The personal access token the request was made with, when it was. */
    accessToken: { id: number; scopes: TokenScope[] } | null;
  }
}

export const AUTH_REQUIRED = 'Authentication required';

export const METRICS_TOKEN_REQUIRED =
  'Metrics need the bearer token set in OMEGA_METRICS_TOKEN (Authorization: Bearer <token>)';
export const METRICS_OFF = 'Not found: metrics are off (set OMEGA_METRICS_TOKEN to turn them on)';

/**
 * The account of a request to a 'user', 'admin' or 'supergod' route: the access hook has
 * already loaded and checked it, so handlers read it instead of asking again.
 */
export function signedIn(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, AUTH_REQUIRED);
  return request.user;
}
/** An admin or supergod route, to a role that must use two-factor and has not set it up. */
export const TWO_FACTOR_REQUIRED = 'Two-factor authentication required';
export const WALLET_REQUIRED =
  'Wallet sign-in required: send Authorization: Bearer <token> from /api/ussd/login';

/** The levels checked against the session's account (the others have their own credentials). */
const ACCOUNT_LEVELS: ReadonlySet<Access> = new Set<Access>(['user', 'admin', 'supergod']);

export function isAccountLevel(access: Access): access is 'user' | 'admin' | 'supergod' {
  return ACCOUNT_LEVELS.has(access);
}

/**
 * The password mark of an account row, worked out once per row read: a signed-in request
 * compares it with its session's, and the users' cache hands the same row to a second's requests.
 */
const marks = new WeakMap<UserRow, string>();
function markOf(row: UserRow): string {
  let mark = marks.get(row);
  if (mark === undefined) {
    mark = passwordMark(row);
    marks.set(row, mark);
  }
  return mark;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', undefined);
    app.decorateRequest('wallet', null);
    app.decorateRequest('accessToken', null);
    /**
     * A session's account row that may act: it exists, is not disabled, and has the password
     * the session was begun under (a session an older release began does not say).
     */
    const active = (request: FastifyRequest, row: UserRow | undefined): UserRow | undefined => {
      if (row?.disabled !== 0) return undefined;
      const begunUnder = request.session.password;
      return begunUnder === undefined || begunUnder === markOf(row) ? row : undefined;
    };

    app.decorate('currentUser', async (request: FastifyRequest, fresh = false) => {
      if (request.user !== undefined) return request.user;
      const userId = request.session?.userId;
      let user: UserRow | null = null;
      if (typeof userId === 'number') {
        const users = app.repos.users;
        const row = active(
          request,
          await (fresh ? users.findFresh(userId) : users.findForSession(userId)),
        );
        if (row) user = row;
        // A deleted or disabled account, or a changed password, ends the session it had.
        else await request.session.destroy();
      }
      request.user = user;
      return user;
    });

    const expectedMetrics = app.config.metricsToken
      ? createHash('sha256').update(app.config.metricsToken).digest()
      : null;
    /** The monitoring system's bearer token, compared in constant time. */
    const metricsAuth = (header: string | undefined): 'ok' | 'refused' | 'off' => {
      if (!expectedMetrics) return 'off';
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const offered = createHash('sha256').update(token).digest();
      return timingSafeEqual(offered, expectedMetrics) ? 'ok' : 'refused';
    };

    /** Roles that must have two-factor on before an admin or supergod route answers them. */
    const requireTwoFactor = new Set<string>(app.config.requireTwoFactor);
    const secondFactorApplies = (user: UserRow, access: Access) =>
      (access === 'admin' || access === 'supergod') &&
      requireTwoFactor.has(normalizeRole(user.role));

    /** Whether the request may go on; when not, the refusal has been sent. */
    const admit = async (
      request: FastifyRequest,
      reply: FastifyReply,
      access: Exclude<Access, 'public'>,
    ): Promise<boolean> => {
      if (access === 'gateway') {
        // Decided on headers and address alone: a refused callback reads and writes nothing.
        const verdict = app.gatewayAuth.verify(request.ip, request.headers, request.id);
        if (verdict.ok) return true;
        reply.code(verdict.statusCode).send({ message: verdict.message });
        return false;
      }
      if (access === 'metrics') {
        // Off unless the operator set a token: then the endpoint does not exist (404).
        const verdict = metricsAuth(request.headers.authorization);
        if (verdict === 'ok') return true;
        reply
          .code(verdict === 'off' ? 404 : 401)
          .send({ message: verdict === 'off' ? METRICS_OFF : METRICS_TOKEN_REQUIRED });
        return false;
      }
      if (access === 'wallet') {
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
        request.wallet = await app.walletSignIn.walletForToken(token);
        if (request.wallet) return true;
        reply.code(401).send({ message: WALLET_REQUIRED });
        return false;
      }
      const token = bearerAccessToken(request.headers.authorization);
      if (token !== null) return admitToken(request, reply, access, token);
      const fresh = securityWrite(request);
      // Ended since this instance cached it: signed out (401, the cookie cleared, nothing saved).
      if (fresh && request.session?.userId !== undefined) {
        if (!(await app.sessionStore.confirm(request.session.sessionId))) {
          throw new SessionEndedError();
        }
      }
      const user = await app.currentUser(request, fresh);
      if (!user) {
        reply.code(401).send({ message: AUTH_REQUIRED });
        return false;
      }
      return admitAccount(request, reply, access, user);
    };

    /** An account, signed in by session or token, against the route's role. */
    const admitAccount = async (
      request: FastifyRequest,
      reply: FastifyReply,
      access: 'user' | 'admin' | 'supergod',
      user: UserRow,
    ): Promise<boolean> => {
      if (atLeast(normalizeRole(user.role), access)) {
        if (!secondFactorApplies(user, access) || (await app.twoFactor.isOn(user.id))) return true;
        reply.code(403).send({ message: TWO_FACTOR_REQUIRED });
        return false;
      }
      // A signed-in account reaching above its role is worth an admin's eye.
      await app.repos.activity.record({
        userId: user.id,
        action: 'access_denied',
        details: `${request.method} ${request.routeOptions.url} needs the ${access} role`,
        at: app.clock(),
        requestId: request.id,
      });
      reply.code(403).send({ message: `This requires the ${access} role` });
      return false;
    };

    /**
     * A personal access token on an account's route: the route must take tokens, the token must
     * be live and hold the scopes the call needs, and its account the role.
     */
    const admitToken = async (
      request: FastifyRequest,
      reply: FastifyReply,
      access: 'user' | 'admin' | 'supergod',
      token: string,
    ): Promise<boolean> => {
      if (request.routeOptions.config.tokens === false) {
        reply.code(403).send({ message: accessTokenMessages.notHere });
        return false;
      }
      const verdict = await app.accessTokens.verify(token);
      if (!verdict.ok) {
        reply.code(401).send({ message: verdict.message });
        return false;
      }
      const { grant } = verdict;
      const missing = missingScope(grant.scopes, {
        method: request.method,
        access,
        readOnly: request.routeOptions.config.readOnly,
      });
      if (missing !== null) {
        reply.code(403).send({ message: `This token lacks the ${missing} scope` });
        return false;
      }
      request.user = grant.user;
      request.accessToken = { id: grant.tokenId, scopes: grant.scopes };
      return admitAccount(request, reply, access, grant.user);
    };

    /** A write to what only a browser session may change: read past the caches. */
    const securityWrite = (request: FastifyRequest) =>
      request.routeOptions.config.tokens === false &&
      request.method !== 'GET' &&
      request.method !== 'HEAD';

    /**
     * The account of a session whose user was read in the last second, enabled: what
     * `currentUser` would answer, known without a promise. Anything else takes the full path.
     */
    const cachedUser = (request: FastifyRequest): UserRow | undefined => {
      const userId = request.session?.userId;
      if (typeof userId !== 'number') return undefined;
      return active(request, app.repos.users.cachedForSession(userId));
    };

    // A callback hook: public calls (and everything outside the API) pass without a promise,
    // and so does a signed-in account whose row is cached and whose role suffices.
    app.addHook('onRequest', (request, reply, done) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') {
        done();
        return;
      }
      if (request.user === undefined && isAccountLevel(access) && !securityWrite(request)) {
        const user = cachedUser(request);
        if (
          user &&
          atLeast(normalizeRole(user.role), access) &&
          !secondFactorApplies(user, access)
        ) {
          request.user = user;
          done();
          return;
        }
      }
      admit(request, reply, access).then((admitted) => admitted && done(), done);
    });
  },
  { name: 'access', dependencies: ['session', 'services'] },
);
