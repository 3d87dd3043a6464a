// Request ids and metrics (issue 19, decision 020). Loaded first, so every answer — a refusal
// by load shedding, a 404, an error — carries X-Request-Id and is counted. The id reaches the
// activity and system-log rows a request writes as an argument (`request.id`, passed by the
// route to its service), not through a context: no request runs inside an async context.
// Sign-ins and registrations are counted here from the route's name and status, so no service
// needs to know about metrics for them.
import type { RouteName } from '@omega/contracts';
import type { onResponseHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Metrics, UNMATCHED_ROUTE } from '../../lib/metrics.js';
import type { RouteRecorder } from '../../lib/metrics-requests.js';
import { REQUEST_ID_HEADER } from '../../lib/request-context.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyContextConfig {
    /** The route table's name for the route (set by defineRoute); metrics label by it. */
    name?: string;
  }
}

const REGISTRATION_ROLES: Partial<Record<RouteName, string>> = {
  register: 'user',
  registerAdmin: 'admin',
  registerSupergod: 'supergod',
};

/**
 * The onResponse hook of one route, made when the route is registered: its recorder and what
 * else its answers count are decided here, so an answer only adds to numbers.
 */
function responseHook(metrics: Metrics, route: RouteOptions): onResponseHookHandler {
  const name = (route.config as { name?: string } | undefined)?.name ?? UNMATCHED_ROUTE;
  const methods = [route.method].flat();
  const only = methods.length === 1 ? metrics.route(name, methods[0] as string) : null;
  const byMethod: Record<string, RouteRecorder> = {};
  for (const method of methods) byMethod[method] = metrics.route(name, method);
  const recorderOf = (method: string) => only ?? byMethod[method] ?? metrics.route(name, method);

  if (name === 'login') {
    return (request, reply, done) => {
      const status = reply.statusCode;
      recorderOf(request.method).record(status, reply.elapsedTime / 1000);
      if (status === 200) metrics.signIn('ok');
      else if (status === 429) metrics.signIn('throttled');
      else if (status === 401) metrics.signIn('failed');
      done();
    };
  }
  const role = REGISTRATION_ROLES[name as RouteName];
  if (role) {
    return (request, reply, done) => {
      const status = reply.statusCode;
      recorderOf(request.method).record(status, reply.elapsedTime / 1000);
      if (status < 300) metrics.registration(role);
      done();
    };
  }
  if (only) {
    return (_request, reply, done) => {
      only.record(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  }
  return (request, reply, done) => {
    recorderOf(request.method).record(reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
}

export default fp(
  async (app) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);

    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      // The rest of the request runs in no async context: on Node 20 the first context entered
      // switches V8's promise hooks on for every promise in the process for good, and every
      // later request, reads and 401s included, paid about 10 µs of CPU for it (decision 020).
      // Services are given the id; lines carry it through request.log or that argument.
      done();
    });

    // Every route registered from here on (all of them: this plugin loads before any route)
    // gets its own onResponse hook with its recorder bound in, so an answer costs no lookup
    // of the route's name and no label strings (request.routeOptions builds an object per read).
    app.addHook('onRoute', (route) => {
      const hook = responseHook(metrics, route);
      route.onResponse = route.onResponse ? [route.onResponse, hook].flat() : [hook];
    });

    // Paths that matched no route are answered by the not-found handler, whose hooks are the
    // app's own: this one counts only those answers.
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) {
        metrics.unmatchedRoute(request.method).record(reply.statusCode, reply.elapsedTime / 1000);
      }
      done();
    });
  },
  { name: 'observability', dependencies: ['config'] },
);
