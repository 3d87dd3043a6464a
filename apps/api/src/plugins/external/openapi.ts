// OpenAPI built from the route table's TypeBox schemas, browsable at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export const DOCS_PREFIX = '/api/docs';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Omega API',
          description:
            'Every call with its access level (public, user, admin, supergod). Sessions are cookies set by /api/login.',
          version: '0.1.0',
        },
      },
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
