// Opens the database, runs migrations, and closes it when the server stops.
import fp from 'fastify-plugin';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export default fp(
  async (app) => {
    const handle = openDatabase(app.config.databaseUrl);
    app.decorate('database', handle);
    app.addHook('onClose', () => handle.close());
    const results = await migrateToLatest(handle.db, handle.schema);
    for (const r of results) {
      app.log.info({ migration: r.migrationName, status: r.status }, 'migration');
      app.systemLogs.notable('database', `migration ${r.migrationName}: ${r.status}`);
    }
  },
  { name: 'database', dependencies: ['config'] },
);
