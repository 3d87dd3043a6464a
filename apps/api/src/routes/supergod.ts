// The supergod console's calls (spec section 7): system status, the full user list and the
// command terminal. The access hook has refused everyone but supergods before these run.
import { routes } from '@omega/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';
import { signedInRecently } from '../plugins/external/session.js';

export default async function supergodRoutes(app: FastifyInstance) {
  const terminal = app.supergodConsole;

  defineRoute(app, routes.supergodSystemStatus, async (request, reply) => ({
    system: await app.systemStatus.status({
      cookie: request.session.cookie,
      // The security-headers hook has already set this answer's headers.
      contentSecurityPolicy: reply.getHeader('content-security-policy') !== undefined,
    }),
  }));

  defineRoute(app, routes.supergodUsers, async (request) =>
    app.adminReads.accounts(request.query.offset, request.query.limit, request.query.search),
  );

  // Every refusal of a command goes on record with who asked. The console records those it
  // decides (wrong phrase, unknown command, usage, last-supergod guard...); a body Fastify
  // refuses before the handler runs (not JSON, no confirmation, a command that is not text)
  // never reaches it, so this hook, in a scope holding only the terminal, hands those to the
  // console to record the same way. A hook rather than a loose body schema checked in the
  // console: the contract (OpenAPI, client types) keeps the real shape, a body that is not
  // JSON is covered too, and the answer stays Fastify's 400 naming the problem. Without
  // `request.user` the access hook never admitted the request, so there is no actor to record.
  await app.register(async (scope) => {
    const reachedConsole = new WeakSet<FastifyRequest>();
    scope.addHook('onError', async (request, _reply, error) => {
      const status = error.statusCode ?? 500;
      if (reachedConsole.has(request) || status >= 500 || !request.user) return;
      await terminal.refuseRequest(request.user, request.body, error.message, request.id);
    });

    defineRoute(scope, routes.supergodExecute, async (request) => {
      reachedConsole.add(request);
      const actor = signedIn(request);
      const { command, confirmation } = request.body;
      const viaToken = request.accessToken !== null;
      return terminal.execute(actor, command, confirmation, request.id, {
        viaToken,
        // A token is its own credential (made after a recent sign-in); a session says when.
        signedInRecently: viaToken || signedInRecently(app, request),
      });
    });
  });
}
