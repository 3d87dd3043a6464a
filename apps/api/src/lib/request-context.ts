// Request ids: the id Fastify gives each request (`genReqId` below) and the header it travels
// in. The id is carried explicitly, never in an async context (decision 020, its 2026-11-27
// section: on Node 20 one switched V8's promise hooks on for every later request): a route
// passes `request.id` to the service it calls, as the trailing `requestId: string | null`
// argument of every service method that writes an activity or system-log row or logs a line
// while serving a request; work outside a request (the renewal job, start-up, the CLI) passes
// null.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The fields a service adds to a line it logs through the app's logger while serving a
 * request: the request logger's own binding (Fastify's `reqId`), so the line reads like one of
 * request.log's and the system log files it under that request. Nothing outside a request.
 */
export function requestIdField(requestId: string | null): { reqId?: string } {
  return requestId === null ? {} : { reqId: requestId };
}

/** What a proxy's X-Request-Id may hold: it lands in logs and in an answer header. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: the X-Request-Id a trusted proxy sent (the same list that decides whose
 * X-Forwarded-For counts), else a new UUID. A client that is not one of our proxies cannot
 * choose the id its requests are logged under.
 */
export function requestIdGenerator(trustProxy: readonly string[]) {
  const trusted = trustProxy.length > 0 ? proxyAddr.compile([...trustProxy]) : null;
  return (req: IncomingMessage): string => {
    const offered = req.headers[REQUEST_ID_HEADER];
    if (
      trusted &&
      typeof offered === 'string' &&
      ACCEPTABLE_ID.test(offered) &&
      trusted(req.socket.remoteAddress ?? '', 0)
    ) {
      return offered;
    }
    return randomUUID();
  };
}
