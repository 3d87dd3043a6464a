// Builds the real app on a fresh database with a clock the test controls, plus sign-in
// helpers: one real registration per role, or sessions written straight to the store.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Signer } from '@fastify/cookie';
import { addInterval, type Role } from '@omega/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll } from 'vitest';
import { type AppOptions, build } from '../../src/app.js';
import type { Config } from '../../src/config/config.js';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import { helpFor } from '../../src/plugins/app/help.js';
import { SESSION_COOKIE } from '../../src/plugins/external/session.js';
import { hashPassword } from '../../src/services/passwords.js';
import { DatabaseSessionStore } from '../../src/services/session-store.js';
import { sqliteTestUrl, type TestDatabase } from './databases.js';

export const ADMIN_KEY = 'admin-key-for-tests';
export const SUPERGOD_KEY = 'supergod-key-for-tests';
export const SESSION_SECRET = 'a-test-session-secret-of-at-least-32-chars';
export const METRICS_TOKEN = 'metrics-token-for-tests';
export const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);

export interface TestApp {
  app: FastifyInstance;
  now(): number;
  advance(ms: number): void;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'omega-test-')),
    // A copy of the run's migrated SQLite file, unless the test names its own database.
    databaseUrl: overrides.databaseUrl ?? sqliteTestUrl(),
    databaseTimeouts: DEFAULT_DATABASE_TIMEOUTS,
    sessionSecret: SESSION_SECRET,
    adminKey: ADMIN_KEY,
    supergodKey: SUPERGOD_KEY,
    cookieSecure: false,
    trustProxy: [],
    logLevel: 'silent',
    logRetention: 1_000_000,
    assistantRetentionDays: 90,
    redisUrl: undefined,
    redisKeyPrefix: `omega-test-${randomBytes(4).toString('hex')}:`,
    redisTimeoutMs: 1000,
    keypadDemo: true,
    sms: null,
    rates: { USDC: '1.00', BTC: '65000.00' },
    widgetOrigins: ['https://shop.example'],
    ussdGateway: null,
    llm: null,
    payments: { provider: 'demo', demoDelayMs: 0, stripe: null },
    metricsToken: METRICS_TOKEN,
    twoFactorKey: null,
    requireTwoFactor: [],
    webauthn: { rpId: null, origin: null },
    http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 },
    shutdown: { delayMs: 0, timeoutMs: 10_000 },
    // Load shedding off: a busy test machine must not turn ordinary answers into 503s.
    pressure: { maxEventLoopDelayMs: 0, maxHeapBytes: 0, maxRssBytes: 0 },
    ...overrides,
  };
}

