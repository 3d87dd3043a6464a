// Configuration, read and validated once at start. Nothing else in the server reads
// process.env: a bad value stops the server with a message naming the variable.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from '../db/database.js';
import { addressList } from '../lib/address-list.js';

const EnvSchema = Type.Object({
  NODE_ENV: Type.Union(
    [Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
    { default: 'development' },
  ),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: 'localhost' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^(sqlite:|postgres://|postgresql://)' })),
  DATABASE_CONNECT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: DEFAULT_DATABASE_TIMEOUTS.connectMs,
  }),
  DATABASE_QUERY_TIMEOUT_MS: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    default: DEFAULT_DATABASE_TIMEOUTS.queryMs,
  }),
  DATABASE_IDLE_TX_TIMEOUT_MS: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    default: DEFAULT_DATABASE_TIMEOUTS.idleTransactionMs,
  }),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  OMEGA_ADMIN_KEY: Type.Optional(Type.String({ minLength: 8, maxLength: 256 })),
  OMEGA_SUPERGOD_KEY: Type.Optional(Type.String({ minLength: 8, maxLength: 256 })),
  COOKIE_SECURE: Type.Optional(Type.Boolean()),
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1 })),
  OMEGA_KEYPAD_DEMO: Type.Boolean({ default: true }),
  OMEGA_SMS_PROVIDER: Type.Optional(
    Type.Union([Type.Literal('africastalking'), Type.Literal('twilio')]),
  ),
  OMEGA_SMS_AT_USERNAME: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  OMEGA_SMS_AT_API_KEY: Type.Optional(Type.String({ minLength: 8, maxLength: 256 })),
  OMEGA_SMS_AT_FROM: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  OMEGA_SMS_TWILIO_ACCOUNT_SID: Type.Optional(Type.String({ pattern: '^AC[0-9a-fA-F]{32}$' })),
  OMEGA_SMS_TWILIO_AUTH_TOKEN: Type.Optional(Type.String({ minLength: 8, maxLength: 256 })),
  OMEGA_SMS_TWILIO_FROM: Type.Optional(
    Type.String({ pattern: '^(\\+[1-9]\\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$' }),
  ),
  OMEGA_SMS_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  OMEGA_SMS_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  OMEGA_USSD_GATEWAY_SECRET: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
  OMEGA_USSD_GATEWAY_CIDRS: Type.Optional(
    Type.String({ pattern: '^[0-9A-Fa-f:.]+(/\\d{1,3})?(\\s*,\\s*[0-9A-Fa-f:.]+(/\\d{1,3})?)*$' }),
  ),
  OMEGA_WIDGET_ORIGINS: Type.Optional(
    Type.String({ pattern: '^https?://[^,\\s]+(,\\s*https?://[^,\\s]+)*$' }),
  ),
  OMEGA_RATES: Type.String({
    default: 'USDC=1.00,BTC=65000.00',
    pattern: '^(USDC|BTC)=\\d+(\\.\\d{1,8})?(,(USDC|BTC)=\\d+(\\.\\d{1,8})?)*$',
  }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  REDIS_KEY_PREFIX: Type.String({ minLength: 1, maxLength: 64, default: 'omega:' }),
  REDIS_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 1000 }),
  OMEGA_LOG_RETENTION: Type.Integer({ minimum: 100, maximum: 100_000_000, default: 1_000_000 }),
  OMEGA_ASSISTANT_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 90 }),
  OMEGA_LLM_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  OMEGA_LLM_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini' }),
  OMEGA_LLM_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  OMEGA_LLM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 8000 }),
  OMEGA_PAYMENTS_PROVIDER: Type.Union([Type.Literal('demo'), Type.Literal('stripe')], {
    default: 'demo',
  }),
  OMEGA_PAYMENTS_DEMO_DELAY_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 0 }),
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ maxLength: 255, pattern: '^(sk|rk)_\\w+$' })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ maxLength: 255, pattern: '^whsec_\\w+$' })),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Type.String({ maxLength: 255, pattern: '^pk_\\w+$' })),
  STRIPE_API_BASE: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+/?$' })),
  STRIPE_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 120_000, default: 20_000 }),
  OMEGA_METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
  OMEGA_2FA_KEY: Type.Optional(Type.String({ minLength: 32, maxLength: 256 })),
  OMEGA_REQUIRE_2FA: Type.Optional(
    Type.String({ pattern: '^\\s*(admin|supergod)\\s*(,\\s*(admin|supergod)\\s*)*$' }),
  ),
  OMEGA_WEBAUTHN_RP_ID: Type.Optional(
    Type.String({
      maxLength: 253,
      pattern:
        '^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$',
    }),
  ),
  OMEGA_WEBAUTHN_ORIGIN: Type.Optional(
    Type.String({ pattern: '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$' }),
  ),
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 120_000, default: 10_000 }),
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 30_000 }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 72_000 }),
  SHUTDOWN_DELAY_MS: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 1000, maximum: 600_000, default: 10_000 }),
  OMEGA_PRESSURE_LOOP_DELAY_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 500 }),
  OMEGA_PRESSURE_HEAP_BYTES: Type.Optional(Type.Integer({ minimum: 0 })),
  OMEGA_PRESSURE_RSS_BYTES: Type.Integer({ minimum: 0, default: 0 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
});

