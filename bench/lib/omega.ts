// The Omega API as deployed (apps/api/dist/server.js, NODE_ENV=production) for the benchmarks,
// and the calls that give a benchmark its signed-in users and wallets.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Placement } from './placement.js';
import { ServerProcess } from './server-process.js';

/** The API's built server; BENCH_API_SERVER points at another build to compare two. */
export const API_SERVER =
  process.env.BENCH_API_SERVER ??
  fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));

export function assertBuilt(): void {
  if (!existsSync(API_SERVER)) throw new Error('The API is not built: run `pnpm build` first');
}

const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The server's PostgreSQL round trips so far (omega_db_round_trips_total; 0 on SQLite). */
export async function roundTrips(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  if (!res.ok) throw new Error(`GET /metrics: ${res.status}`);
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('omega_db_round_trips_total '));
  return line ? Number(line.split(' ')[1]) : 0;
}

export function startOmega(
  name: string,
  where: Placement,
  options: {
    dataDir: string;
    databaseUrl: string;
    logLevel: string;
    nodeFlags?: string[];
    /** Another build's server.js (default: this repository's). */
    script?: string;
  },
): Promise<ServerProcess> {
  return ServerProcess.start({
    name,
    script: options.script ?? API_SERVER,
    prefix: where.serverPrefix,
    readyPath: '/api/health/ready',
    nodeFlags: options.nodeFlags,
    env: {
      NODE_ENV: 'production',
      // Admins here have no authenticator app: two-factor is required of no role (issue 36).
      OMEGA_REQUIRE_2FA: '',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
      OMEGA_ADMIN_KEY: 'bench-admin-key',
      OMEGA_SUPERGOD_KEY: 'bench-supergod-key',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: options.logLevel,
      SHUTDOWN_DELAY_MS: '0',
      // The benchmarks measure throughput, not load shedding (a busy machine can stall the loop).
      OMEGA_PRESSURE_LOOP_DELAY_MS: '0',
      // The benchmarks read the server's own counters (database round trips) from GET /metrics.
      OMEGA_METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
  });
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text}`);
  return { json: JSON.parse(text) as Record<string, unknown>, headers: res.headers };
}

/** Registers an account and returns its session cookie (`omega.sid=…`). */
export async function register(server: ServerProcess, username: string): Promise<string> {
  const { headers } = await post(`${server.url}/api/register`, {
    username,
    password: 'bench-password-long-enough',
  });
  // Registration also sets the sign-in throttle's device cookie: keep the session's.
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('omega.sid='));
  if (!cookie) throw new Error('registration set no session cookie');
  return cookie;
}

/** Signs a keypad wallet in (owned by the cookie's account when given); returns its token. */
export async function walletToken(
  server: ServerProcess,
  phone: string,
  cookie?: string,
): Promise<string> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const otp = await post(`${server.url}/api/ussd/otp`, { phone }, headers);
  const login = await post(
    `${server.url}/api/ussd/login`,
    { phone, otp: otp.json.demoOtp, pin: '2468' },
    headers,
  );
  return String(login.json.token);
}

/** The account's plan now. */
export async function currentPlan(server: ServerProcess, cookie: string): Promise<string> {
  const res = await fetch(`${server.url}/api/subscription/current`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/subscription/current: ${res.status}`);
  return String(((await res.json()) as { planId: unknown }).planId);
}

/** Stripe's test card that always succeeds, as the demo provider's card form sends it. */
export const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2034,
  cvc: '123',
};

/** Saves the 4242 test card for the account (a paid plan, its trial included, needs a card). */
export async function saveCard(server: ServerProcess, cookie: string) {
  await post(`${server.url}/api/billing/payment-method`, TEST_CARD, { cookie });
}

/** Changes the account's plan (a paid plan needs a saved card first: `saveCard`). */
export async function changePlan(server: ServerProcess, cookie: string, planId: string) {
  await post(`${server.url}/api/subscription/change-plan`, { planId }, { cookie });
}
