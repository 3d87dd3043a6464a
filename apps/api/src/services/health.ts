// The detailed health check behind the admin dashboard (and the assistant's systemHealth):
// figures read from the running server and its database, never made up.
import type { DetailedHealth } from '@omega/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

type Status = DetailedHealth['status'];

const worst = (statuses: Status[]): Status =>
  statuses.includes('unhealthy')
    ? 'unhealthy'
    : statuses.includes('degraded')
      ? 'degraded'
      : 'healthy';

/** What each of our plugins is doing, where that is more than "loaded". */
function pluginStatus(app: FastifyInstance, name: string): string {
  if (name === 'renewal-job') return app.buildOptions.runJobs ? 'running' : 'idle (jobs off)';
  if (name === 'web-app') return app.webAppAvailable ? 'serving' : 'no web build';
  if (name === 'load-shedding') return app.isUnderPressure() ? 'shedding load' : 'watching';
  if (name === 'shutdown') return app.shutdown.draining ? 'draining' : 'ready';
  return 'loaded';
}

/** This process's load now and the load-shedding thresholds (decision 016). */
function load(app: FastifyInstance): DetailedHealth['components']['server']['load'] {
  const now = app.memoryUsage();
  const { maxEventLoopDelayMs, maxHeapBytes, maxRssBytes } = app.config.pressure;
  return {
    shedding: app.isUnderPressure(),
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

export class HealthService {
  constructor(private readonly app: FastifyInstance) {}

  async check(): Promise<DetailedHealth> {
    const app = this.app;
    const { db } = app.database;
    let database: DetailedHealth['components']['database'];
    let subscriptions: DetailedHealth['components']['subscriptions'];
    try {
      await sql`select 1`.execute(db);
      const [users, activityLogs, systemLogs, distribution] = await Promise.all([
        app.repos.users.count(),
        app.repos.activity.count(),
        app.repos.systemLogs.count(),
        this.planDistribution(),
      ]);
      database = {
        status: 'healthy',
        dialect: app.database.dialect,
        journalMode: app.database.journalMode,
        tables: {
          users: { count: users },
          activityLogs: { count: activityLogs },
          systemLogs: { count: systemLogs },
        },
      };
      subscriptions = { stats: distribution };
    } catch (err) {
      app.log.error({ err, source: 'health' }, 'health check: database unreachable');
      database = {
        status: 'unhealthy',
        dialect: app.database.dialect,
        journalMode: app.database.journalMode,
        tables: { users: { count: 0 }, activityLogs: { count: 0 }, systemLogs: { count: 0 } },
      };
      subscriptions = {
        stats: { activeSubscriptions: 0, totalSubscriptions: 0, planDistribution: {} },
      };
    }
    const serverLoad = load(app);
    const draining = app.shutdown.draining;
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
      timestamp: new Date(app.clock()).toISOString(),
      components: {
        server,
        database,
        auth,
        plugins: {
          loaded: app.loadedPlugins.map((p) => ({
            name: p.name,
            status: pluginStatus(app, p.name),
            loadedAt: new Date(p.loadedAt).toISOString(),
          })),
        },
        subscriptions,
      },
    };
  }

  /** Accounts per plan; an account without a subscription row is on Free. */
  private async planDistribution(): Promise<
    DetailedHealth['components']['subscriptions']['stats']
  > {
    const { db } = this.app.database;
    const [plans, rows, users] = await Promise.all([
      this.app.repos.subscriptions.plans(),
      db
        .selectFrom('subscriptions')
        .select(['plan_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', ['active', 'trialing'])
        .groupBy('plan_id')
        .execute(),
      this.app.repos.users.count(),
    ]);
    const names = new Map(plans.map((p) => [p.id, p.name]));
    const free = plans.find((p) => p.monthlyPrice === 0);
    const distribution: Record<string, number> = {};
    let subscribed = 0;
    let active = 0;
    for (const row of rows) {
      const n = Number(row.n);
      const name = names.get(row.plan_id) ?? row.plan_id;
      distribution[name] = (distribution[name] ?? 0) + n;
      subscribed += n;
      if (row.plan_id !== free?.id) active += n;
    }
    const withoutRow = Math.max(0, users - subscribed);
    if (free && withoutRow > 0) {
      distribution[free.name] = (distribution[free.name] ?? 0) + withoutRow;
    }
    return {
      activeSubscriptions: active,
      totalSubscriptions: Object.values(distribution).reduce((a, b) => a + b, 0),
      planDistribution: distribution,
    };
  }
}
