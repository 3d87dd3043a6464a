// The session calls of spec section 7: who am I, sign in, sign out, register (user, admin,
// supergod); and signing in with a passkey (issue 37). Accounts are the account service's; this
// file holds what is HTTP: the session cookie. Registration keys are checked by the server,
// never in the browser.
import { passkeyMessages, routes, twoFactorMessages } from '@omega/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';
import { signedIn } from '../plugins/app/access.js';
import {
  beginPendingSignIn,
  beginSession,
  keepPasskeyChallenge,
  SESSION_COOKIE,
  takePasskeyChallenge,
} from '../plugins/external/session.js';
import { type SignInClient, toUser } from '../services/accounts.js';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_PATH,
  DeviceTrust,
} from '../services/device-trust.js';
import { type PasskeyClient, relyingParty } from '../services/passkeys.js';
import { PENDING_SIGN_IN_MS, passwordMark } from '../services/two-factor.js';

export default async function sessionRoutes(app: FastifyInstance) {
  const accounts = app.accounts;
  const devices = new DeviceTrust(app.config.sessionSecret);

  /** Starts a fresh session for the user and answers the session call with the account. */
  async function signedInAs(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    message: string,
  ) {
    await beginSession(app, request, user);
    // This browser is now known to the account: its sign-ins keep their own throttle budget.
    reply.setCookie(
      DEVICE_COOKIE,
      devices.remember(request.cookies[DEVICE_COOKIE], user.username),
      {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.cookieSecure,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      },
    );
    request.user = user;
    return { ok: true as const, message, user: toUser(user) };
  }

  /** The account whose sign-in waits for its second factor; else a 400 (or it lapsed). */
  async function pendingUser(request: FastifyRequest): Promise<UserRow> {
    const pending = request.session.twoFactorPending;
    const user =
      pending && pending.until > app.clock() ? await app.twoFactor.pendingUser(pending) : null;
    if (!user) {
      // Expired (5 minutes by the server's clock) or never begun: the password comes first.
      if (pending) delete request.session.twoFactorPending;
      throw new HttpError(400, twoFactorMessages.noPendingSignIn);
    }
    return user;
  }

  /** Who is signing in to `username`'s account from this request. */
  const signInClient = (request: FastifyRequest, username: string): SignInClient => ({
    ip: request.ip,
    knownDevice: devices.knownDevice(request.cookies[DEVICE_COOKIE], username),
    userAgent: request.headers['user-agent'] ?? null,
  });

  const passkeyClient = (request: FastifyRequest): PasskeyClient => ({
    ip: request.ip,
    knownDevice: (username) => devices.knownDevice(request.cookies[DEVICE_COOKIE], username),
  });

  // The access hook has loaded and checked the account (or answered 401 already).
  defineRoute(app, routes.currentUser, async (request) => {
    const user = signedIn(request);
    // An admin or supergod who must use two-factor and has not: the web app sends them to set
    // it up, since their consoles answer 403 until then.
    if (!(await app.twoFactor.setupRequired(user))) return toUser(user);
    return { ...toUser(user), twoFactorSetupRequired: true as const };
  });

  defineRoute(app, routes.login, async (request, reply) => {
    const { username, password } = request.body;
    const { user, secondFactor } = await accounts.signIn(
      username,
      password,
      signInClient(request, username),
      request.id,
    );
    if (!secondFactor) return signedInAs(request, reply, user, 'Logged in successfully');
    // Only a pending sign-in until the second factor comes: no account on this session yet.
    await beginPendingSignIn(app, request, {
      userId: user.id,
      until: app.clock() + PENDING_SIGN_IN_MS,
      password: passwordMark(user),
    });
    return {
      ok: true as const,
      message: twoFactorMessages.required,
      twoFactorRequired: true as const,
    };
  });

  defineRoute(app, routes.loginTwoFactor, async (request, reply) => {
    const user = await pendingUser(request);
    const { passkey, ...factor } = request.body;
    if (passkey) {
      if (factor.code || factor.recoveryCode) throw new HttpError(400, passkeyMessages.oneFactor);
      await app.passkeys.verifySecondFactor(
        user,
        passkey,
        () => takePasskeyChallenge(app, request),
        relyingParty(app.config.webauthn, request),
        passkeyClient(request),
        request.id,
      );
    } else {
      const device = devices.knownDevice(request.cookies[DEVICE_COOKIE], user.username);
      await app.twoFactor.verifySignIn(
        user,
        factor,
        { ip: request.ip, knownDevice: device },
        request.id,
      );
    }
    const signedIn = await accounts.completeSignIn(
      user,
      signInClient(request, user.username),
      request.id,
    );
    return signedInAs(request, reply, signedIn, 'Logged in successfully');
  });

  defineRoute(app, routes.passkeySecondFactorOptions, async (request) => {
    const { options, challenge } = await app.passkeys.secondFactorOptions(
      await pendingUser(request),
      relyingParty(app.config.webauthn, request),
    );
    await keepPasskeyChallenge(app, request, challenge);
    return options;
  });

  defineRoute(app, routes.passkeySignInOptions, async (request) => {
    const { options, challenge } = await app.passkeys.signInOptions(
      relyingParty(app.config.webauthn, request),
    );
    await keepPasskeyChallenge(app, request, challenge);
    return options;
  });

  // A passkey with user verification is two factors in one: no second step follows.
  defineRoute(app, routes.passkeySignIn, async (request, reply) => {
    const user = await app.passkeys.signIn(
      request.body.response,
      () => takePasskeyChallenge(app, request),
      relyingParty(app.config.webauthn, request),
      passkeyClient(request),
      request.id,
    );
    const signedIn = await accounts.completeSignIn(
      user,
      signInClient(request, user.username),
      request.id,
    );
    return signedInAs(request, reply, signedIn, 'Logged in successfully');
  });

  defineRoute(app, routes.logout, async (request, reply) => {
    const user = await app.currentUser(request);
    if (request.session) {
      // Signing out ends a view as a user with the session that carried it.
      const view = request.impersonation;
      if (view) await app.viewAs.end(view.admin, view.target, view, 'signed-out', request.id);
      if (user) await accounts.signedOut(user, request.id);
      await request.session.destroy();
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const, message: 'Logged out successfully' };
  });

  defineRoute(app, routes.register, async (request, reply) => {
    const { username, password } = request.body;
    const user = await accounts.register({ username, password, role: 'user' }, request.id);
    return signedInAs(request, reply, user, 'Registered successfully');
  });

  // The keyed registrations differ only in the role their key grants.
  for (const [spec, role] of [
    [routes.registerAdmin, 'admin'],
    [routes.registerSupergod, 'supergod'],
  ] as const) {
    defineRoute(app, spec, async (request, reply) => {
      const { username, password, secretKey } = request.body;
      const user = await accounts.registerWithKey(
        role,
        secretKey,
        { username, password },
        request.ip,
        request.id,
      );
      return signedInAs(request, reply, user, 'Registered successfully');
    });
  }
}
