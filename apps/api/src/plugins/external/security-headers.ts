// Security headers. The Content-Security-Policy only asks browsers to upgrade requests to
// https where the app is actually served over https (Secure cookies on).
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          upgradeInsecureRequests: app.config.cookieSecure ? [] : null,
        },
      },
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
