// Starts the server: reads configuration, listens, and shuts down gracefully (stop
// accepting, finish in-flight requests, close the database).
import { fileURLToPath } from 'node:url';
import { build } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`omega: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const app = await build({
    config,
    webDist: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    keypadDist: fileURLToPath(new URL('../../keypad/dist/standalone', import.meta.url)),
    runJobs: true,
    // Keys are shown once on the console, never through the logger (logs must not hold secrets).
    announceKeys: (keys) => {
      const lines = Object.entries(keys)
        .filter(([kind]) => kind !== 'file')
        .map(([kind, key]) => `  ${kind.padEnd(9)} ${key}`);
      process.stdout.write(
        `\nRegistration keys were generated (shown once; also written to ${keys.file}):\n${lines.join('\n')}\n\n`,
      );
    },
  });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  const address = await app.listen({ port: config.port, host: config.host });
  app.systemLogs.notable('server', `Omega started on ${address} (${app.database.dialect})`);
}

main().catch((err) => {
  process.stderr.write(`omega: failed to start: ${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