/** What each variable must look like, for the message when it does not. */
const EXPECTATIONS: Record<string, string> = {
  NODE_ENV: 'one of development, production, test',
  PORT: 'an integer from 0 to 65535 (0: any free port)',
  HOST: 'a host name or address',
  DATA_DIR: 'a folder path',
  DATABASE_URL: 'sqlite:<file path> or postgres://user@host:port/database',
  DATABASE_CONNECT_TIMEOUT_MS: 'milliseconds from 100 to 60000',
  DATABASE_QUERY_TIMEOUT_MS: 'milliseconds from 0 (no limit) to 3600000',
  DATABASE_IDLE_TX_TIMEOUT_MS: 'milliseconds from 0 (no limit) to 3600000',
  SESSION_SECRET: 'at least 32 characters',
  OMEGA_ADMIN_KEY: '8 to 256 characters',
  OMEGA_SUPERGOD_KEY: '8 to 256 characters',
  COOKIE_SECURE: 'true or false',
  TRUST_PROXY: 'a comma-separated list of proxy addresses or CIDR ranges',
  OMEGA_KEYPAD_DEMO: 'true (the OTP is shown in the simulator) or false (sent by SMS)',
  OMEGA_SMS_PROVIDER: 'africastalking or twilio (the SMS provider that sends keypad OTPs)',
  OMEGA_SMS_AT_USERNAME: "your Africa's Talking application username ('sandbox' for the sandbox)",
  OMEGA_SMS_AT_API_KEY: "8 to 256 characters: your Africa's Talking API key",
  OMEGA_SMS_AT_FROM: 'a registered short code or alphanumeric sender id (up to 16 characters)',
  OMEGA_SMS_TWILIO_ACCOUNT_SID: 'your Twilio Account SID: AC followed by 32 hex digits',
  OMEGA_SMS_TWILIO_AUTH_TOKEN: '8 to 256 characters: your Twilio Auth Token',
  OMEGA_SMS_TWILIO_FROM:
    'a Twilio number in E.164 form (+14155550100), an alphanumeric sender id (up to 11 characters) or a Messaging Service SID (MG…)',
  OMEGA_SMS_BASE_URL: "the http(s) base URL of the provider's API, to use a proxy or a test double",
  OMEGA_SMS_TIMEOUT_MS: 'milliseconds from 100 to 60000',
  OMEGA_RATES: 'USD prices per coin, for example USDC=1.00,BTC=65000.00',
  OMEGA_USSD_GATEWAY_SECRET:
    '16 to 256 characters shared with the USSD aggregator (sent as HTTP Basic password or X-Omega-Gateway-Secret)',
  OMEGA_USSD_GATEWAY_CIDRS:
    'a comma-separated list of addresses or CIDR ranges the aggregator calls from, such as 196.201.212.0/24',
  OMEGA_WIDGET_ORIGINS: 'a comma-separated list of origins such as https://shop.example',
  LOG_LEVEL: 'one of fatal, error, warn, info, debug, trace, silent',
  OMEGA_LLM_BASE_URL:
    'the http(s) base URL of an OpenAI-compatible API, such as http://localhost:11434/v1',
  OMEGA_LLM_MODEL: 'a model name',
  OMEGA_LLM_API_KEY: 'the API key (sent as a Bearer token)',
  OMEGA_LLM_TIMEOUT_MS: 'milliseconds from 100 to 60000',
  OMEGA_PAYMENTS_PROVIDER:
    'demo (the default: Stripe test card numbers, nothing leaves the server) or stripe',
  OMEGA_PAYMENTS_DEMO_DELAY_MS:
    'milliseconds from 0 to 60000 the demo provider takes to answer a charge (a slow provider)',
  STRIPE_SECRET_KEY: 'your Stripe secret key, sk_live_… or sk_test_… (or a restricted key, rk_…)',
  STRIPE_WEBHOOK_SECRET:
    'the signing secret of your Stripe webhook endpoint for /api/billing/webhooks/stripe, whsec_…',
  STRIPE_PUBLISHABLE_KEY: "your Stripe publishable key, pk_… (the web app's card form uses it)",
  STRIPE_API_BASE:
    "http(s)://host[:port] of Stripe's API, to use a proxy or a test double (unset: Stripe's own)",
  STRIPE_TIMEOUT_MS: 'milliseconds from 1000 to 120000 one request to Stripe may take',
  OMEGA_METRICS_TOKEN: '16 to 256 characters (the bearer token Prometheus sends to GET /metrics)',
  OMEGA_2FA_KEY: '32 to 256 characters (the key two-factor secrets are encrypted with)',
  OMEGA_REQUIRE_2FA:
    "a comma-separated list of the roles admin and supergod, or '' for none (the roles that must use two-factor)",
  OMEGA_WEBAUTHN_RP_ID:
    "the passkeys' relying party: the site's domain name, such as omega.example (no scheme, no port)",
  OMEGA_WEBAUTHN_ORIGIN:
    'the origin the web app is served from, such as https://omega.example (no path)',
  HTTP_HEADERS_TIMEOUT_MS: 'milliseconds from 1000 to 120000',
  HTTP_REQUEST_TIMEOUT_MS: 'milliseconds from 1000 to 600000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 'milliseconds from 1000 to 600000',
  SHUTDOWN_DELAY_MS: 'milliseconds from 0 to 600000',
  SHUTDOWN_TIMEOUT_MS: 'milliseconds from 1000 to 600000',
  OMEGA_PRESSURE_LOOP_DELAY_MS: 'milliseconds from 0 (check off) to 60000',
  OMEGA_PRESSURE_HEAP_BYTES: 'a number of bytes, 0 to turn the check off',
  OMEGA_PRESSURE_RSS_BYTES: 'a number of bytes, 0 to turn the check off',
  REDIS_URL: 'redis://host:6379 (or rediss:// for TLS)',
  REDIS_KEY_PREFIX: '1 to 64 characters put before every Redis key',
  REDIS_TIMEOUT_MS: 'milliseconds from 100 to 60000',
  OMEGA_LOG_RETENTION: 'an integer from 100 to 100000000 (log entries kept)',
  OMEGA_ASSISTANT_RETENTION_DAYS:
    "an integer from 1 to 3650 (days the assistant's unanswered questions are kept)",
};

