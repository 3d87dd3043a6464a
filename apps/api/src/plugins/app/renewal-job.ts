// Runs subscription renewals while the server is up, and with them the sweep of rows past their
// retention (the assistant's unanswered questions, sessions nobody came back to, expired keypad
// wallet tokens): a run at start, then a minute after each run ends. A run renews batch after batch until nothing is due (decision 036), so a backlog of any
// size drains at once instead of a hundred a minute. Safe with several servers: each batch
// claims its subscriptions in the database, and deleting by age twice deletes nothing more.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const RENEWAL_EVERY_MS = 60_000;

/**
 * One run of the job, by the app's clock: renewals until none is due, then the retention sweep
 * (each failure is logged, and one never stops the other). `signal` stops it between two
 * renewal batches, skipping the sweep. Answers what each did.
 */
export async function runDueJobs(
  app: FastifyInstance,
  signal?: AbortSignal,
): Promise<{
  renewed: number;
  charged: number;
  ended: number;
  purged: number;
  sessionsCleared: number;
  walletTokensCleared: number;
}> {
  let renewed = 0;
  let purged = 0;
  let sessionsCleared = 0;
  let walletTokensCleared = 0;
  let charged = 0;
  let ended = 0;
  const started = performance.now();
  try {
    renewed = await app.subscriptions.renewDue({ signal });
  } catch (err) {
    app.log.error({ err, source: 'renewals' }, 'subscription renewal run failed');
  }
  // The renewals' invoices, dunning retries, lost answers, and grace periods that ended: after
  // the renewals (decision 038), so a renewal's first charge is made in the same run.
  try {
    ({ charged, ended } = await app.billing.collectDue({ signal }));
  } catch (err) {
    app.log.error({ err, source: 'payments' }, 'payment collection run failed');
  }
  if (ended > 0) {
    app.systemLogs.notable('payments', `${ended} unpaid subscription(s) moved to Free`, null);
  }
  if (renewed > 0 || charged > 0) {
    const seconds = (performance.now() - started) / 1000;
    app.log.info({ renewed, charged, seconds }, 'subscription renewals');
    app.systemLogs.notable(
      'renewals',
      `renewal run: ${renewed} subscription(s) renewed, ${charged} charge(s) made in ${seconds.toFixed(1)} s`,
      null,
    );
  }
  if (signal?.aborted) {
    return { renewed, charged, ended, purged, sessionsCleared, walletTokensCleared };
  }
  try {
    purged = await app.unansweredQuestions.purgeExpired();
    if (purged > 0) app.log.info({ purged }, 'unanswered assistant questions past retention');
  } catch (err) {
    app.log.error({ err, source: 'retention' }, 'retention sweep failed');
  }
  try {
    sessionsCleared = await app.sessionStore.clearEnded();
    if (sessionsCleared > 0) app.log.info({ sessionsCleared }, 'ended sessions cleared');
  } catch (err) {
    app.log.error({ err, source: 'retention' }, 'clearing ended sessions failed');
  }
  try {
    walletTokensCleared = await app.walletSignIn.clearExpiredTokens();
    if (walletTokensCleared > 0) {
      app.log.info({ walletTokensCleared }, 'expired keypad wallet tokens cleared');
    }
  } catch (err) {
    app.log.error({ err, source: 'retention' }, 'clearing expired wallet tokens failed');
  }
  return { renewed, charged, ended, purged, sessionsCleared, walletTokensCleared };
}

export default fp(
  async (app) => {
    if (!app.buildOptions.runJobs) return;
    const closing = new AbortController();
    let running: Promise<void> | undefined;
    let next: NodeJS.Timeout | undefined;
    const run = () => {
      running = runDueJobs(app, closing.signal).then(() => {
        running = undefined;
        if (closing.signal.aborted) return;
        next = setTimeout(run, RENEWAL_EVERY_MS);
        next.unref();
      });
    };
    // Started, not awaited: a backlog must not keep the server from listening, and requests
    // are answered between its batches.
    app.addHook('onReady', async () => {
      run();
    });
    // Closes first of the services (hooks close in reverse order): the batch in progress
    // commits, no other starts, and only then do Redis, the log sink and the database close.
    app.addHook('onClose', async () => {
      closing.abort();
      clearTimeout(next);
      await running;
    });
  },
  { name: 'renewal-job', dependencies: ['services'] },
);
