// Runs subscription renewals every minute while the server is up, and with them the sweep of
// rows past their retention (the assistant's unanswered questions). Safe with several servers:
// each due subscription is claimed in the database before it is renewed, and deleting by age
// twice deletes nothing more.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const RENEWAL_EVERY_MS = 60_000;

/**
 * One run of the job, by the app's clock: renewals, then the retention sweep (each failure is
 * logged, and one never stops the other). Answers what each did.
 */
export async function runDueJobs(
  app: FastifyInstance,
): Promise<{ renewed: number; purged: number }> {
  let renewed = 0;
  let purged = 0;
  try {
    renewed = await app.subscriptions.renewDue();
    if (renewed > 0) {
      app.log.info({ renewed }, 'subscription renewals');
      app.systemLogs.notable('renewals', `renewal run: ${renewed} subscription(s) renewed`, null);
    }
  } catch (err) {
    app.log.error({ err, source: 'renewals' }, 'subscription renewal run failed');
  }
  try {
    purged = await app.unansweredQuestions.purgeExpired();
    if (purged > 0) app.log.info({ purged }, 'unanswered assistant questions past retention');
  } catch (err) {
    app.log.error({ err, source: 'retention' }, 'retention sweep failed');
  }
  return { renewed, purged };
}

export default fp(
  async (app) => {
    if (!app.buildOptions.runJobs) return;
    let running: Promise<void> | undefined;
    const run = async () => {
      try {
        await runDueJobs(app);
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
