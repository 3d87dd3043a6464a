// Builds the Omega API as a Fastify instance with a fixed load order: configuration,
// external plugins, our own plugins, then routes. The server and the tests both call this.
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyReply,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config/config.js';
import { type Clock, systemClock } from './lib/clock.js';
import { HttpError } from './lib/http-error.js';
import { createLogger } from './lib/logger.js';
import { badEscapeIn, formCharsetProblem, parseFormBody } from './lib/percent-encoding.js';
import { requestIdGenerator } from './lib/request-context.js';
import { serializerCompiler } from './lib/serialization.js';
import { schemaErrorFormatter, validatorCompiler } from './lib/validation.js';
import access from './plugins/app/access.js';
import answersPerTurn from './plugins/app/answers-per-turn.js';
import core from './plugins/app/core.js';
import crossOriginGuard from './plugins/app/cross-origin-guard.js';
import errors from './plugins/app/errors.js';
import help from './plugins/app/help.js';
import impersonation from './plugins/app/impersonation.js';
import maintenance from './plugins/app/maintenance.js';
import observability from './plugins/app/observability.js';
import polledReads from './plugins/app/polled-reads.js';
import renewalJob from './plugins/app/renewal-job.js';
import routeRegistry from './plugins/app/route-registry.js';
import services from './plugins/app/services.js';
import shutdown from './plugins/app/shutdown.js';
import signedOut from './plugins/app/signed-out.js';
import database from './plugins/external/database.js';
import loadShedding from './plugins/external/load-shedding.js';
import openapi from './plugins/external/openapi.js';
import securityHeaders from './plugins/external/security-headers.js';
import session, { SESSION_COOKIE } from './plugins/external/session.js';
import webApp from './plugins/external/web-app.js';
import widgetCors from './plugins/external/widget-cors.js';
import accountRoutes from './routes/account.js';
import adminRoutes from './routes/admin.js';
import adminTrendsRoutes from './routes/admin-trends.js';
import adminUsersRoutes from './routes/admin-users.js';
import announcementRoutes from './routes/announcements.js';
import assistantRoutes from './routes/assistant.js';
import billingRoutes from './routes/billing.js';
import healthRoutes from './routes/health.js';
import keypadRoutes from './routes/keypad.js';
import metricsRoutes from './routes/metrics.js';
import sessionRoutes from './routes/session.js';
import stripeWebhookRoutes from './routes/stripe-webhooks.js';
import subscriptionRoutes from './routes/subscriptions.js';
import supergodRoutes from './routes/supergod.js';
import type { PaymentProvider } from './services/payments/provider.js';
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
  /** Where stdout's log lines go instead of the process's stdout (tests read them). */
  logDestination?: DestinationStream;
  /** `false`: the assistant's help is built when first asked for, not at start (test apps). */
  helpAtStart?: boolean;
  /** The payment provider to use instead of the configured one (tests wrap the demo's). */
  paymentProvider?: PaymentProvider;
  /** How often claims on charges in flight are renewed (CHARGE_LEASE_RENEW_MS; tests shorten it). */
  chargeLeaseRenewMs?: number;
}

/** The longest path segment the router reads (Fastify's default, named for its refusal). */
const PATH_PARAM_MAX = 100;

