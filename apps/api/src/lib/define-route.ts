// Registers a route from the route table: its method, path, schemas and access level come
// from @omega/contracts, so the server cannot drift from what clients are told.
import { ErrorResponse, type RouteSpec } from '@omega/contracts';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

export type RouteRequest<S extends RouteSpec> = FastifyRequest<{
  Body: StaticOr<S['schema']['body'], undefined>;
  Querystring: StaticOr<S['schema']['querystring'], Record<string, never>>;
  Params: StaticOr<S['schema']['params'], Record<string, never>>;
}>;

/** What a handler returns: the body of one of the route's declared answers. */
export type RouteResult<S extends RouteSpec> = {
  [K in keyof S['schema']['response']]: StaticOr<S['schema']['response'][K], never>;
}[keyof S['schema']['response']];

export type RouteHandler<S extends RouteSpec> = (
  request: RouteRequest<S>,
  reply: FastifyReply,
) => Promise<RouteResult<S>>;

export function defineRoute<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: RouteHandler<S>,
): void {
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access: spec.access, polled: spec.polled ?? false, readOnly: spec.readOnly ?? false },
    schema: {
      summary: spec.summary,
      description: spec.description
        ? `Access: ${spec.access}. ${spec.description}`
        : `Access: ${spec.access}`,
      tags: [...spec.tags],
      ...(spec.schema.body ? { body: spec.schema.body } : {}),
      ...(spec.schema.querystring ? { querystring: spec.schema.querystring } : {}),
      ...(spec.schema.params ? { params: spec.schema.params } : {}),
      response: { '4xx': ErrorResponse, '5xx': ErrorResponse, ...spec.schema.response },
    },
    // The request type is narrowed by the route's own schemas above.
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
