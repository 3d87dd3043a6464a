// Repositories (one per table group) and the services built on them.
import fp from 'fastify-plugin';
import { AccessTokensRepository } from '../../repositories/access-tokens.js';
import { ActivityRepository } from '../../repositories/activity.js';
import { AnnouncementsRepository } from '../../repositories/announcements.js';
import { AssistantRepository } from '../../repositories/assistant.js';
import { PasskeysRepository } from '../../repositories/passkeys.js';
import { PaymentsRepository } from '../../repositories/payments.js';
import { SessionsRepository } from '../../repositories/sessions.js';
import { SettingsRepository } from '../../repositories/settings.js';
import { StripeRecordsRepository } from '../../repositories/stripe-records.js';
import { SubscriptionsRepository } from '../../repositories/subscriptions.js';
import { SystemLogsRepository } from '../../repositories/system-logs.js';
import { TwoFactorRepository } from '../../repositories/two-factor.js';
import { UnansweredQuestionsRepository } from '../../repositories/unanswered-questions.js';
import { UsersRepository } from '../../repositories/users.js';
import { UssdSessionsRepository } from '../../repositories/ussd-sessions.js';
import { WalletsRepository } from '../../repositories/wallets.js';
import { AccessTokensService } from '../../services/access-tokens.js';
import { AccountSessionsService } from '../../services/account-sessions.js';
import { AccountService } from '../../services/accounts.js';
import { AdminReads } from '../../services/admin-reads.js';
import { AnnouncementService } from '../../services/announcements.js';
import { AssistantService } from '../../services/assistant/assistant-service.js';
import { BillingService } from '../../services/billing.js';
import {
  type MaintenanceSwitch,
  SupergodConsole,
} from '../../services/commands/supergod-console.js';
import { SystemStatusService } from '../../services/commands/system-status.js';
import { FeatureCatalogueService } from '../../services/feature-catalogue.js';
import { GatewayAuth } from '../../services/gateway-auth.js';
import { HealthService } from '../../services/health.js';
import { LoginThrottle, MemoryThrottleStore } from '../../services/login-throttle.js';
import { PasskeysService } from '../../services/passkeys.js';
import { createPaymentProvider } from '../../services/payments/create-payment-provider.js';
import type { StripeWebhooks } from '../../services/payments/stripe-webhooks.js';

import { RegistrationKeys, writeKeysFile } from '../../services/registration-keys.js';
import { DEFAULT_SESSION_POLICY } from '../../services/session-store.js';
import { createSmsSender } from '../../services/sms/create-sms-sender.js';
import { SubscriptionService } from '../../services/subscriptions.js';
import { TrendsService } from '../../services/trends.js';
import { TwoFactorService } from '../../services/two-factor.js';
import { UnansweredQuestionsService } from '../../services/unanswered-questions.js';
import { UssdGateway } from '../../services/ussd-gateway.js';
import { WalletEntitlements } from '../../services/wallet-entitlements.js';
import { WalletSignInService } from '../../services/wallet-sign-in.js';
import { WalletTransactionService } from '../../services/wallet-transactions.js';

/** How long start waits for the sign-in throttle's first Redis connection. */
const REDIS_START_WAIT_MS = 5000;

export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  activity: ActivityRepository;
  settings: SettingsRepository;
  subscriptions: SubscriptionsRepository;
  systemLogs: SystemLogsRepository;
  announcements: AnnouncementsRepository;
  ussdSessions: UssdSessionsRepository;
  wallets: WalletsRepository;
  unansweredQuestions: UnansweredQuestionsRepository;
  twoFactor: TwoFactorRepository;
  accessTokens: AccessTokensRepository;
  passkeys: PasskeysRepository;
  payments: PaymentsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
    registrationKeys: RegistrationKeys;
    loginThrottle: LoginThrottle;
    subscriptions: SubscriptionService;
    billing: BillingService;
    /** Stripe's webhook events; null unless the stripe provider collects payments. */
    stripeWebhooks: StripeWebhooks | null;
    walletSignIn: WalletSignInService;
    walletTransactions: WalletTransactionService;
    ussdGateway: UssdGateway;
    gatewayAuth: GatewayAuth;
    announcements: AnnouncementService;
    health: HealthService;
    assistant: AssistantService;
    unansweredQuestions: UnansweredQuestionsService;
    accounts: AccountService;
    accountSessions: AccountSessionsService;
    twoFactor: TwoFactorService;
    accessTokens: AccessTokensService;
    passkeys: PasskeysService;
    featureCatalogue: FeatureCatalogueService;
    adminReads: AdminReads;
    trends: TrendsService;
    supergodConsole: SupergodConsole;
    systemStatus: SystemStatusService;
  }
}