export async function build(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const systemLog = new SystemLog({
    clock,
    // Every credential the server holds is masked should it ever reach a log line.
    secrets: [
      config.sessionSecret,
      config.adminKey,
      config.supergodKey,
      config.ussdGateway?.secret,
      config.sms?.provider === 'africastalking' ? config.sms.apiKey : undefined,
      config.sms?.provider === 'twilio' ? config.sms.authToken : undefined,
      config.llm?.apiKey,
      config.payments.stripe?.secretKey,
      config.payments.stripe?.webhookSecret,
    ].filter((s): s is string => Boolean(s)),
    retention: config.logRetention,
  });
  const logging = createLogger({
    level: options.logger === false ? 'silent' : config.logLevel,
    systemLogSink: systemLog.stream,
    stdout: options.logDestination,
  });
  const app = Fastify({
    loggerInstance: logging.logger,
    logController: logging.logController,
    childLoggerFactory: logging.childLoggerFactory,
    // Only our own proxies may set X-Forwarded-For: a forged header never buys a fresh limit.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // The same list decides whose X-Request-Id is kept; anyone else's is replaced (decision 020).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    schemaErrorFormatter,
    // Slow clients hold neither a connection nor a shutdown: Node answers 408 when the headers,
    // or the whole request, take longer than configured, checked every second (Node's default
    // is every 30 s). Kept-alive connections outlive the load balancer's idle timeout.
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // A request that reaches a closing server on a busy kept-alive connection is answered
    // (with Connection: close), not refused: the database stays open until the last one ends.
    return503OnClosing: false,
    // The router's own refusals (a malformed %-escape, a path segment over PATH_PARAM_MAX) are
    // answered as every other refusal is: a status and a `message`.
    routerOptions: { maxParamLength: PATH_PARAM_MAX },
    frameworkErrors: (error, request, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.code(414).send({
          message: `A part of the path is too long: at most ${PATH_PARAM_MAX} characters`,
        });
      }
      if (error.code === 'FST_ERR_BAD_URL') {
        return reply
          .code(400)
          .send({ message: `The path is not valid: ${badEscapeIn(request.url)}` });
      }
      return reply.code(400).send({ message: error.message });
    },
  });
  // A body the client compressed cannot be read as what its Content-Type says: refused as a
  // whole (415), before a parser mistakes it for malformed JSON or form data.
  // A callback hook, not an async one: every request passes through it (hot-path.md).
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return done();
    done(
      new HttpError(
        415,
        `Content-Encoding ${encoding} is not supported: send the body uncompressed`,
      ),
    );
  });
  // The access lines of the last event-loop turn are written before the app is gone.
  app.addHook('onClose', (_app, done) => {
    logging.flush();
    done();
  });
  // Both compile a schema once per process (lib/validation.ts, lib/serialization.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and, where a route says so, forms): a text body is refused with a
  // clear message rather than handed to a schema as a string.
  app.removeContentTypeParser('text/plain');
  // Form posts (the USSD aggregator's callback, announcements) are parsed into plain objects and
  // then validated like JSON bodies; browsers' cross-site form posts are refused by the guard.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (request, body, done) => {
      const problem = formCharsetProblem(request.headers['content-type']);
      if (problem) return done(problem, undefined);
      try {
        done(null, parseFormBody(String(body)));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );

  // Every plugin is loaded through here, so the health page can list what loaded and when.
  const loadedPlugins: LoadedPlugin[] = [];
  app.decorate('loadedPlugins', loadedPlugins);
  const load = async <O extends Record<string, unknown>>(
    plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
    opts?: O,
  ) => {
    // Fastify names a plugin that has no display name by comparing it with every module in
    // require.cache, twice per registration: 3 ms of CPU per app start in the API's tests (a
    // process holding a thousand modules), about 4 s a run. Given its name, it looks no further.
    const name = pluginName(plugin);
    (plugin as unknown as { [key: symbol]: string | undefined })[DISPLAY_NAME] ??= name;
    await app.register(plugin, opts as O);
    loadedPlugins.push({ name, loadedAt: clock() });
  };

  await load(core, {
    config,
    clock,
    systemLog,
    webDist: options.webDist,
    keypadDist: options.keypadDist,
    announceKeys: options.announceKeys,
    runJobs: options.runJobs,
    paymentProvider: options.paymentProvider,
    chargeLeaseRenewMs: options.chargeLeaseRenewMs,
  });
  await load(routeRegistry);
  // Before anything that can answer: every answer carries its X-Request-Id and is counted.
  await load(observability);

  // The help index and question model: seconds of blocking CPU, done before load shedding
  // starts measuring the event loop (plugins/app/help.ts).
  await load(help, { atStart: options.helpAtStart ?? true });

  // External plugins. Load shedding comes first, so an overloaded server refuses a call
  // before anything (the session's database read included) is spent on it.
  await load(loadShedding);
  await load(database);
  await load(securityHeaders);
  await load(openapi);
  await load(webApp);
  await load(widgetCors);

  // Our own plugins.
  await load(shutdown);
  await load(services);
  await load(errors);
  await load(crossOriginGuard);
  // The session comes late, just before the hooks that read it: every refusal decided on the
  // request alone (load shedding, the cross-site guard, and a call that needs an account but
  // carries no session cookie) is answered, with all its headers, before @fastify/session
  // makes a session for it (plugins/app/signed-out.ts).
  await load(signedOut, { cookieName: SESSION_COOKIE });
  await load(session);
  // Before the access hook: a read-only view as a user refuses writes first, and names the
  // account the access hook then checks (plugins/app/impersonation.ts).
  await load(impersonation);
  await load(access);
  await load(maintenance);
  await load(polledReads);
  await load(renewalJob);
  // The last onSend hook before the routes: every other hook has shaped its answer when the
  // turn's answers go out together (plugins/app/answers-per-turn.ts, decision 053).
  await load(answersPerTurn);

  // Routes.
  await load(healthRoutes);
  await load(sessionRoutes);
  await load(accountRoutes);
  await load(subscriptionRoutes);
  await load(billingRoutes);
  await load(stripeWebhookRoutes);
  await load(keypadRoutes);
  await load(adminRoutes);
  await load(adminUsersRoutes);
  await load(adminTrendsRoutes);
  await load(announcementRoutes);
  await load(supergodRoutes);
  await load(assistantRoutes);
  await load(metricsRoutes);

  return app;
}

export interface LoadedPlugin {
  name: string;
  loadedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The plugins of this app in load order, with when each finished loading. */
    loadedPlugins: readonly LoadedPlugin[];
  }
}

/** Where Fastify reads a plugin's name before searching for it (fastify/lib/plugin-utils.js). */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/** fastify-plugin's declared name, else the function's own name (route plugins). */
function pluginName(plugin: object): string {
  const meta = (plugin as { [key: symbol]: { name?: string } | undefined })[
    Symbol.for('plugin-meta')
  ];
  return meta?.name ?? ((plugin as { name?: string }).name || 'anonymous');
}

export type { Config } from './config/config.js';
export { loadConfig } from './config/config.js';
// For benches that fill a database as an earlier release left it, then migrate it (admin-scale).
export { openDatabase } from './db/database.js';
export { migrateUpTo } from './db/migrate.js';
export { SystemLogsRepository } from './repositories/system-logs.js';

/**
 * Runs the subscription renewal job once (for hosts that drive their own clock): renewals, then
 * their charges, dunning retries and grace periods ended (decision 038). Answers how many
 * subscriptions were renewed.
 */
export const runRenewals = async (app: FastifyInstance): Promise<number> => {
  const renewed = await app.subscriptions.renewDue();
  await app.billing.collectDue();
  return renewed;
};
