// Graceful shutdown, the app's side (server.ts calls drain() on SIGTERM/SIGINT; decision 016).
// Draining starts at once: readiness answers 503 and every answer says Connection: close. After
// SHUTDOWN_DELAY_MS, time for the load balancer to stop sending, the listener closes, the
// connections with no request being answered close, the requests in flight finish, and the
// onClose hooks run: renewal job, Redis, log sink, database. SHUTDOWN_TIMEOUT_MS after the
// signal whatever is still open is cut.
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { HttpConnections } from '../../lib/http-connections.js';

/** The process's exit codes: drained cleanly, failed (to start, or crashed), deadline passed. */
export const EXIT_CODES = { drained: 0, failed: 1, deadline: 124 } as const;

export type DrainOutcome = 'drained' | 'deadline';

export interface Shutdown {
  /** True from the start of a shutdown: readiness answers 503, no connection is kept alive. */
  readonly draining: boolean;
  /**
   * Drains and closes the app; resolves 'deadline' when connections had to be cut. Calling it
   * again returns the same promise. `delayMs` overrides SHUTDOWN_DELAY_MS (0 after a crash).
   */
  drain(options?: { delayMs?: number }): Promise<DrainOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

export default fp(
  async (app) => {
    const { timeoutMs } = app.config.shutdown;
    const connections = new HttpConnections(app.server, app.config.http.requestTimeoutMs);
    let draining = false;
    let drained: Promise<DrainOutcome> | undefined;

    const run = async (delayMs: number): Promise<DrainOutcome> => {
      draining = true;
      app.log.info({ delayMs, timeoutMs }, 'shutdown: draining, readiness answers 503');
      app.systemLogs.notable(
        'server',
        `Omega is draining: the listener closes in ${delayMs} ms, deadline ${timeoutMs} ms`,
        null,
      );
      let cut = false;
      const deadline = setTimeout(() => {
        cut = true;
        const { connections: open, requests } = connections.counts();
        connections.destroyAll();
        app.log.error(
          { connections: open, requests, timeoutMs, source: 'shutdown' },
          `shutdown deadline: cut ${open} connection(s) still open after ${timeoutMs} ms (${requests} request(s) unanswered)`,
        );
      }, timeoutMs);
      try {
        await sleep(delayMs);
        await app.close();
      } finally {
        clearTimeout(deadline);
      }
      return cut ? 'deadline' : 'drained';
    };

    app.decorate('shutdown', {
      get draining() {
        return draining;
      },
      drain(options: { delayMs?: number } = {}) {
        drained ??= run(options.delayMs ?? app.config.shutdown.delayMs);
        return drained;
      },
    } satisfies Shutdown);

    // Kept-alive clients learn to open a new connection (through the load balancer, to an
    // instance that stays) instead of sending into one that is about to close.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });
    // Also when the app is closed without drain() (tests, the browser-test harness).
    app.addHook('preClose', async () => {
      draining = true;
      connections.drain();
    });
    app.addHook('onClose', async () => connections.stop());
  },
  { name: 'shutdown', dependencies: ['config'] },
);
