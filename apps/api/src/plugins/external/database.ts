// Opens the database, runs migrations, and closes it when the server stops. Outages are logged
// once per burst (lib/unavailable.ts); the error handler answers them with 503.
import fp from 'fastify-plugin';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { migrateToLatest, migrationsPending } from '../../db/migrate.js';
import { OutageLog } from '../../lib/unavailable.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Where a failure to reach the database is reported, so an outage is logged once. */
    databaseOutages: OutageLog;
  }
}

export default fp(
  async (app) => {
    const outages = new OutageLog({
      warn: (err, message) => app.log.warn({ err, source: 'database' }, message),
      recovered: (message) => {
        app.log.info({ source: 'database' }, message);
        app.systemLogs.notable('database', message, null);
      },
    });
    app.decorate('databaseOutages', outages);
    const { databaseUrl, databaseTimeouts } = app.config;
    const handle = openDatabase(databaseUrl, {
      timeouts: databaseTimeouts,
      monitor: outages,
      checkpointerStopped: (err) => {
        const message =
          'SQLite checkpoint worker stopped: commits checkpoint the write-ahead log themselves until a restart';
        // A warning: on stdout and in the system log (the admin Logs page).
        app.log.warn({ err, source: 'database' }, message);
      },
    });
    app.decorate('database', handle);
    app.metrics.watchPool(() => handle.connections());
    const { checkpointer } = handle;
    if (checkpointer) app.metrics.watchCheckpoints(() => checkpointer.figures());
    const { roundTrips } = handle;
    if (roundTrips) app.metrics.watchRoundTrips(roundTrips);
    const { groupCommit } = handle;
    if (groupCommit) app.metrics.watchGroupCommits(() => groupCommit.figures());
    app.addHook('onClose', () => handle.close());
    // Most starts find the database as this build left it: nothing to run, no lock to take.
    if (!(await migrationsPending(handle.db, handle.schema))) return;
    // A migration may rebuild an index over a large table: on PostgreSQL it runs on its own
    // short-lived connection without the statement limits meant for requests.
    const migrating =
      handle.dialect === 'postgres'
        ? openDatabase(databaseUrl, {
            timeouts: { ...databaseTimeouts, queryMs: 0, idleTransactionMs: 0 },
          })
        : handle;
    try {
      const results = await migrateToLatest(migrating.db, migrating.schema);
      for (const r of results) {
        app.log.info({ migration: r.migrationName, status: r.status }, 'migration');
        app.systemLogs.notable('database', `migration ${r.migrationName}: ${r.status}`, null);
      }
    } finally {
      if (migrating !== handle) await migrating.close();
    }
  },
  { name: 'database', dependencies: ['config', 'observability'] },
);
