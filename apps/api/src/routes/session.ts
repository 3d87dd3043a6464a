// The session calls of spec section 7: who am I, sign in, sign out, register (user, admin,
// supergod). Accounts are the account service's; this file holds what is HTTP: the session
// cookie. Registration keys are checked by the server, never in the browser.
import { routes } from '@omega/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';
import { SESSION_COOKIE } from '../plugins/external/session.js';
import { toUser } from '../services/accounts.js';

export default async function sessionRoutes(app: FastifyInstance) {
  const accounts = app.accounts;

  /**
   * Starts a fresh session for the user (a new id, so a planted id is never promoted) and
   * answers the session call with the account.
   */
  async function signedInAs(request: FastifyRequest, user: UserRow, message: string) {
    await request.session.regenerate();
    request.session.userId = user.id;
    request.user = user;
    return { ok: true as const, message, user: toUser(user) };
  }

  // The access hook has loaded and checked the account (or answered 401 already).
  defineRoute(app, routes.currentUser, async (request) => toUser(signedIn(request)));

  defineRoute(app, routes.login, async (request) => {
    const { username, password } = request.body;
    const user = await accounts.signIn(username, password, request.ip, request.id);
    return signedInAs(request, user, 'Logged in successfully');
  });

  defineRoute(app, routes.logout, async (request, reply) => {
    const user = await app.currentUser(request);
    if (request.session) {
      if (user) await accounts.signedOut(user, request.id);
      await request.session.destroy();
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const, message: 'Logged out successfully' };
  });

  defineRoute(app, routes.register, async (request) => {
    const { username, password } = request.body;
    const user = await accounts.register({ username, password, role: 'user' }, request.id);
    return signedInAs(request, user, 'Registered successfully');
  });

  // The keyed registrations differ only in the role their key grants.
  for (const [spec, role] of [
    [routes.registerAdmin, 'admin'],
    [routes.registerSupergod, 'supergod'],
  ] as const) {
    defineRoute(app, spec, async (request) => {
      const { username, password, secretKey } = request.body;
      const user = await accounts.registerWithKey(
        role,
        secretKey,
        { username, password },
        request.ip,
        request.id,
      );
      return signedInAs(request, user, 'Registered successfully');
    });
  }
}
