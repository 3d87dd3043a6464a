// Runs subscription renewals every minute while the server is up. Safe with several
// servers: each due subscription is claimed in the database before it is renewed.
import fp from 'fastify-plugin';

export const RENEWAL_EVERY_MS = 60_000;

export default fp(
  async (app) => {
    if (!app.buildOptions.runJobs) return;
    let running: Promise<void> | undefined;
    const run = async () => {
      try {
        const renewed = await app.subscriptions.renewDue();
        if (renewed > 0) {
          app.log.info({ renewed }, 'subscription renewals');
          app.systemLogs.notable(
            'renewals',
            `renewal run: ${renewed} subscription(s) renewed`,
            null,
          );
        }
      } catch (err) {
        app.log.error({ err, source: 'renewals' }, 'subscription renewal run failed');
      } finally {
        running = undefined;
      }
    };
    const tick = () => {
      running ??= run();
      return running;
    };
    const timer = setInterval(tick, RENEWAL_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      await tick();
    });
    // Closes first of the services (hooks close in reverse order): a run in progress finishes
    // before Redis, the log sink and the database close.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'renewal-job', dependencies: ['services'] },
);
