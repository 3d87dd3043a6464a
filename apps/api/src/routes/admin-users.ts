// One page per user, ending one of its sessions, and starting and ending the read-only view
// as a user (issue 19). The view lives in the administrator's own session; the rules are in
// services/view-as.ts and plugins/app/impersonation.ts.
import { routes } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';
import { signedIn } from '../plugins/app/access.js';
import { sessionOf } from '../plugins/app/impersonation.js';
import { VIEW_AS_MAX_MS } from '../services/view-as.js';

export default async function adminUsersRoutes(app: FastifyInstance) {
  defineRoute(app, routes.adminUserPage, async (request) =>
    app.adminUsers.page(signedIn(request), request.params.id),
  );

  defineRoute(app, routes.revokeUserSession, async (request) => {
    const { id, handle } = request.params;
    const message = await app.adminUsers.revokeSession(signedIn(request), id, handle, request.id);
    return { ok: true as const, message };
  });

  defineRoute(app, routes.startViewAs, async (request) => {
    const admin = signedIn(request);
    const session = sessionOf(request);
    if (!session) throw new HttpError(401, 'Authentication required');
    const current = request.impersonation;
    if (current) {
      throw new HttpError(
        409,
        `Already viewing as ${current.target.username}: end that view first.`,
      );
    }
    const { view, target } = await app.viewAs.start(admin, request.params.id, request.id);
    session.impersonating = view;
    return {
      ok: true as const,
      message: `Viewing as ${target.username} (read-only) for 15 minutes at most.`,
      user: { id: target.id, username: target.username },
      endsAt: new Date(view.startedAt + VIEW_AS_MAX_MS).toISOString(),
    };
  });

  defineRoute(app, routes.endViewAs, async (request) => {
    const view = request.impersonation;
    const session = sessionOf(request);
    if (!view || !session) {
      return { ok: true as const, message: 'No view as a user was in force.', viewed: null };
    }
    await app.viewAs.end(view.admin, view.target, view, 'ended', request.id);
    delete session.impersonating;
    // The rest of this request is the administrator's again.
    request.user = view.admin;
    request.impersonation = null;
    return {
      ok: true as const,
      message: `The view as ${view.target.username} has ended.`,
      viewed: { id: view.target.id, username: view.target.username },
    };
  });
}
