// Cookie sessions stored in the database. Anonymous visits store nothing
// (saveUninitialized off) and reads never rewrite the cookie or the row (rolling off).
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { accountMessages } from '@omega/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../db/schema.js';
import { CachingSigner } from '../../lib/caching-signer.js';
import { HttpError } from '../../lib/http-error.js';
import type { PasskeyChallenge } from '../../services/passkeys.js';
import { DatabaseSessionStore, DEFAULT_SESSION_POLICY } from '../../services/session-store.js';
import { passwordMark } from '../../services/two-factor.js';

/** A sign-in whose password was right, awaiting its second factor until `until`. */
export interface PendingSignIn {
  userId: number;
  until: number;
  /**
   * Which password it was begun with (services/two-factor.ts `passwordMark`): a password changed
   * since ends it, as it ends the account's other sessions. Absent in one an older release
   * began: that one is signed in again.
   */
  password?: string;
}

declare module 'fastify' {
  interface Session {
    twoFactorPending?: PendingSignIn;
    /** A passkey ceremony awaiting the browser's answer (decision 034). */
    passkeyChallenge?: PasskeyChallenge;
  }
  interface FastifyInstance {
    /** The session store: sign-in stores a new session's row through it (`create`). */
    sessionStore: DatabaseSessionStore;
  }
}

export const SESSION_COOKIE = 'omega.sid';

/**
 * Starts a fresh session for the account on this request: a new id (so a planted or an older id
 * is never promoted; the old one's row is deleted), then its row. The one place a session row is
 * made (sign-in, registration, a password change); later writes only update it.
 */
export async function beginSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: Pick<UserRow, 'id' | 'password_hash'>,
): Promise<void> {
  await request.session.regenerate();
  request.session.userId = user.id;
  request.session.password = passwordMark(user);
  request.session.signedInAt = app.clock();
  await storeBegun(app, request);
}

/** How recent a sign-in the changes that add a way into an account ask for. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * Refuses (403) a change that adds a way into the account (two-factor with a new authenticator,
 * a passkey, an access token) unless the session signed in within RECENT_SIGN_IN_MS: a copied
 * session cookie alone must not buy access that outlives the owner's password change.
 */
export function requireRecentSignIn(app: FastifyInstance, request: FastifyRequest): void {
  if (!signedInRecently(app, request)) {
    throw new HttpError(403, accountMessages.recentSignInRequired);
  }
}

/** Whether the request's session signed in within RECENT_SIGN_IN_MS (POST …/sign-in-again too). */
export function signedInRecently(app: FastifyInstance, request: FastifyRequest): boolean {
  const at = request.session.signedInAt;
  return typeof at === 'number' && app.clock() - at <= RECENT_SIGN_IN_MS;
}

/**
 * Starts a session that holds only a sign-in awaiting its second factor (a new id, no account:
 * every route but POST /api/login/2fa treats it as signed out).
 */
export async function beginPendingSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  pending: PendingSignIn,
): Promise<void> {
  await request.session.regenerate();
  request.session.twoFactorPending = pending;
  await storeBegun(app, request);
}

/**
 * Keeps a passkey ceremony's challenge in the session, replacing an earlier one. A session that
 * has a row (signed in, a pending sign-in, an earlier challenge) is rewritten when the request
 * ends; an anonymous visitor's gets one now, with a new id, as a pending sign-in does.
 */
export async function keepPasskeyChallenge(
  app: FastifyInstance,
  request: FastifyRequest,
  challenge: PasskeyChallenge,
): Promise<void> {
  const session = request.session;
  if (
    session.userId !== undefined ||
    session.twoFactorPending !== undefined ||
    session.passkeyChallenge !== undefined
  ) {
    session.passkeyChallenge = challenge;
    return;
  }
  await session.regenerate();
  request.session.passkeyChallenge = challenge;
  await storeBegun(app, request);
}

/**
 * Takes the session's passkey challenge out, once: of two requests answering the same
 * challenge, only the first gets it (one conditional write of the session's row).
 */
export async function takePasskeyChallenge(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<unknown> {
  if (request.session.passkeyChallenge === undefined) return undefined;
  delete request.session.passkeyChallenge;
  return app.sessionStore.take(request.session.sessionId, 'passkeyChallenge');
}

async function storeBegun(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const userAgent = request.headers['user-agent'];
  await app.sessionStore.create(request.session.sessionId, request.session, {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' && userAgent !== '' ? userAgent : null,
  });
}

export default fp(
  async (app) => {
    await app.register(fastifyCookie);
    // The services' repository: what they end through it, the store forgets (session-store.ts).
    const store = new DatabaseSessionStore(app.repos.sessions, app.clock, DEFAULT_SESSION_POLICY);
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
  { name: 'session', dependencies: ['config', 'database', 'services'] },
);