export async function createTestApp(
  database: TestDatabase,
  overrides: Partial<Config> = {},
  shared?: { url: string; drop(): Promise<void> },
  /** Build options beyond the config (a payment provider of the test's, a lease's renewals). */
  options: Pick<
    AppOptions,
    'paymentProvider' | 'chargeLeaseRenewMs' | 'webDist' | 'keypadDist'
  > = {},
): Promise<TestApp> {
  const { url, drop } = shared ?? (await database.create());
  let now = T0;
  const app = await build({
    ...options,
    config: testConfig({ databaseUrl: url, ...overrides }),
    clock: () => now,
    logger: false,
    // Most test files never ask the assistant; loading its help from the artifact costs each
    // file's process a few tenths of a second (the files that do ask call `buildHelpFirst`).
    helpAtStart: false,
  });
  await app.ready();
  return {
    app,
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * For tests of several instances on one database (a cluster, a restart): shared databases and
 * apps on them, each test's closed (apps first) and dropped after it, with whatever else the
 * test hands to `after` (a server process, a client).
 */
export function instancesOn(database: TestDatabase) {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    /** A migrated database that outlives the apps opened on it. */
    async database(): Promise<{ url: string; drop(): Promise<void> }> {
      const shared = await database.create();
      cleanups.push(() => shared.drop());
      return { url: shared.url, drop: async () => {} };
    },
    /** An app on `shared` (or on a database of its own). */
    async app(
      shared?: { url: string; drop(): Promise<void> },
      options: Parameters<typeof createTestApp>[3] = {},
    ): Promise<TestApp> {
      const t = await createTestApp(database, {}, shared, options);
      cleanups.push(() => t.close());
      return t;
    },
    after(cleanup: () => Promise<void>): void {
      cleanups.push(cleanup);
    },
  };
}

/**
 * For a test file that asks the assistant: builds its help once, in a hook, before the file's
 * tests. Test apps load it from the build's artifact when first asked (`createTestApp`), which
 * would otherwise happen in a test's own time; the process keeps it for every later app
 * (plugins/app/help.ts).
 */
export function buildHelpFirst(): void {
  beforeAll(() => {
    helpFor();
  });
}

/** The account's activity log, oldest first, as its actions ('login', 'passkey_added', …). */
export async function activityActions(app: FastifyInstance, userId: number): Promise<string[]> {
  const rows = await app.database.db
    .selectFrom('activity_logs')
    .select('action')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** The `name=value` pair of the session cookie an answer set, if any. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

let sharedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct horse battery';

/** Creates a user directly (one argon2 hash shared by all of them) and returns the row. */
export async function createUser(app: FastifyInstance, username: string, role: Role = 'user') {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const row = await app.repos.users.create({
    username,
    role,
    passwordHash: await sharedHash,
    createdAt: app.clock(),
  });
  if (!row) throw new Error(`user ${username} exists`);
  return row;
}

/**
 * A session cookie for the user, written straight to the store: signed in now, as a sign-in
 * leaves it; `olderRelease`: only the account, as a release before these fields stored it.
 */
export async function sessionFor(
  app: FastifyInstance,
  userId: number,
  { olderRelease = false }: { olderRelease?: boolean } = {},
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  const store = new DatabaseSessionStore(app.repos.sessions, app.clock);
  await store.create(
    id,
    (olderRelease ? { userId } : { userId, signedInAt: app.clock() }) as never,
  );
  const signed = new Signer(SESSION_SECRET, 'sha256').sign(id);
  return `${SESSION_COOKIE}=${encodeURIComponent(signed)}`;
}

/**
 * Turns two-factor on for the cookie's account through the API (setup, then a code from the
 * secret it answered); returns the authenticator, for codes at later times.
 */
export async function turnOnTwoFactor(app: FastifyInstance, cookie: string): Promise<TOTP> {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/account/2fa/totp/setup',
    headers: { cookie },
  });
  if (setup.statusCode !== 200) throw new Error(`2fa setup: ${setup.statusCode} ${setup.body}`);
  const totp = new TOTP({ secret: Secret.fromBase32(setup.json().secret) });
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/account/2fa/totp/enable',
    headers: { cookie },
    payload: { code: totp.generate({ timestamp: app.clock() }) },
  });
  if (enabled.statusCode !== 200)
    throw new Error(`2fa enable: ${enabled.statusCode} ${enabled.body}`);
  return totp;
}

/** A fresh signed-in cookie for a new user of the role (or undefined for anonymous). */
export async function cookieForRole(app: FastifyInstance, role: Role | 'anonymous') {
  if (role === 'anonymous') return undefined;
  const user = await createUser(app, `${role}-${randomBytes(4).toString('hex')}`, role);
  return sessionFor(app, user.id);
}

/**
 * Makes `phone`'s wallet belong to a new account on `planId` (set by an administrator), as if
 * that account had opened it from the keypad at '/'; the wallet's PIN is still unset.
 * Keypad flows follow the owner's plan (decision 014): Send to phone and transfers need Starter.
 */
export async function walletOnPlan(app: FastifyInstance, phone: string, planId = 'starter') {
  const owner = await createUser(app, `owner-${randomBytes(4).toString('hex')}`);
  const admin = await createUser(app, `admin-${randomBytes(4).toString('hex')}`, 'admin');
  await app.subscriptions.override(admin.id, owner.id, planId, null);
  await app.database.db
    .insertInto('wallets')
    .values({ phone, pin_hash: null, created_at: app.clock(), owner_id: owner.id })
    .execute();
  return owner;
}