/** The SMS provider that sends keypad OTPs when demo mode is off, with its credentials. */
export type SmsConfig = { baseUrl: string; timeoutMs: number } & (
  | { provider: 'africastalking'; username: string; apiKey: string; from: string | undefined }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string }
);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL's connection, query and idle-transaction limits (decision 015). */
  databaseTimeouts: DatabaseTimeouts;
  sessionSecret: string;
  adminKey: string | undefined;
  supergodKey: string | undefined;
  cookieSecure: boolean;
  /** Addresses of our own proxies; empty means trust nobody's X-Forwarded-For. */
  trustProxy: string[];
  logLevel: string;
  /** Redis shared by several instances for sign-in throttling; none keeps it in memory. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /**
   * How long the sign-in throttle waits for Redis to connect or answer before refusing the
   * sign-in with 503 (1 s; longer for a Redis across a slow link).
   */
  redisTimeoutMs: number;
  /** How many entries the system_logs table keeps; older ones are deleted. */
  logRetention: number;
  /** Days the assistant's declined questions and answers rated 'no' are kept for admins. */
  assistantRetentionDays: number;
  /** Demo mode: OTPs are returned to the keypad simulator instead of sent by SMS. */
  keypadDemo: boolean;
  /** Sends keypad OTPs by SMS; required when demo mode is off, unused while it is on. */
  sms: SmsConfig | null;
  /** USD per coin, decimal strings. */
  rates: { USDC: string; BTC: string };
  /**
   * How the USSD aggregator proves itself: a shared secret and, optionally, the addresses it
   * calls from. Null: the gateway is off (404 naming the variable), never open by default.
   */
  ussdGateway: { secret: string; cidrs: string[] } | null;
  /** Sites that may embed the keypad widget and call the wallet API from the browser. */
  widgetOrigins: string[];
  /** An OpenAI-compatible endpoint that phrases the assistant's answers; null: retrieval only. */
  llm: { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | null;
  /**
   * Who collects payments (decision 038): the demo provider unless OMEGA_PAYMENTS_PROVIDER says
   * stripe. `demoDelayMs`: how long the demo provider takes to answer a charge.
   */
  payments: { provider: 'demo' | 'stripe'; demoDelayMs: number; stripe: StripeConfig | null };
  /** The bearer token that GET /metrics asks for; null: the endpoint is off (404). */
  metricsToken: string | null;
  /**
   * What two-factor secrets are encrypted with (a key is derived from it); null: derived from
   * the session secret instead.
   */
  twoFactorKey: string | null;
  /**
   * The roles whose admin and supergod routes answer only once the account has two-factor on
   * (OMEGA_REQUIRE_2FA: unset, both in production and none elsewhere; empty, none).
   */
  requireTwoFactor: ReadonlyArray<'admin' | 'supergod'>;
  /**
   * The passkeys' relying party (decision 034): its id (a domain) and the origin ceremonies must
   * come from. Null: derived from each request (its host name; its protocol and host).
   */
  webauthn: { rpId: string | null; origin: string | null };
  /** Slow clients' limits: Node answers 408 past them (decision 016). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /**
   * Graceful shutdown, both counted from the signal: readiness answers 503 at once and the
   * listener closes after `delayMs`; whatever is still open at `timeoutMs` is cut.
   */
  shutdown: { delayMs: number; timeoutMs: number };
  /** Load shedding: above any of these API calls answer 503 at once; 0 turns a check off. */
  pressure: { maxEventLoopDelayMs: number; maxHeapBytes: number; maxRssBytes: number };
}

