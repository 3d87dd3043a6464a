// The supergod console's calls (spec section 7): system status, the full user list and the
// command terminal. The access hook has refused everyone but supergods before these run.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { signedIn } from '../plugins/app/access.js';
import { toUser } from '../repositories/users.js';
import { SupergodConsole } from '../services/commands/supergod-console.js';
import { systemStatus } from '../services/commands/system-status.js';

export default async function supergodRoutes(app: FastifyInstance) {
  const terminal = new SupergodConsole(app);

  defineRoute(app, routes.supergodSystemStatus, async (request, reply) => ({
    system: await systemStatus(app, request, reply),
  }));

  defineRoute(app, routes.supergodUsers, async (request) => {
    const { offset, limit } = request.query;
    const [rows, total] = await Promise.all([
      app.repos.users.page(offset, limit),
      app.repos.users.count(),
    ]);
    return { users: rows.map(toUser), total, offset, limit };
  });

  defineRoute(app, routes.supergodExecute, async (request) => {
    const actor = signedIn(request);
    return terminal.execute(actor, request.body.command, request.body.confirmation);
  });
}
