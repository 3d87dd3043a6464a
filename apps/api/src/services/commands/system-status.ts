// The supergod System Control Panel's figures: real counts from the database, and the security
// posture as the running server actually has it (configuration, loaded plugins, the session
// cookie's own options, the headers on this very answer, the database's durability mode, the
// load-shedding thresholds, slow-client timeouts and shutdown deadlines).
import type { SystemStatus } from '@omega/contracts';
import type { Role } from '@omega/domain';
import { sql } from 'kysely';
import type { Config } from '../../config/config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { bytesText, millisText, thresholdText } from '../../lib/limits-text.js';
import type { MaintenanceMode } from '../../plugins/app/maintenance.js';
import type { ActivityRepository } from '../../repositories/activity.js';
import type { SystemLogsRepository } from '../../repositories/system-logs.js';
import type { TwoFactorRepository } from '../../repositories/two-factor.js';
import type { UsersRepository } from '../../repositories/users.js';
import type { LoginThrottle } from '../login-throttle.js';
import type { RegistrationKeys } from '../registration-keys.js';

const ROLE_WORDS: Record<Role, [string, string]> = {
  user: ['user', 'users'],
  admin: ['admin', 'admins'],
  supergod: ['supergod', 'supergods'],
};

/** `PRAGMA synchronous` answers a number; these are SQLite's names for them. */
const SQLITE_SYNC_LEVELS: readonly string[] = ['off', 'normal', 'full', 'extra'];

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

/** What only the answer being built knows: the session cookie's options and its headers. */
export interface StatusRequest {
  cookie: { secure?: boolean | 'auto'; httpOnly?: boolean; sameSite?: unknown };
  /** Whether the security-headers hook has set a content security policy on this answer. */
  contentSecurityPolicy: boolean;
}

export interface SystemStatusDeps {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  users: UsersRepository;
  activity: ActivityRepository;
  systemLogs: SystemLogsRepository;
  keys: Pick<RegistrationKeys, 'status'>;
  throttle: Pick<LoginThrottle, 'storeKind'>;
  maintenance: Pick<MaintenanceMode, 'isOn'>;
  config: Pick<Config, 'pressure' | 'http' | 'shutdown' | 'trustProxy' | 'requireTwoFactor'>;
  twoFactor: Pick<TwoFactorRepository, 'privilegedCounts'>;
  /** The running server's plugins and decorations (the Fastify instance answers this). */
  server: { hasPlugin(name: string): boolean; hasDecorator(name: string): boolean };
  clock: Clock;
}

export class SystemStatusService {
  constructor(private readonly deps: SystemStatusDeps) {}

  async status(request: StatusRequest): Promise<SystemStatus> {
    const { deps } = this;
    const [counts, errors, activities, durable, maintenance, secondFactor] = await Promise.all([
      deps.users.countsByRole(),
      deps.systemLogs.count('ERROR'),
      deps.activity.count(),
      this.durability(),
      deps.maintenance.isOn(),
      deps.twoFactor.privilegedCounts(),
    ]);
    const keys = Object.fromEntries(
      deps.keys.status().map((k) => [`${k.kind}RegistrationKey`, k.source]),
    );
    const { cookie } = request;
    const { pressure, http, shutdown, trustProxy, requireTwoFactor } = deps.config;
    const security: Record<string, string | boolean> = {
      ...keys,
      sessionCookieSecure: cookie.secure === true,
      sessionCookieHttpOnly: cookie.httpOnly === true,
      sessionCookieSameSite: String(cookie.sameSite ?? 'none'),
      loginRateLimit: deps.server.hasDecorator('loginThrottle'),
      // Redis when REDIS_URL is set: every instance shares one limit.
      loginRateLimitStore: deps.throttle.storeKind,
      contentSecurityPolicy: request.contentSecurityPolicy,
      crossOriginWriteRefusal: deps.server.hasPlugin('cross-origin-guard'),
      // Issue 36: who must use two-factor (OMEGA_REQUIRE_2FA), and how many privileged accounts do.
      twoFactorRequiredOf: requireTwoFactor.length > 0 ? requireTwoFactor.join(', ') : 'none',
      privilegedTwoFactor: `${secondFactor.enabled} of ${secondFactor.total} admins and supergods`,
      trustedProxies: trustProxy.length > 0 ? trustProxy.join(', ') : 'none',
      databaseDialect: deps.database.dialect,
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
      lastChecked: new Date(deps.clock()).toISOString(),
    };
  }

  /**
   * How the database keeps writes: SQLite's journal mode and commit sync, or PostgreSQL's commit
   * setting.
   */
  private async durability(): Promise<string> {
    const { db, dialect } = this.deps.database;
    if (dialect === 'sqlite') {
      const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
      const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
      const level = SQLITE_SYNC_LEVELS[sync.rows[0]?.synchronous ?? -1] ?? 'unknown';
      return `journal_mode=${journal.rows[0]?.journal_mode ?? 'unknown'}, synchronous=${level}`;
    }
    const result = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db);
    return `synchronous_commit=${result.rows[0]?.synchronous_commit ?? 'unknown'}`;
  }
}