/** OMEGA_REQUIRE_2FA read: an empty value (set, but to nothing) requires it of no role. */
function requiredTwoFactorRoles(
  value: string | undefined,
  production: boolean,
): ReadonlyArray<'admin' | 'supergod'> {
  if (value === undefined) return production ? ['admin', 'supergod'] : [];
  const roles = value
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is 'admin' | 'supergod' => r === 'admin' || r === 'supergod');
  return [...new Set(roles)];
}

/**
 * The passkeys' relying party: an origin alone gives its host as the id; an id and an origin
 * together must agree (the origin's host is the id or below it), as browsers require.
 */
function relyingParty(rpId: string | undefined, origin: string | undefined): Config['webauthn'] {
  if (origin === undefined) return { rpId: rpId?.toLowerCase() ?? null, origin: null };
  const host = new URL(origin).hostname;
  const id = (rpId ?? host).toLowerCase();
  if (host !== id && !host.endsWith(`.${id}`)) {
    throw new ConfigError(
      `Invalid OMEGA_WEBAUTHN_RP_ID: the origin's host ${host} (OMEGA_WEBAUTHN_ORIGIN) must be ${id} or a subdomain of it`,
    );
  }
  return { rpId: id, origin: new URL(origin).origin };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Convert(EnvSchema, Value.Default(EnvSchema, raw));
  const firstError = Value.Errors(EnvSchema, converted).First();
  if (firstError) {
    const name = firstError.path.replace(/^\//, '') || 'configuration';
    const got = raw[name] === undefined ? '' : ` (got ${JSON.stringify(raw[name])})`;
    throw new ConfigError(
      `Invalid ${name}: expected ${EXPECTATIONS[name] ?? firstError.message}${got}`,
    );
  }
  const parsed = converted as Static<typeof EnvSchema>;
  const dataDir = resolve(parsed.DATA_DIR);
  const production = parsed.NODE_ENV === 'production';
  if (production && !parsed.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid SESSION_SECRET: required in production (at least 32 characters)',
    );
  }
  if (parsed.OMEGA_USSD_GATEWAY_CIDRS && !parsed.OMEGA_USSD_GATEWAY_SECRET) {
    throw new ConfigError(
      'Invalid OMEGA_USSD_GATEWAY_SECRET: required when OMEGA_USSD_GATEWAY_CIDRS is set (an address list alone does not prove the caller)',
    );
  }
  const gatewayCidrs = (parsed.OMEGA_USSD_GATEWAY_CIDRS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    addressList(gatewayCidrs);
  } catch (err) {
    throw new ConfigError(
      `Invalid OMEGA_USSD_GATEWAY_CIDRS: ${(err as Error).message} (expected ${EXPECTATIONS.OMEGA_USSD_GATEWAY_CIDRS})`,
    );
  }
  const sms = smsConfig(parsed);
  const { http, shutdown, pressure } = serverLimits(parsed, production);
  const webauthn = relyingParty(parsed.OMEGA_WEBAUTHN_RP_ID, parsed.OMEGA_WEBAUTHN_ORIGIN);
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL ?? `sqlite:${join(dataDir, 'omega.db')}`,
    databaseTimeouts: {
      connectMs: parsed.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: parsed.DATABASE_QUERY_TIMEOUT_MS,
      idleTransactionMs: parsed.DATABASE_IDLE_TX_TIMEOUT_MS,
    },
    sessionSecret: parsed.SESSION_SECRET ?? persistedSecret(dataDir),
    adminKey: parsed.OMEGA_ADMIN_KEY,
    supergodKey: parsed.OMEGA_SUPERGOD_KEY,
    // A Secure cookie is silently dropped over plain http, so it follows configuration.
    cookieSecure: parsed.COOKIE_SECURE ?? production,
    trustProxy: parsed.TRUST_PROXY
      ? parsed.TRUST_PROXY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    logLevel: parsed.LOG_LEVEL,
    logRetention: parsed.OMEGA_LOG_RETENTION,
    assistantRetentionDays: parsed.OMEGA_ASSISTANT_RETENTION_DAYS,
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    redisTimeoutMs: parsed.REDIS_TIMEOUT_MS,
    keypadDemo: parsed.OMEGA_KEYPAD_DEMO,
    sms,
    rates: parseRates(parsed.OMEGA_RATES),
    llm: parsed.OMEGA_LLM_BASE_URL
      ? {
          baseUrl: parsed.OMEGA_LLM_BASE_URL,
          model: parsed.OMEGA_LLM_MODEL,
          apiKey: parsed.OMEGA_LLM_API_KEY,
          timeoutMs: parsed.OMEGA_LLM_TIMEOUT_MS,
        }
      : null,
    ussdGateway: parsed.OMEGA_USSD_GATEWAY_SECRET
      ? {
          secret: parsed.OMEGA_USSD_GATEWAY_SECRET,
          cidrs: gatewayCidrs,
        }
      : null,
    widgetOrigins: parsed.OMEGA_WIDGET_ORIGINS
      ? parsed.OMEGA_WIDGET_ORIGINS.split(',').map((o) => o.trim().replace(/\/$/, ''))
      : [],
    payments: {
      provider: parsed.OMEGA_PAYMENTS_PROVIDER,
      demoDelayMs: parsed.OMEGA_PAYMENTS_DEMO_DELAY_MS,
      stripe: stripeConfig(parsed),
    },
    metricsToken: parsed.OMEGA_METRICS_TOKEN ?? null,
    twoFactorKey: parsed.OMEGA_2FA_KEY ?? null,
    requireTwoFactor: requiredTwoFactorRoles(env.OMEGA_REQUIRE_2FA, production),
    webauthn,
    http,
    shutdown,
    pressure,
  };
}

