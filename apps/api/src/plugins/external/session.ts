// Cookie sessions stored in the database. Anonymous visits store nothing
// (saveUninitialized off) and reads never rewrite the cookie or the row (rolling off).
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fp from 'fastify-plugin';
import { CachingSigner } from '../../lib/caching-signer.js';
import { SessionsRepository } from '../../repositories/sessions.js';
import { DatabaseSessionStore, DEFAULT_SESSION_POLICY } from '../../services/session-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session store: sign-in stores a new session's row through it (`create`). */
    sessionStore: DatabaseSessionStore;
  }
}

export const SESSION_COOKIE = 'omega.sid';

export default fp(
  async (app) => {
    await app.register(fastifyCookie);
    const store = new DatabaseSessionStore(
      new SessionsRepository(app.database.db),
      app.clock,
      DEFAULT_SESSION_POLICY,
    );
    app.decorate('sessionStore', store);
    await app.register(fastifySession, {
      secret: new CachingSigner(app.config.sessionSecret),
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      rolling: false,
      store,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.cookieSecure,
        // The browser drops the cookie at the absolute limit; the store enforces both limits.
        maxAge: DEFAULT_SESSION_POLICY.absoluteMs,
      },
    });
  },
  { name: 'session', dependencies: ['config', 'database'] },
);
