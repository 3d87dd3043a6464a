// The signed-in user's own account security (issues 36, 37): changing the password, listing and
// ending one's sessions, two-factor sign-in, passkeys, and personal access tokens. The rules and the audit
// are the services'; this file holds what is HTTP: the device cookie the throttle reads, the
// caller's own session, and replacing its id once the password has changed. None of these
// routes takes a personal access token (the route table says `tokens: false`).
import {
  accessTokenMessages,
  accountMessages,
  passkeyMessages,
  routes,
  twoFactorMessages,
} from '@omega/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';
import {
  beginSession,
  keepPasskeyChallenge,
  requireRecentSignIn,
  SESSION_COOKIE,
  takePasskeyChallenge,
} from '../plugins/external/session.js';
import { DEVICE_COOKIE, DeviceTrust } from '../services/device-trust.js';
import { relyingParty } from '../services/passkeys.js';
import { hashSessionId } from '../services/session-store.js';

export default async function accountRoutes(app: FastifyInstance) {
  const devices = new DeviceTrust(app.config.sessionSecret);
  /** Who is checking their credentials, for the sign-in throttle: the address and the device. */
  const client = (request: FastifyRequest, user: UserRow) => ({
    ip: request.ip,
    knownDevice: devices.knownDevice(request.cookies[DEVICE_COOKIE], user.username),
  });

  defineRoute(app, routes.changePassword, async (request) => {
    const user = signedIn(request);
    const changed = await app.accounts.changePassword(
      user,
      request.body,
      { ...client(request, user), keepSession: hashSessionId(request.session.sessionId) },
      request.id,
    );
    // A new id for this session too, under the new password: a copy of the old cookie opens
    // nothing.
    await beginSession(app, request, changed.user);
    return { ok: true as const, message: accountMessages.passwordChanged };
  });

  // The same session, signed in now: the changes that ask for a recent sign-in go through.
  defineRoute(app, routes.signInAgain, async (request) => {
    const user = signedIn(request);
    await app.twoFactor.signInAgain(user, request.body, client(request, user), request.id);
    request.session.signedInAt = app.clock();
    return { ok: true as const, message: accountMessages.signedInAgain };
  });

  defineRoute(app, routes.signInAgainPasskeyOptions, async (request) => {
    const { options, challenge } = await app.passkeys.signInAgainOptions(
      signedIn(request),
      relyingParty(app.config.webauthn, request),
    );
    await keepPasskeyChallenge(app, request, challenge);
    return options;
  });

  defineRoute(app, routes.signInAgainPasskey, async (request) => {
    const user = signedIn(request);
    await app.passkeys.signInAgain(
      user,
      request.body.response,
      () => takePasskeyChallenge(app, request),
      relyingParty(app.config.webauthn, request),
      {
        ip: request.ip,
        knownDevice: (username) => devices.knownDevice(request.cookies[DEVICE_COOKIE], username),
      },
      request.id,
    );
    request.session.signedInAt = app.clock();
    return { ok: true as const, message: accountMessages.signedInAgain };
  });

  // Under an administrator's read-only view these answer the viewed user's sessions, none of
  // them current (the session is the administrator's), without where they signed in from: an
  // address and a browser are shown to the account's owner only (decision 033). Ending any is a
  // write, refused there.
  defineRoute(app, routes.accountSessions, async (request) => {
    const sessions = await app.accountSessions.list(
      signedIn(request).id,
      hashSessionId(request.session.sessionId),
    );
    if (!request.impersonation) return sessions;
    return sessions.map((s) => ({ ...s, ip: null, userAgent: null }));
  });

  defineRoute(app, routes.endAccountSession, async (request, reply) => {
    const { current, ...answer } = await app.accountSessions.end(
      signedIn(request),
      request.params.id,
      hashSessionId(request.session.sessionId),
      request.id,
    );
    if (current) {
      // Its row is gone already; this drops this instance's cached copy and the cookie.
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    return answer;
  });

  defineRoute(app, routes.twoFactorStatus, async (request) =>
    app.twoFactor.status(signedIn(request).id),
  );

  // Asked before the secret is shown too, so nobody scans a code the next step will refuse.
  defineRoute(app, routes.totpSetup, async (request) => {
    requireRecentSignIn(app, request);
    return app.twoFactor.setup(signedIn(request));
  });

  defineRoute(app, routes.newRecoveryCodes, async (request) => {
    requireRecentSignIn(app, request);
    const recoveryCodes = await app.twoFactor.replaceRecoveryCodes(signedIn(request), request.id);
    return {
      ok: true as const,
      message: twoFactorMessages.recoveryCodesReplaced,
      recoveryCodes,
    };
  });

  defineRoute(app, routes.totpEnable, async (request) => {
    requireRecentSignIn(app, request);
    const recoveryCodes = await app.twoFactor.enable(
      signedIn(request),
      request.body.code,
      request.id,
    );
    return {
      ok: true as const,
      message:
        'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are not shown again.',
      recoveryCodes,
    };
  });

  defineRoute(app, routes.twoFactorDisable, async (request) => {
    const user = signedIn(request);
    await app.twoFactor.disable(user, request.body, client(request, user), request.id);
    return { ok: true as const, message: 'Two-factor sign-in is off.' };
  });

  defineRoute(app, routes.signOutOtherSessions, async (request) =>
    app.accountSessions.signOutOthers(
      signedIn(request),
      hashSessionId(request.session.sessionId),
      request.id,
    ),
  );

  defineRoute(app, routes.accessTokens, async (request) =>
    app.accessTokens.list(signedIn(request).id),
  );

  defineRoute(app, routes.createAccessToken, async (request) => {
    requireRecentSignIn(app, request);
    return app.accessTokens.create(signedIn(request), request.body, request.id);
  });

  defineRoute(app, routes.revokeAccessToken, async (request) => {
    await app.accessTokens.revoke(signedIn(request), request.params.id, request.id);
    return { ok: true as const, message: accessTokenMessages.revoked };
  });

  // Under an administrator's read-only view the list is the viewed user's; the rest are writes,
  // refused there.
  defineRoute(app, routes.passkeys, async (request) => app.passkeys.list(signedIn(request).id));

  defineRoute(app, routes.passkeyRegistrationOptions, async (request) => {
    requireRecentSignIn(app, request);
    const { options, challenge } = await app.passkeys.registrationOptions(
      signedIn(request),
      relyingParty(app.config.webauthn, request),
    );
    await keepPasskeyChallenge(app, request, challenge);
    return options;
  });

  defineRoute(app, routes.addPasskey, async (request) => {
    const passkey = await app.passkeys.register(
      signedIn(request),
      request.body,
      () => takePasskeyChallenge(app, request),
      relyingParty(app.config.webauthn, request),
      request.id,
    );
    return { ok: true as const, message: passkeyMessages.added, passkey };
  });

  defineRoute(app, routes.renamePasskey, async (request) => {
    const passkey = await app.passkeys.rename(
      signedIn(request),
      request.params.id,
      request.body.name,
      request.id,
    );
    return { ok: true as const, message: passkeyMessages.renamed, passkey };
  });

  defineRoute(app, routes.removePasskey, async (request) => {
    await app.passkeys.remove(signedIn(request), request.params.id, request.id);
    return { ok: true as const, message: passkeyMessages.removed };
  });
}
