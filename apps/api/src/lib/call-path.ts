// Which call a request is, for the hooks that decide by path (maintenance, load shedding, the
// security headers). The router decodes a URL's %-escapes before it matches, so '/%61pi/user'
// is the call '/api/user': a hook that read `request.url` took it for something else, and
// maintenance let such writes through. The matched route's own path says what the router
// decided; the URL as sent is what is left when no route of ours matched (an unknown path, or
// the catch-all that answers other OPTIONS requests).
import type { FastifyRequest } from 'fastify';

/** The route's path as the route table declares it, else the URL's path as sent. */
export function callPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route?.startsWith('/')) return route;
  return request.url.split('?', 1)[0] ?? '/';
}

/** Whether a path is under /api. */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
