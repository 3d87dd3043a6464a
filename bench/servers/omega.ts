// The Omega API as built for production, on an SQLite file, run in its own process by
// session-read.ts. The data folder comes from the parent.
import { build, loadConfig } from '../../apps/api/dist/app.js';

const dataDir = process.env.BENCH_DATA_DIR ?? '';
const app = await build({
  config: loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${dataDir}/bench.db`,
    SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
    OMEGA_ADMIN_KEY: 'bench-admin-key',
    OMEGA_SUPERGOD_KEY: 'bench-supergod-key',
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
  }),
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
