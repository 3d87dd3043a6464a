// Registers a route from the route table: its method, path, schemas and access level come
// from @omega/contracts, so the server cannot drift from what clients are told.
import { ErrorResponse, type RouteSpec, routes } from '@omega/contracts';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSecurity } from '../plugins/external/openapi.js';

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

/** Each route's name in the route table: the label metrics and logs know it by. */
const ROUTE_NAMES = new Map<RouteSpec, string>(
  Object.entries(routes).map(([name, spec]) => [spec as RouteSpec, name]),
);

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The media types a route's body may come in: what it declares, and what the API reference says. */
export function bodyMediaTypes(spec: Pick<RouteSpec, 'bodyType'>): string[] {
  switch (spec.bodyType ?? 'json') {
    case 'form':
      return [FORM_TYPE];
    case 'form-or-json':
      return [FORM_TYPE, JSON_TYPE];
    default:
      return [JSON_TYPE];
  }
}

/**
 * A route takes its body only in the encodings it declares (JSON unless `bodyType` says
 * otherwise): both parsers make plain objects, so without this a form could reach a JSON route
 * and JSON the aggregator's form callback. Checked before the body is read; a request with no
 * Content-Type goes on to the schema, which names what is missing.
 */
function declaredBodyType(spec: RouteSpec) {
  const expected = bodyMediaTypes(spec);
  const message = `Unsupported Content-Type: send the body as ${expected.join(' or ')}`;
  return (request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: () => void) => {
    const header = request.headers['content-type'];
    const type = header?.split(';', 1)[0]?.trim().toLowerCase();
    if (type === undefined || type === '' || expected.includes(type)) {
      done();
      return;
    }
    reply.code(400).send({ message });
  };
}

export function defineRoute<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: RouteHandler<S>,
): void {
  app.route({
    method: spec.method,
    url: spec.url,
    config: {
      access: spec.access,
      polled: spec.polled ?? false,
      readOnly: spec.readOnly ?? false,
      tokens: spec.tokens ?? true,
      name: ROUTE_NAMES.get(spec) ?? `${spec.method} ${spec.url}`,
    },
    schema: {
      summary: spec.summary,
      description: spec.description
        ? `Access: ${spec.access}. ${spec.description}`
        : `Access: ${spec.access}`,
      tags: [...spec.tags],
      security: routeSecurity(spec),
      ...(spec.schema.body ? { body: spec.schema.body, consumes: bodyMediaTypes(spec) } : {}),
      ...(spec.schema.querystring ? { querystring: spec.schema.querystring } : {}),
      ...(spec.schema.params ? { params: spec.schema.params } : {}),
      response: { '4xx': ErrorResponse, '5xx': ErrorResponse, ...spec.schema.response },
    },
    ...(spec.schema.body ? { preParsing: declaredBodyType(spec) } : {}),
    // The request type is narrowed by the route's own schemas above.
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
