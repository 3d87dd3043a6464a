// OpenAPI built from the route table's TypeBox schemas, browsable at /api/docs and served as a
// valid OpenAPI 3.0 document at /api/docs/json, from which clients generate their types.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteSpec } from '@omega/contracts';
import fp from 'fastify-plugin';
import { isObject, mapSchema } from '../../lib/json-schema.js';

export const DOCS_PREFIX = '/api/docs';

/**
 * How callers prove who they are, as the document declares them: an account's session cookie or
 * one of its personal access tokens, a keypad wallet's token, and the monitoring system's token.
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'omega.sid',
    description: 'The session cookie that POST /api/login sets.',
  },
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'omega_pat_…',
    description:
      "A personal access token from POST /api/account/tokens, sent as `Authorization: Bearer omega_pat_…`; it opens what its scopes (read, write, admin) and its account's role allow.",
  },
  walletToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A keypad wallet's token from POST /api/ussd/login.",
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token set in OMEGA_METRICS_TOKEN.',
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, []>>;

/** The credentials a route takes, any one of them (an empty list: none needed). */
export function routeSecurity(spec: Pick<RouteSpec, 'access' | 'tokens'>): SecurityRequirement[] {
  switch (spec.access) {
    case 'user':
    case 'admin':
    case 'supergod':
      return spec.tokens === false ? [{ session: [] }] : [{ session: [] }, { accessToken: [] }];
    case 'wallet':
      return [{ walletToken: [] }];
    case 'metrics':
      return [{ metricsToken: [] }];
    default:
      // Public, and the USSD gateway, which proves itself with a header its route describes.
      return [];
  }
}

/**
 * Our schemas carry `errorMessage` (the product's wording for a violated rule, read by the
 * validation error formatter, lib/validation.ts), which OpenAPI 3.0 does not allow in a Schema
 * Object. The document gets a copy with it renamed to the extension `x-errorMessage`: valid for
 * every standard tool, and the wording stays there for clients that want it. Validation keeps
 * using the route's own schemas, untouched.
 */
export const DOCUMENTED_ERROR_MESSAGE = 'x-errorMessage';
/** Likewise `multiline` (text that may hold tabs and line breaks, lib/validation.ts). */
export const DOCUMENTED_MULTILINE = 'x-multiline';

type Json = unknown;

/** Our keywords OpenAPI 3.0 does not allow, and the extensions that carry them instead. */
const DOCUMENTED = new Map([
  ['errorMessage', DOCUMENTED_ERROR_MESSAGE],
  ['multiline', DOCUMENTED_MULTILINE],
]);

/** A copy of a JSON Schema fit for an OpenAPI 3.0 document (see DOCUMENTED_ERROR_MESSAGE). */
export function documentedSchema(schema: Json): Json {
  return mapSchema(schema, (copy) =>
    Object.fromEntries(
      Object.entries(copy).map(([key, value]) => [DOCUMENTED.get(key) ?? key, value]),
    ),
  );
}

/** The parts of a route's schema that are JSON Schemas, and the map of answers by status. */
const ROUTE_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

function documentedRouteSchema(schema: Record<string, Json>): Record<string, Json> {
  const copy: Record<string, Json> = { ...schema };
  for (const part of ROUTE_PARTS) {
    if (part in schema) copy[part] = documentedSchema(schema[part]);
  }
  const response = schema.response;
  if (isObject(response)) {
    copy.response = Object.fromEntries(
      Object.entries(response).map(([status, answer]) => [status, documentedSchema(answer)]),
    );
  }
  return copy;
}

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Omega API',
          description:
            "Every call with its access level (public, user, admin, supergod). An account's calls take its session cookie (set by /api/login) or one of its personal access tokens (`Authorization: Bearer omega_pat_…`, from /api/account/tokens).",
          version: '0.1.0',
        },
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: ({ schema, url }) => ({
        schema: schema && (documentedRouteSchema(schema as Record<string, Json>) as typeof schema),
        url,
      }),
    });
    // Swagger UI's pages carry their own policy (the app-wide one would block them), minus
    // the https upgrade where the app is served over plain http.
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: true,
      transformStaticCSP: (header) =>
        app.config.cookieSecure ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);