/** In production the load balancer gets this long to see readiness fail before the port closes. */
export const PRODUCTION_SHUTDOWN_DELAY_MS = 5000;

/**
 * The HTTP timeouts, shutdown deadlines and load-shedding thresholds, checked against each
 * other (decision 016). The heap threshold defaults to 90% of V8's heap limit, so the server
 * sheds load before it runs out of memory whatever --max-old-space-size says.
 */
function serverLimits(
  parsed: Static<typeof EnvSchema>,
  production: boolean,
): Pick<Config, 'http' | 'shutdown' | 'pressure'> {
  if (parsed.HTTP_HEADERS_TIMEOUT_MS > parsed.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS (${parsed.HTTP_REQUEST_TIMEOUT_MS}), which covers the headers too (got ${parsed.HTTP_HEADERS_TIMEOUT_MS})`,
    );
  }
  const delayMs = parsed.SHUTDOWN_DELAY_MS ?? (production ? PRODUCTION_SHUTDOWN_DELAY_MS : 0);
  if (delayMs >= parsed.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS (${parsed.SHUTDOWN_TIMEOUT_MS}), which leaves the requests in flight time to finish (got ${delayMs})`,
    );
  }
  return {
    http: {
      headersTimeoutMs: parsed.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: parsed.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    shutdown: { delayMs, timeoutMs: parsed.SHUTDOWN_TIMEOUT_MS },
    pressure: {
      maxEventLoopDelayMs: parsed.OMEGA_PRESSURE_LOOP_DELAY_MS,
      maxHeapBytes:
        parsed.OMEGA_PRESSURE_HEAP_BYTES ?? Math.floor(getHeapStatistics().heap_size_limit * 0.9),
      maxRssBytes: parsed.OMEGA_PRESSURE_RSS_BYTES,
    },
  };
}

