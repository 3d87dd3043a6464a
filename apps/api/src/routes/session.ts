// The session calls of spec section 7: who am I, sign in, sign out, register (user, admin,
// supergod). Registration keys are checked here, never in the browser.
import { messages, routes } from '@omega/contracts';
import type { Role } from '@omega/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';
import { SESSION_COOKIE } from '../plugins/external/session.js';
import { toUser } from '../repositories/users.js';
import { PASSWORD_SIGN_IN } from '../services/login-throttle.js';
import { hashPassword, verifyPassword } from '../services/passwords.js';
import type { KeyKind } from '../services/registration-keys.js';

/** Wrong registration keys share the sign-in throttle, under one pseudo-account. */
const KEY_GUESS_ACCOUNT = '#registration-key';

export default async function sessionRoutes(app: FastifyInstance) {
  const { users, activity } = app.repos;
  const throttle = app.loginThrottle;

  /** Checks and counts a try in one step (429 when it must wait); settle it with the outcome. */
  const beginAttempt = (request: FastifyRequest, account: string) =>
    throttle.begin(PASSWORD_SIGN_IN, request.ip, account);

  /** Starts a fresh session for the user: a new id, so a planted id is never promoted. */
  async function signIn(request: FastifyRequest, user: UserRow) {
    await request.session.regenerate();
    request.session.userId = user.id;
    const now = app.clock();
    await users.recordLogin(user.id, now);
    request.user = { ...user, last_login: now };
    return request.user;
  }

  async function register(request: FastifyRequest, username: string, password: string, role: Role) {
    if (await users.findByUsername(username)) throw new HttpError(409, messages.usernameTaken);
    const created = await users.create({
      username,
      passwordHash: await hashPassword(password),
      role,
      createdAt: app.clock(),
    });
    // A concurrent registration of the same name can win between the check and the insert.
    if (!created) throw new HttpError(409, messages.usernameTaken);
    const user = await signIn(request, created);
    await activity.record({
      userId: user.id,
      action: 'register',
      details: `${user.username} registered as ${role}`,
      at: app.clock(),
    });
    return { ok: true as const, message: 'Registered successfully', user: toUser(user) };
  }

  async function checkKey(request: FastifyRequest, kind: KeyKind, key: string, message: string) {
    const attempt = await beginAttempt(request, KEY_GUESS_ACCOUNT);
    if (!app.registrationKeys.verify(kind, key)) {
      attempt.keep();
      throw new HttpError(403, message);
    }
    // The right key counts as nothing, but leaves the guessers' streak where it was.
    await attempt.withdraw();
  }

  defineRoute(app, routes.currentUser, async (request) => {
    const user = await app.currentUser(request);
    // The access hook has already answered 401 for signed-out callers.
    if (!user) throw new HttpError(401, 'Authentication required');
    return toUser(user);
  });

  defineRoute(app, routes.login, async (request) => {
    const { username, password } = request.body;
    const account = username.toLowerCase();
    const attempt = await beginAttempt(request, account);
    let found: UserRow | undefined;
    try {
      found = await users.findByUsername(username);
    } catch (err) {
      // The database could not answer (a 503): no password was checked, so nothing counts.
      await attempt.withdraw();
      throw err;
    }
    const valid = await verifyPassword(found?.password_hash, password);
    if (!found || !valid || found.disabled !== 0) {
      attempt.keep();
      await activity.record({
        userId: found?.id ?? null,
        action: 'login_failed',
        details: `failed sign-in for ${JSON.stringify(username)} from ${request.ip}`,
        at: app.clock(),
      });
      throw new HttpError(
        401,
        found && valid ? messages.accountDisabled : messages.invalidCredentials,
      );
    }
    await attempt.succeeded();
    const user = await signIn(request, found);
    await activity.record({
      userId: user.id,
      action: 'login',
      details: `${user.username} signed in`,
      at: app.clock(),
    });
    return { ok: true as const, message: 'Logged in successfully', user: toUser(user) };
  });

  defineRoute(app, routes.logout, async (request, reply) => {
    const user = await app.currentUser(request);
    if (request.session) {
      if (user) {
        await activity.record({
          userId: user.id,
          action: 'logout',
          details: `${user.username} signed out`,
          at: app.clock(),
        });
      }
      await request.session.destroy();
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const, message: 'Logged out successfully' };
  });

  defineRoute(app, routes.register, async (request) =>
    register(request, request.body.username, request.body.password, 'user'),
  );

  defineRoute(app, routes.registerAdmin, async (request) => {
    await checkKey(request, 'admin', request.body.secretKey, messages.adminKeyInvalid);
    return register(request, request.body.username, request.body.password, 'admin');
  });

  defineRoute(app, routes.registerSupergod, async (request) => {
    await checkKey(request, 'supergod', request.body.secretKey, messages.supergodKeyInvalid);
    return register(request, request.body.username, request.body.password, 'supergod');
  });
}
