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
    // Swagger UI needs inline scripts and styles that the app-wide policy refuses, so its
    // pages carry their own policy.
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'openapi' },
);