function parseRates(text: string): { USDC: string; BTC: string } {
  const rates = { USDC: '1.00', BTC: '65000.00' };
  for (const pair of text.split(',')) {
    const [coin, rate] = pair.split('=');
    if ((coin === 'USDC' || coin === 'BTC') && rate) rates[coin] = rate;
  }
  return rates;
}

const SMS_CREDENTIALS = {
  africastalking: ['OMEGA_SMS_AT_USERNAME', 'OMEGA_SMS_AT_API_KEY'],
  twilio: ['OMEGA_SMS_TWILIO_ACCOUNT_SID', 'OMEGA_SMS_TWILIO_AUTH_TOKEN', 'OMEGA_SMS_TWILIO_FROM'],
} as const;

/**
 * The SMS provider and its credentials. With demo mode off an OTP must reach a phone, so a
 * missing provider, or one without its credentials, stops the server naming what to set.
 */
function smsConfig(parsed: Static<typeof EnvSchema>): SmsConfig | null {
  const provider = parsed.OMEGA_SMS_PROVIDER;
  if (!provider) {
    if (parsed.OMEGA_KEYPAD_DEMO) return null;
    throw new ConfigError(
      `Invalid OMEGA_SMS_PROVIDER: required when OMEGA_KEYPAD_DEMO=false, so that keypad OTPs reach the phone: set africastalking (with ${SMS_CREDENTIALS.africastalking.join(' and ')}) or twilio (with ${SMS_CREDENTIALS.twilio.join(', ')})`,
    );
  }
  const missing = SMS_CREDENTIALS[provider].filter((name) => !parsed[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid ${missing[0]}: OMEGA_SMS_PROVIDER=${provider} needs ${SMS_CREDENTIALS[provider].join(', ')} (missing: ${missing.join(', ')})`,
    );
  }
  const baseUrl = parsed.OMEGA_SMS_BASE_URL?.replace(/\/+$/, '');
  const timeoutMs = parsed.OMEGA_SMS_TIMEOUT_MS;
  if (provider === 'africastalking') {
    const username = parsed.OMEGA_SMS_AT_USERNAME ?? '';
    return {
      provider,
      username,
      apiKey: parsed.OMEGA_SMS_AT_API_KEY ?? '',
      from: parsed.OMEGA_SMS_AT_FROM,
      // The sandbox application only answers on the sandbox host.
      baseUrl:
        baseUrl ??
        (username === 'sandbox'
          ? 'https://api.sandbox.africastalking.com'
          : 'https://api.africastalking.com'),
      timeoutMs,
    };
  }
  return {
    provider,
    accountSid: parsed.OMEGA_SMS_TWILIO_ACCOUNT_SID ?? '',
    authToken: parsed.OMEGA_SMS_TWILIO_AUTH_TOKEN ?? '',
    from: parsed.OMEGA_SMS_TWILIO_FROM ?? '',
    baseUrl: baseUrl ?? 'https://api.twilio.com',
    timeoutMs,
  };
}

/** The stripe payment provider's keys and how it reaches Stripe (decision 038). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** For Stripe.js in the web app; null: the card form cannot be shown, the API still works. */
  publishableKey: string | null;
  /** Another address for Stripe's API (a test double); null: Stripe's own. */
  apiBase: string | null;
  timeoutMs: number;
  /** Retries of a request that got no answer, with the same idempotency key. */
  maxNetworkRetries: number;
}

/**
 * The Stripe keys when OMEGA_PAYMENTS_PROVIDER=stripe: without the secret key nothing can be
 * charged, and without the webhook secret no event can be verified, so either missing stops
 * the server naming it. Unused (null) with the demo provider.
 */
function stripeConfig(parsed: Static<typeof EnvSchema>): StripeConfig | null {
  if (parsed.OMEGA_PAYMENTS_PROVIDER !== 'stripe') return null;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!parsed[name]) {
      throw new ConfigError(
        `Invalid ${name}: required when OMEGA_PAYMENTS_PROVIDER=stripe (${EXPECTATIONS[name]})`,
      );
    }
  }
  return {
    secretKey: parsed.STRIPE_SECRET_KEY ?? '',
    webhookSecret: parsed.STRIPE_WEBHOOK_SECRET ?? '',
    publishableKey: parsed.STRIPE_PUBLISHABLE_KEY ?? null,
    apiBase: parsed.STRIPE_API_BASE?.replace(/\/+$/, '') ?? null,
    timeoutMs: parsed.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
  };
}

/**
 * Outside production a missing SESSION_SECRET is generated once and kept in the data
 * folder (owner-only), so a restart keeps everyone signed in.
 */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
