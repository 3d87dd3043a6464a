// Starts the server: reads configuration, listens, and shuts down gracefully (decision 016).
// On SIGTERM or SIGINT (close-with-grace) the app drains: readiness answers 503, the listener
// closes after SHUTDOWN_DELAY_MS, requests in flight finish, the renewal job, Redis, the log
// sink and the database close, and the process exits 0. Past SHUTDOWN_TIMEOUT_MS what is left
// is cut and it exits 124; an uncaught error drains at once and exits 1; a second signal exits
// 1 at once.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { build } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { announceListening } from './lib/listening.js';
import { EXIT_CODES } from './plugins/app/shutdown.js';

/** Once the deadline has cut the connections, the onClose hooks get this long to finish. */
const CLOSE_GRACE_MS = 500;

/**
 * A built front end, found relative to this file: in the deploy folder (scripts/deploy-api.mjs)
 * it sits in public/ next to dist; in the repository it is the sibling app's build.
 */
function frontEnd(deployed: string, repository: string): string {
  const inDeploy = fileURLToPath(new URL(`../public/${deployed}`, import.meta.url));
  return existsSync(inDeploy) ? inDeploy : fileURLToPath(new URL(repository, import.meta.url));
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`omega: ${err.message}\n`);
      process.exit(EXIT_CODES.failed);
    }
    throw err;
  }

  const app = await build({
    config,
    webDist: frontEnd('web', '../../web/dist'),
    keypadDist: frontEnd('keypad', '../../keypad/dist/standalone'),
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

  closeWithGrace(
    {
      delay: config.shutdown.timeoutMs + CLOSE_GRACE_MS,
      logger: {
        error: (message: unknown) =>
          message instanceof Error
            ? app.log.error({ err: message }, 'shutdown failed')
            : app.log.error(String(message)),
      },
      onSecondSignal: (signal) => app.log.warn({ signal }, 'second signal: exiting at once'),
      onTimeout: () => {
        app.log.error('shutdown: the closing steps did not finish after the deadline');
        process.exit(EXIT_CODES.deadline);
      },
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, 'uncaught error: draining and exiting');
      else app.log.info({ signal }, 'shutting down');
      // Only a signal means a load balancer may be told: after a crash there is no one to wait for.
      const outcome = await app.shutdown.drain({
        delayMs: signal ? config.shutdown.delayMs : 0,
      });
      if (outcome === 'deadline') process.exit(EXIT_CODES.deadline);
    },
  );

  const address = await app.listen({ port: config.port, host: config.host });
  // With PORT=0 the kernel chose the port: a parent on an IPC channel learns it (decision 048).
  announceListening(address);
  app.systemLogs.notable('server', `Omega started on ${address} (${app.database.dialect})`, null);
}

main().catch((err) => {
  process.stderr.write(`omega: failed to start: ${err instanceof Error ? err.stack : err}\n`);
  process.exit(EXIT_CODES.failed);
});
