// The signed-in user's own account security (issue 36): changing the password. The rules and the
// audit are the account service's; this file holds what is HTTP: the device cookie the throttle
// reads, and replacing the session's id once the password has changed.
import { accountMessages, routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';
import { beginSession } from '../plugins/external/session.js';
import { DEVICE_COOKIE, DeviceTrust } from '../services/device-trust.js';
import { hashSessionId } from '../services/session-store.js';

export default async function accountRoutes(app: FastifyInstance) {
  const devices = new DeviceTrust(app.config.sessionSecret);

  defineRoute(app, routes.changePassword, async (request) => {
    const user = signedIn(request);
    await app.accounts.changePassword(
      user,
      request.body,
      {
        ip: request.ip,
        knownDevice: devices.knownDevice(request.cookies[DEVICE_COOKIE], user.username),
        keepSession: hashSessionId(request.session.sessionId),
      },
      request.id,
    );
    // A new id for this session too: a copy of the old cookie opens nothing.
    await beginSession(app, request, user.id);
    return { ok: true as const, message: accountMessages.passwordChanged };
  });
}