export default fp(
  async (app) => {
    const db = app.database.db;
    const repos: Repositories = {
      users: new UsersRepository(db),
      sessions: new SessionsRepository(db),
      activity: new ActivityRepository(db, (action) => app.metrics.activityRecorded(action)),
      settings: new SettingsRepository(db),
      subscriptions: new SubscriptionsRepository(db),
      systemLogs: new SystemLogsRepository(db, app.database.dialect),
      announcements: new AnnouncementsRepository(db),
      ussdSessions: new UssdSessionsRepository(db),
      wallets: new WalletsRepository(db, app.database.dialect),
      unansweredQuestions: new UnansweredQuestionsRepository(db),
      twoFactor: new TwoFactorRepository(db),
      accessTokens: new AccessTokensRepository(db),
      passkeys: new PasskeysRepository(db),
      payments: new PaymentsRepository(db),
    };
    app.decorate('repos', repos);
    app.systemLogs.attach(repos.systemLogs, repos.activity);
    // Runs before the database closes (hooks close in reverse order of registration).
    app.addHook('onClose', async () => {
      app.systemLogs.notable('server', 'Omega is stopping', null);
      await app.systemLogs.close();
    });
    // ioredis and Stripe's package are loaded only where configured (decision 049).
    const redisStore = app.config.redisUrl
      ? new (await import('../../services/redis-throttle-store.js')).RedisThrottleStore(
          app.config.redisUrl,
          app.config.redisKeyPrefix,
          (err) => app.log.warn({ err, source: 'redis' }, 'sign-in throttle: Redis unreachable'),
          app.config.redisTimeoutMs,
        )
      : null;
    if (redisStore) {
      // Ready waits for the throttle's first connection (bounded): the first sign-ins after
      // start must not each wait for a connection being opened, which a busy machine can take
      // longer than a call's deadline to open (503). Unreachable, the server starts anyway and
      // sign-ins fail closed until Redis answers.
      app.addHook('onReady', async () => {
        if (!(await redisStore.connected(REDIS_START_WAIT_MS))) {
          app.log.warn({ source: 'redis' }, 'sign-in throttle: Redis not connected at start');
        }
      });
    }
    const throttle = new LoginThrottle(
      redisStore ?? new MemoryThrottleStore(),
      app.clock,
      (what, requestId) => app.systemLogs.notable('rate-limit', what, requestId),
    );
    app.decorate('loginThrottle', throttle);
    app.addHook('onClose', () => throttle.close());
    app.decorate(
      'health',
      new HealthService({
        database: app.database,
        databaseOutages: app.databaseOutages,
        users: repos.users,
        activity: repos.activity,
        systemLogs: repos.systemLogs,
        subscriptions: repos.subscriptions,
        payments: repos.payments,
        throttle,
        server: {
          plugins: app.loadedPlugins,
          jobsRunning: app.buildOptions.runJobs === true,
          webAppAvailable: app.webAppAvailable,
          pressure: app.config.pressure,
          underPressure: () => app.isUnderPressure(),
          memory: () => app.memoryUsage(),
          draining: () => app.shutdown.draining,
        },
        clock: app.clock,
        log: app.log,
      }),
    );
    app.decorate('adminReads', new AdminReads(repos.activity, repos.users));
    app.decorate(
      'trends',
      new TrendsService({
        systemLogs: repos.systemLogs,
        activity: repos.activity,
        users: repos.users,
        subscriptions: repos.subscriptions,
        clock: app.clock,
      }),
    );
    app.decorate(
      'announcements',
      new AnnouncementService(db, repos.announcements, repos.activity, app.clock),
    );
    const paymentProvider =
      app.buildOptions.paymentProvider ?? (await createPaymentProvider(app.config, db, app.clock));
    app.decorate(
      'subscriptions',
      new SubscriptionService(
        db,
        repos.subscriptions,
        repos.activity,
        app.clock,
        app.config.sessionSecret,
        app.log,
        repos.payments,
        paymentProvider,
      ),
    );
    app.decorate(
      'billing',
      new BillingService({
        db,
        payments: repos.payments,
        activity: repos.activity,
        announcements: repos.announcements,
        subscriptions: app.subscriptions,
        provider: paymentProvider,
        clock: app.clock,
        log: app.log,
        leaseRenewMs: app.buildOptions.chargeLeaseRenewMs,
      }),
    );
    const stripeKeys = app.config.payments.stripe;
    let stripeWebhooks: StripeWebhooks | null = null;
    if (paymentProvider.name === 'stripe' && stripeKeys) {
      const [{ StripeProvider }, { StripeWebhooks }] = await Promise.all([
        import('../../services/payments/stripe.js'),
        import('../../services/payments/stripe-webhooks.js'),
      ]);
      if (paymentProvider instanceof StripeProvider) {
        stripeWebhooks = new StripeWebhooks({
          provider: paymentProvider,
          webhookSecret: stripeKeys.webhookSecret,
          records: new StripeRecordsRepository(db),
          recordOutcome: (found) => app.billing.recordOutcome(found),
          clock: app.clock,
          log: app.log,
        });
      }
    }
    app.decorate('stripeWebhooks', stripeWebhooks);
    app.decorate(
      'featureCatalogue',
      new FeatureCatalogueService({
        db,
        catalogue: repos.subscriptions,
        users: repos.users,
        activity: repos.activity,
        subscriptions: app.subscriptions,
        clock: app.clock,
      }),
    );
    const entitlements = new WalletEntitlements({
      wallets: repos.wallets,
      catalogue: repos.subscriptions,
      subscriptions: app.subscriptions,
    });
    const walletSignIn = new WalletSignInService({
      db,
      wallets: repos.wallets,
      entitlements,
      sms: createSmsSender(app.config.sms, app.log),
      demo: app.config.keypadDemo,
      clock: app.clock,
    });
    const walletTransactions = new WalletTransactionService({
      db,
      wallets: repos.wallets,
      entitlements,
      rates: app.config.rates,
      clock: app.clock,
      recorded: (kind, result) => app.metrics.keypadTransaction(kind, result),
    });
    app.decorate('walletSignIn', walletSignIn);
    app.decorate('walletTransactions', walletTransactions);
    app.decorate('gatewayAuth', new GatewayAuth(app.config.ussdGateway, app.clock, app.log));
    app.decorate(
      'ussdGateway',
      new UssdGateway({
        signIn: walletSignIn,
        transactions: walletTransactions,
        sessions: repos.ussdSessions,
        clock: app.clock,
        log: app.log,
      }),
    );

    const keys = new RegistrationKeys(repos.settings, {
      admin: app.config.adminKey,
      supergod: app.config.supergodKey,
    });
    const generated = await keys.init();
    if (Object.keys(generated).length > 0) {
      app.systemLogs.addSecrets(Object.values(generated));
      const file = writeKeysFile(app.config.dataDir, generated);
      app.buildOptions.announceKeys?.({ ...generated, file });
      app.log.info({ file }, 'registration keys generated');
    }
    app.decorate('registrationKeys', keys);
    const twoFactor = new TwoFactorService({
      db,
      users: repos.users,
      twoFactor: repos.twoFactor,
      activity: repos.activity,
      announcements: repos.announcements,
      throttle,
      clock: app.clock,
      keyMaterial: app.config.twoFactorKey ?? app.config.sessionSecret,
      requiredRoles: app.config.requireTwoFactor,
    });
    app.decorate('twoFactor', twoFactor);
    app.decorate(
      'passkeys',
      new PasskeysService({
        db,
        users: repos.users,
        passkeys: repos.passkeys,
        activity: repos.activity,
        announcements: repos.announcements,
        throttle,
        clock: app.clock,
      }),
    );
    app.decorate(
      'accounts',
      new AccountService({
        db,
        users: repos.users,
        sessions: repos.sessions,
        activity: repos.activity,
        announcements: repos.announcements,
        throttle,
        keys,
        clock: app.clock,
        secondFactorOn: (userId) => twoFactor.isOn(userId),
      }),
    );
    app.decorate(
      'accountSessions',
      new AccountSessionsService({
        db,
        sessions: repos.sessions,
        activity: repos.activity,
        policy: DEFAULT_SESSION_POLICY,
        clock: app.clock,
        sessionSecret: app.config.sessionSecret,
      }),
    );
    app.decorate(
      'accessTokens',
      new AccessTokensService({
        db,
        tokens: repos.accessTokens,
        activity: repos.activity,
        announcements: repos.announcements,
        clock: app.clock,
      }),
    );

    // The maintenance plugin loads after this one (it needs the access hook first); the
    // console and the status panel reach its flag when a command runs, long after both loaded.
    const maintenance: MaintenanceSwitch = {
      isOn: () => app.maintenance.isOn(),
      write: (on, trx) => app.maintenance.write(on, trx),
      remember: (on) => app.maintenance.remember(on),
    };
    app.decorate(
      'supergodConsole',
      new SupergodConsole({
        database: app.database,
        users: repos.users,
        sessions: repos.sessions,
        activity: repos.activity,
        systemLogs: repos.systemLogs,
        systemLog: app.systemLogs,
        maintenance,
        announcements: app.announcements,
        twoFactor,
        clock: app.clock,
      }),
    );
    app.decorate(
      'systemStatus',
      new SystemStatusService({
        database: app.database,
        users: repos.users,
        activity: repos.activity,
        systemLogs: repos.systemLogs,
        keys,
        throttle,
        maintenance,
        config: app.config,
        twoFactor: repos.twoFactor,
        server: app,
        clock: app.clock,
      }),
    );

    const unansweredQuestions = new UnansweredQuestionsService({
      db,
      repo: repos.unansweredQuestions,
      activity: repos.activity,
      help: () => app.help,
      clock: app.clock,
      retentionDays: app.config.assistantRetentionDays,
    });
    app.decorate('unansweredQuestions', unansweredQuestions);
    app.decorate(
      'assistant',
      new AssistantService({
        help: () => app.help,
        db,
        repo: new AssistantRepository(db),
        unanswered: unansweredQuestions,
        clock: app.clock,
        health: async () => (await app.health.check()).status,
        llm: app.config.llm,
        log: app.log,
      }),
    );
  },
  {
    name: 'services',
    // The health page reads the load, the web build and the drain state these decorate.
    dependencies: [
      'config',
      'database',
      'help',
      'load-shedding',
      'web-app',
      'shutdown',
      'observability',
    ],
  },
);