/** The gateway secret the USSD tests configure: `createTestApp(db, { ussdGateway: GATEWAY })`. */
export const GATEWAY_SECRET = 'gateway-secret-for-tests';
export const GATEWAY = { secret: GATEWAY_SECRET, cidrs: [] };

/** One USSD aggregator callback, as an aggregator that knows the secret sends it. */
export function ussdCallback(
  app: FastifyInstance,
  callback: { sessionId: string; text: string; phoneNumber: string; networkCode?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/ussd/gateway',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-omega-gateway-secret': GATEWAY_SECRET,
    },
    payload: new URLSearchParams({ serviceCode: '*120*777#', ...callback }).toString(),
  });
}

/** Stripe's test card that always succeeds: saved for users whose tests start paid plans. */
export const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2034,
  cvc: '123',
} as const;

/** Saves a demo card for the user (4242 4242 4242 4242 unless `cardNumber` says otherwise). */
export async function saveCard(
  app: FastifyInstance,
  userId: number,
  cardNumber: string = TEST_CARD.cardNumber,
) {
  const user = await app.repos.users.findById(userId);
  if (!user) throw new Error(`no user ${userId}`);
  return app.billing.savePaymentMethod(user, { ...TEST_CARD, cardNumber }, null);
}

/**
 * What the renewal job does in one run: renews what is due, then charges the invoices and
 * dunning retries due. Answers how many subscriptions were renewed.
 */
export async function renewAndCollect(app: FastifyInstance): Promise<number> {
  const renewed = await app.subscriptions.renewDue();
  await app.billing.collectDue();
  return renewed;
}

/**
 * A saved 4242 card for each of `userIds`, written straight to the table as the demo provider
 * saves one (for tests that seed accounts in bulk rather than through the API).
 */
export async function seedCards(db: Kysely<Database>, userIds: readonly number[], at = T0) {
  for (let from = 0; from < userIds.length; from += 250) {
    await db
      .insertInto('payment_methods')
      .values(
        userIds.slice(from, from + 250).map((id) => ({
          user_id: id,
          provider: 'demo',
          provider_ref: `demo_pm_succeeds_4242_12_2034_seed${id}`,
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2034,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
}

/**
 * `count` accounts on a paid monthly plan (Starter and Pro in turn) whose period ended a day
 * before `now`, one period due each and a saved card that pays, written straight to the tables (the renewal job's backlog).
 * Answers their ids.
 */
export async function seedDue(db: Kysely<Database>, now: number, count: number): Promise<number[]> {
  const anchor = addInterval(now - 86_400_000, 'month', -1);
  const end = addInterval(anchor, 'month', 1);
  const ids: number[] = [];
  for (let from = 0; from < count; from += 250) {
    const names = Array.from({ length: Math.min(250, count - from) }, (_, i) => `due${from + i}`);
    const users = await db
      .insertInto('users')
      .values(
        names.map((name) => ({
          username: name,
          username_key: name,
          email: null,
          role: 'user',
          password_hash: 'not-a-real-hash',
          created_at: anchor,
          last_login: null,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('subscriptions')
      .values(
        users.map(({ id }, i) => ({
          user_id: id,
          plan_id: (from + i) % 2 === 0 ? 'starter' : 'pro',
          interval: 'month',
          status: 'active',
          anchor,
          period_index: 0,
          current_period_start: anchor,
          current_period_end: end,
          trial_end: null,
          cancel_at_period_end: 0,
          scheduled_plan_id: null,
          scheduled_interval: null,
          credit_balance: 0,
          had_trial: 1,
          version: 0,
          renewal_claimed_until: null,
          updated_at: anchor,
        })),
      )
      .execute();
    ids.push(...users.map((u) => u.id));
  }
  // Each with a saved card that pays (issue 39): renewals charge it.
  await seedCards(db, ids, anchor);
  return ids;
}
