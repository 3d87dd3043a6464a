// Security headers from helmet, built once at start. (@fastify/helmet rebuilds helmet's
// middleware on every request, which cost about a fifth of a session read's time.)
// The Content-Security-Policy only asks for an https upgrade where the app is served over
// https (Secure cookies on).
import fp from 'fastify-plugin';
import helmet from 'helmet';

export default fp(
  async (app) => {
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          upgradeInsecureRequests: app.config.cookieSecure ? [] : null,
        },
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
