// The first plugin: configuration, the clock and the build options, decorated once so
// every later plugin reads them from the instance instead of the environment.
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentProvider } from '../../services/payments/provider.js';
import type { SystemLog } from '../../services/system-log.js';

export interface BuildOptions {
  config: Config;
  clock: Clock;
  /** The server's own log kept for the admin Logs page (fed by the logger). */
  systemLog: SystemLog;
  /** Folder of the built web app to serve, if any. */
  webDist?: string;
  /** Folder of the built standalone keypad (served under /keypad/), if any. */
  keypadDist?: string;
  /** Run background jobs such as renewals (the server does; tests drive them directly). */
  runJobs?: boolean;
  /** Print generated registration keys (the server does; tests and the CLI do not). */
  announceKeys?: (keys: Record<string, string>) => void;
  /** The payment provider to use instead of the configured one (tests wrap the demo's). */
  paymentProvider?: PaymentProvider;
  /** How often claims on charges in flight are renewed (tests shorten it). */
  chargeLeaseRenewMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    systemLogs: SystemLog;
    buildOptions: BuildOptions;
  }
}

export default fp<BuildOptions>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('clock', opts.clock);
    app.decorate('systemLogs', opts.systemLog);
    app.decorate('buildOptions', opts);
  },
  { name: 'config' },
);
