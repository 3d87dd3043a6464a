// The read-only 'view as user' (decision 021), enforced here and nowhere else. While an
// administrator's session carries a view (services/view-as.ts), every request is checked
// before the access hook runs:
// - a route that would change something (any method but GET/HEAD/OPTIONS, unless the route
//   table marks it readOnly) is refused with 403, whatever its access level — except the two
//   routes that start and end the view, and signing out (which ends the view with the session);
// - a route for signed-in users is answered as the viewed user: `request.user` is set to that
//   account, and the access hook takes an already-set `request.user` as the request's account;
// - admin and supergod routes stay the administrator's own (they are reads by then);
// - the view ends by itself at 15 minutes by the injected clock, or when either account
//   changes (recorded in the activity log), and the request goes on as the administrator's.
// GET /api/user answers the viewed user with an `impersonating` field saying by whom and until
// when, so the web app can show its banner.
// This plugin also builds the user page's service, which shares the rule of who may act on whom.
import { routes } from '@omega/contracts';
import type { FastifyReply, FastifyRequest, Session } from 'fastify';
import fp from 'fastify-plugin';
import { AdminUsersService } from '../../services/admin-users.js';
import { DEFAULT_SESSION_POLICY } from '../../services/session-store.js';
import {
  type ActiveView,
  readOnlyMessage,
  type StoredView,
  ViewAsService,
} from '../../services/view-as.js';

declare module 'fastify' {
  interface Session {
    /** A read-only view as a user, while one is in force on this administrator's session. */
    impersonating?: StoredView;
  }
  interface FastifyRequest {
    /** The view in force for this request, if any (its administrator and viewed user). */
    impersonation: ActiveView | null;
  }
  interface FastifyInstance {
    viewAs: ViewAsService;
    adminUsers: AdminUsersService;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const VIEW_ENDED_MESSAGE =
  'The read-only view as a user has ended: nothing was changed. Reload to go on as yourself.';
/** The only writes a session under a view may make. */
const VIEW_ROUTES = new Set(
  [routes.startViewAs, routes.endViewAs, routes.logout].map((r) => `${r.method} ${r.url}`),
);

/** The request's session as the store keeps it (null once destroyed). */
export const sessionOf = (request: FastifyRequest): Session | null =>
  (request.session as Session | null | undefined) ?? null;

function isStoredView(value: unknown): value is StoredView {
  const v = value as StoredView | undefined;
  return typeof v?.userId === 'number' && typeof v.startedAt === 'number';
}

export default fp(
  async (app) => {
    const viewAs = new ViewAsService({
      users: app.repos.users,
      activity: app.repos.activity,
      clock: app.clock,
    });
    app.decorate('viewAs', viewAs);
    app.decorate(
      'adminUsers',
      new AdminUsersService({
        users: app.repos.users,
        sessions: app.repos.sessions,
        activity: app.repos.activity,
        catalogue: app.repos.subscriptions,
        wallets: app.repos.wallets,
        systemLogs: app.repos.systemLogs,
        subscriptions: app.subscriptions,
        billing: app.billing,
        featureCatalogue: app.featureCatalogue,
        walletTransactions: app.walletTransactions,
        sessionPolicy: DEFAULT_SESSION_POLICY,
        clock: app.clock,
      }),
    );
    app.decorateRequest('impersonation', null);

    /** Whether the request may go on; when not, the refusal has been sent. */
    const apply = async (
      request: FastifyRequest,
      reply: FastifyReply,
      session: Session,
      stored: StoredView,
    ): Promise<boolean> => {
      const { method } = request;
      const config = request.routeOptions.config;
      const writes =
        !READ_METHODS.has(method) &&
        !config.readOnly &&
        !VIEW_ROUTES.has(`${method} ${request.routeOptions.url}`);
      const resolved = await viewAs.resolve(session.userId, stored, request.id);
      if ('ended' in resolved) {
        delete session.impersonating;
        // A change sent from the user's pages must not land on the administrator's account.
        if (writes) {
          reply.code(403).send({ message: VIEW_ENDED_MESSAGE });
          return false;
        }
        return true;
      }
      const view = resolved.active;
      request.impersonation = view;
      if (writes) {
        reply.code(403).send({ message: readOnlyMessage(view.target.username) });
        return false;
      }
      if (config.access === 'user') request.user = view.target;
      return true;
    };

    // A callback hook: a session without a view (nearly all) passes without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const session = sessionOf(request);
      const stored = session?.impersonating;
      if (!session || stored === undefined || request.routeOptions.config.access === undefined) {
        done();
        return;
      }
      if (!isStoredView(stored)) {
        delete session.impersonating;
        done();
        return;
      }
      apply(request, reply, session, stored).then((go) => go && done(), done);
    });

    // GET /api/user says whose view it is, so the web app shows the banner and its time.
    app.addHook('preSerialization', (request, reply, payload, done) => {
      const view = request.impersonation;
      if (
        !view ||
        reply.statusCode !== 200 ||
        request.routeOptions.url !== routes.currentUser.url ||
        request.method !== routes.currentUser.method
      ) {
        done(null, payload);
        return;
      }
      done(null, {
        ...(payload as object),
        impersonating: {
          by: { id: view.admin.id, username: view.admin.username },
          startedAt: new Date(view.startedAt).toISOString(),
          endsAt: new Date(view.endsAt).toISOString(),
        },
      });
    });
  },
  {
    name: 'impersonation',
    // Loaded before the access hook (app.ts), so its refusal comes first and its account is
    // the one the access hook checks.
    dependencies: ['session', 'services'],
  },
);
