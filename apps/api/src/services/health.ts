// Readiness and the detailed health check behind the admin dashboard (and the assistant's
// systemHealth): figures read from the running server and its database, never made up.
import type { DetailedHealth, ReadyResponse } from '@omega/contracts';
import { monthlyRevenue, planBook } from '@omega/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { LoadedPlugin } from '../app.js';
import type { Config } from '../config/config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { OutageLog } from '../lib/unavailable.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { PaymentsRepository } from '../repositories/payments.js';
import { type SubscriptionsRepository, toSubscription } from '../repositories/subscriptions.js';
import type { SystemLogsRepository } from '../repositories/system-logs.js';
import type { UsersRepository } from '../repositories/users.js';
import type { LoginThrottle } from './login-throttle.js';

type Status = DetailedHealth['status'];

/** The longest readiness waits for an answer from the database or Redis. */
export const READY_PROBE_MS = 2000;

const worst = (statuses: Status[]): Status =>
  statuses.includes('unhealthy')
    ? 'unhealthy'
    : statuses.includes('degraded')
      ? 'degraded'
      : 'healthy';

/** 'ok' when the probe succeeds within READY_PROBE_MS, else 'unreachable' (and reports why). */
async function probe(check: Promise<unknown>, onFailure: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READY_PROBE_MS} ms`)),
      READY_PROBE_MS,
    );
  });
  try {
    await Promise.race([check, late]);
    return 'ok' as const;
  } catch (err) {
    onFailure(err);
    return 'unreachable' as const;
  } finally {
    clearTimeout(timer);
  }
}

/** What this process knows about itself: its plugins, its load, whether it is stopping. */
export interface ServerState {
  /** Our plugins in load order, with when each finished loading (filled in as they load). */
  readonly plugins: readonly LoadedPlugin[];
  readonly jobsRunning: boolean;
  readonly webAppAvailable: boolean;
  readonly pressure: Config['pressure'];
  underPressure(): boolean;
  memory(): { eventLoopDelay: number; heapUsed: number; rssBytes: number };
  draining(): boolean;
}

export interface HealthDeps {
  database: Pick<DatabaseHandle, 'db' | 'dialect' | 'journalMode'>;
  /** Where a failed database probe is reported, so an outage is logged once. */
  databaseOutages: Pick<OutageLog, 'failed'>;
  users: UsersRepository;
  activity: ActivityRepository;
  systemLogs: SystemLogsRepository;
  subscriptions: SubscriptionsRepository;
  /** Past-due accounts and what they owe (the dashboard's payment figures). */
  payments: PaymentsRepository;
  /** Redis, when configured, is probed through the sign-in throttle's store. */
  throttle: Pick<LoginThrottle, 'storeKind' | 'ping'>;
  server: ServerState;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class HealthService {
  constructor(private readonly deps: HealthDeps) {}

  /**
   * Readiness: answers within READY_PROBE_MS even when the database or Redis is silent, so a
   * load balancer's probe never hangs. Not ready while either cannot be reached (Redis only
   * when configured, since sign-in cannot go ahead without it) or while the server drains.
   */
  async ready(): Promise<ReadyResponse> {
    const { database, databaseOutages, throttle, server } = this.deps;
    // Shutting down: not ready, so the load balancer stops sending here before the listener
    // closes (decision 016). The database is still open for the requests in flight.
    if (server.draining()) return { status: 'unavailable', database: 'ok' };
    const redisConfigured = throttle.storeKind === 'redis';
    const [db, redis] = await Promise.all([
      // Logged once per outage with every other database failure, not once per probe.
      probe(sql`select 1`.execute(database.db), (err) => databaseOutages.failed(err)),
      // The Redis client logs its own connection trouble.
      redisConfigured ? probe(throttle.ping(), () => {}) : undefined,
    ]);
    const ok = db === 'ok' && redis !== 'unreachable';
    return { status: ok ? 'ok' : 'unavailable', database: db, ...(redis && { redis }) };
  }

  async check(): Promise<DetailedHealth> {
    const { database: handle, clock, log, server: state } = this.deps;
    let database: DetailedHealth['components']['database'];
    let subscriptions: DetailedHealth['components']['subscriptions'];
    try {
      await sql`select 1`.execute(handle.db);
      const [users, activityLogs, systemLogs, distribution] = await Promise.all([
        this.deps.users.count(),
        this.deps.activity.count(),
        this.deps.systemLogs.count(),
        this.planDistribution(),
      ]);
      database = {
        status: 'healthy',
        dialect: handle.dialect,
        journalMode: handle.journalMode,
        tables: {
          users: { count: users },
          activityLogs: { count: activityLogs },
          systemLogs: { count: systemLogs },
        },
      };
      subscriptions = { stats: distribution };
    } catch (err) {
      log.error({ err, source: 'health' }, 'health check: database unreachable');
      database = {
        status: 'unhealthy',
        dialect: handle.dialect,
        journalMode: handle.journalMode,
        tables: { users: { count: 0 }, activityLogs: { count: 0 }, systemLogs: { count: 0 } },
      };
      subscriptions = {
        stats: {
          activeSubscriptions: 0,
          totalSubscriptions: 0,
          planDistribution: {},
          pastDueAccounts: 0,
          mrrAtRisk: 0,
          amountPastDue: 0,
        },
      };
    }
    const serverLoad = this.load();
    const draining = state.draining();
    const server = {
      status: (serverLoad.shedding || draining ? 'degraded' : 'healthy') as Status,
      uptime: Math.floor(process.uptime()),
      draining,
      load: serverLoad,
    };
    const auth = {
      // Accounts sign in with a password checked here; sessions live in the database.
      status: database.status === 'healthy' ? ('healthy' as Status) : ('unhealthy' as Status),
      provider: 'local (password, database sessions)',
    };
    return {
      status: worst([server.status, database.status, auth.status]),
      timestamp: new Date(clock()).toISOString(),
      components: {
        server,
        database,
        auth,
        plugins: {
          loaded: state.plugins.map((p) => ({
            name: p.name,
            status: this.pluginStatus(p.name),
            loadedAt: new Date(p.loadedAt).toISOString(),
          })),
        },
        subscriptions,
      },
    };
  }

  /** What each of our plugins is doing, where that is more than "loaded". */
  private pluginStatus(name: string): string {
    const { server } = this.deps;
    if (name === 'renewal-job') return server.jobsRunning ? 'running' : 'idle (jobs off)';
    if (name === 'web-app') return server.webAppAvailable ? 'serving' : 'no web build';
    if (name === 'load-shedding') return server.underPressure() ? 'shedding load' : 'watching';
    if (name === 'shutdown') return server.draining() ? 'draining' : 'ready';
    return 'loaded';
  }

  /** This process's load now and the load-shedding thresholds (decision 016). */
  private load(): DetailedHealth['components']['server']['load'] {
    const { server } = this.deps;
    const now = server.memory();
    const { maxEventLoopDelayMs, maxHeapBytes, maxRssBytes } = server.pressure;
    return {
      shedding: server.underPressure(),
      eventLoopDelayMs: Number.isFinite(now.eventLoopDelay)
        ? Math.round(now.eventLoopDelay * 10) / 10
        : null,
      heapUsedBytes: now.heapUsed,
      rssBytes: now.rssBytes,
      maxEventLoopDelayMs,
      maxHeapBytes,
      maxRssBytes,
    };
  }

  /** Accounts per plan; an account without a subscription row is on Free. */
  private async planDistribution(): Promise<
    DetailedHealth['components']['subscriptions']['stats']
  > {
    const [plans, rows, users, pastDue] = await Promise.all([
      this.deps.subscriptions.plans(),
      this.deps.subscriptions.countsByPlan(),
      this.deps.users.count(),
      this.deps.payments.pastDue(),
    ]);
    const book = planBook(plans);
    const names = new Map(plans.map((p) => [p.id, p.name]));
    const free = plans.find((p) => p.monthlyPrice === 0);
    const distribution: Record<string, number> = {};
    let subscribed = 0;
    let active = 0;
    for (const { planId, count: n } of rows) {
      const name = names.get(planId) ?? planId;
      distribution[name] = (distribution[name] ?? 0) + n;
      subscribed += n;
      if (planId !== free?.id) active += n;
    }
    const withoutRow = Math.max(0, users - subscribed);
    if (free && withoutRow > 0) {
      distribution[free.name] = (distribution[free.name] ?? 0) + withoutRow;
    }
    return {
      activeSubscriptions: active,
      totalSubscriptions: Object.values(distribution).reduce((a, b) => a + b, 0),
      planDistribution: distribution,
      pastDueAccounts: pastDue.subscriptions.length,
      mrrAtRisk: pastDue.subscriptions.reduce(
        (sum, row) => sum + monthlyRevenue(toSubscription(row), book),
        0,
      ),
      amountPastDue: pastDue.amountOwed,
    };
  }
}
