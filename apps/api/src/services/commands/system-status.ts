// The supergod System Control Panel's figures: real counts from the database, and the security
// posture as the running server actually has it (configuration, loaded plugins, the session
// cookie's own options, the headers on this very answer, the database's durability mode, the
// load-shedding thresholds, slow-client timeouts and shutdown deadlines).
import type { SystemStatus } from '@omega/contracts';
import type { Role } from '@omega/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { bytesText, millisText, thresholdText } from '../../lib/limits-text.js';

const ROLE_WORDS: Record<Role, [string, string]> = {
  user: ['user', 'users'],
  admin: ['admin', 'admins'],
  supergod: ['supergod', 'supergods'],
};

const counted = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/** For example '4 users, 3 admins, 1 supergod, 2 disabled'. */
export function usersNote(counts: Record<Role, number> & { disabled: number }): string {
  return [
    counted(counts.user, ROLE_WORDS.user),
    counted(counts.admin, ROLE_WORDS.admin),
    counted(counts.supergod, ROLE_WORDS.supergod),
    `${counts.disabled} disabled`,
  ].join(', ');
}

/** How the database keeps writes: SQLite's journal mode, or PostgreSQL's commit setting. */
async function durability(app: FastifyInstance): Promise<string> {
  const { db, dialect } = app.database;
  if (dialect === 'sqlite') {
    const result = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    return `journal_mode=${result.rows[0]?.journal_mode ?? 'unknown'}`;
  }
  const result = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db);
  return `synchronous_commit=${result.rows[0]?.synchronous_commit ?? 'unknown'}`;
}

export async function systemStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SystemStatus> {
  const [counts, errors, activities, durable, maintenance] = await Promise.all([
    app.repos.users.countsByRole(),
    app.repos.systemLogs.count('ERROR'),
    app.repos.activity.count(),
    durability(app),
    app.maintenance.isOn(),
  ]);
  const keys = Object.fromEntries(
    app.registrationKeys.status().map((k) => [`${k.kind}RegistrationKey`, k.source]),
  );
  const cookie = request.session.cookie;
  const { pressure, http, shutdown } = app.config;
  const security: Record<string, string | boolean> = {
    ...keys,
    sessionCookieSecure: cookie.secure === true,
    sessionCookieHttpOnly: cookie.httpOnly === true,
    sessionCookieSameSite: String(cookie.sameSite ?? 'none'),
    loginRateLimit: app.hasDecorator('loginThrottle'),
    // Redis when REDIS_URL is set: every instance shares one limit.
    loginRateLimitStore: app.loginThrottle.storeKind,
    // The security-headers hook has already set this answer's headers.
    contentSecurityPolicy: reply.getHeader('content-security-policy') !== undefined,
    crossOriginWriteRefusal: app.hasPlugin('cross-origin-guard'),
    trustedProxies: app.config.trustProxy.length > 0 ? app.config.trustProxy.join(', ') : 'none',
    databaseDialect: app.database.dialect,
    databaseDurability: durable,
    maintenanceMode: maintenance,
    // Load shedding (decision 016): above these, API calls answer 503 at once.
    loadSheddingEventLoopDelay: thresholdText(pressure.maxEventLoopDelayMs, millisText),
    loadSheddingHeapUsed: thresholdText(pressure.maxHeapBytes, bytesText),
    loadSheddingRss: thresholdText(pressure.maxRssBytes, bytesText),
    httpHeadersTimeout: millisText(http.headersTimeoutMs),
    httpRequestTimeout: millisText(http.requestTimeoutMs),
    shutdownDelay: millisText(shutdown.delayMs),
    shutdownDeadline: millisText(shutdown.timeoutMs),
  };
  return {
    users: { count: counts.user + counts.admin + counts.supergod, note: usersNote(counts) },
    logs: { errors, activities },
    security,
    lastChecked: new Date(app.clock()).toISOString(),
  };
}
