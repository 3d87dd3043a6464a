// The request a piece of work belongs to, without passing it through every call: one onRequest
// hook (plugins/app/observability.ts) runs the rest of each write (not GET or HEAD) inside this
// context, and the repositories that write activity and system-log rows read the id from it
// (decision 020). Outside a request (the renewal job, start-up) and in reads there is none.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (the rest of a request) with this request id in context. */
export function runWithRequestId(requestId: string, fn: () => void): void {
  storage.run({ requestId }, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
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
