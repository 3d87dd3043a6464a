// Builds the Omega API as a Fastify instance with a fixed load order: configuration,
// external plugins, our own plugins, then routes. The server and the tests both call this.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { schemaErrorFormatter, validatorCompiler } from './lib/validation.js';
import access from './plugins/app/access.js';
import core from './plugins/app/core.js';
import crossOriginGuard from './plugins/app/cross-origin-guard.js';
import errors from './plugins/app/errors.js';
import polledReads from './plugins/app/polled-reads.js';
import renewalJob from './plugins/app/renewal-job.js';
import routeRegistry from './plugins/app/route-registry.js';
import services from './plugins/app/services.js';
import database from './plugins/external/database.js';
import openapi from './plugins/external/openapi.js';
import securityHeaders from './plugins/external/security-headers.js';
import session from './plugins/external/session.js';
import webApp from './plugins/external/web-app.js';
import widgetCors from './plugins/external/widget-cors.js';
import healthRoutes from './routes/health.js';
import keypadRoutes from './routes/keypad.js';
import sessionRoutes from './routes/session.js';
import subscriptionRoutes from './routes/subscriptions.js';
import { SystemLog } from './services/system-log.js';

export interface AppOptions {
  config: Config;
  clock?: Clock;
  webDist?: string;
  keypadDist?: string;
  announceKeys?: (keys: Record<string, string>) => void;
  runJobs?: boolean;
  /** `false`: nothing on stdout (warnings and errors still reach the system log). */
  logger?: false;
}

export async function build(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const systemLog = new SystemLog({
    clock,
    secrets: [config.sessionSecret, config.adminKey, config.supergodKey].filter((s): s is string =>
      Boolean(s),
    ),
    retention: config.logRetention,
  });
  const app = Fastify({
    loggerInstance: createLogger({
      level: options.logger === false ? 'silent' : config.logLevel,
      systemLogSink: systemLog.stream,
    }),
    // Only our own proxies may set X-Forwarded-For: a forged header never buys a fresh limit.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    schemaErrorFormatter,
    ajv: { customOptions: { removeAdditional: true } },
  });
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON (and, where a route says so, forms): a text body is refused with a
  // clear message rather than handed to a schema as a string.
  app.removeContentTypeParser('text/plain');
  // Form posts (the USSD aggregator's callback, announcements) are parsed into plain objects and
  // then validated like JSON bodies; browsers' cross-site form posts are refused by the guard.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  await app.register(core, {
    config,
    clock,
    systemLog,
    webDist: options.webDist,
    keypadDist: options.keypadDist,
    announceKeys: options.announceKeys,
    runJobs: options.runJobs,
  });
  await app.register(routeRegistry);

  // External plugins.
  await app.register(database);
  await app.register(session);
  await app.register(securityHeaders);
  await app.register(openapi);
  await app.register(webApp);
  await app.register(widgetCors);

  // Our own plugins.
  await app.register(services);
  await app.register(errors);
  await app.register(crossOriginGuard);
  await app.register(access);
  await app.register(polledReads);
  await app.register(renewalJob);

  // Routes.
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(subscriptionRoutes);
  await app.register(keypadRoutes);

  return app;
}

export type { Config } from './config/config.js';
export { loadConfig } from './config/config.js';

/** Runs the subscription renewal job once (for hosts that drive their own clock). */
export const runRenewals = (app: FastifyInstance): Promise<number> => app.subscriptions.renewDue();
