// Benchmark: a signed-in read (GET /api/user) and a keypad transfer (POST /api/ussd/transaction,
// a Transfer with a new idempotency key per request) through HAProxy (deploy/haproxy.cfg) with
// one and with three instances of the deploy folder, on one PostgreSQL and one Redis: the median
// of 3 rounds each. "One instance" keeps the same balancer config with all three server lines on
// the same process, so the balancer's cost is in both figures. On a 2-core machine the
// instances, HAProxy, PostgreSQL, Redis and autocannon share the cores: the ratio mostly shows
// the balancer's and the extra processes' overhead, not how a cluster of real machines scales.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  Balancer,
  call,
  dataDir,
  haproxyPath,
  Instance,
  SESSION_SECRET,
} from '../cluster/tests/cluster.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
const CONNECTIONS = 10;
const PG_URL = process.env.OMEGA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.OMEGA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const repository = fileURLToPath(new URL('..', import.meta.url));
const deployDir = `${repository}deploy/api`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** A warm-up, then the median of ROUNDS rounds: requests a second and p99 latency. */
async function measure(options: autocannon.Options) {
  const run = (duration: number) => autocannon({ connections: CONNECTIONS, ...options, duration });
  await run(2);
  const rounds: { rps: number; p99: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = await run(SECONDS);
    if (r.non2xx > 0 || r.errors > 0) {
      throw new Error(`${options.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    }
    rounds.push({ rps: Math.round(r.requests.average), p99: r.latency.p99 });
  }
  return { rps: median(rounds.map((r) => r.rps)), p99: median(rounds.map((r) => r.p99)) };
}

async function cluster(instanceCount: 1 | 3) {
  const database = `omega_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const instances: Instance[] = [];
  for (let n = 0; n < instanceCount; n++) {
    instances.push(
      new Instance(`api${n + 1}`, deployDir, {
        NODE_ENV: 'production',
        // Admins here have no authenticator app: two-factor is required of no role (issue 36).
        OMEGA_REQUIRE_2FA: '',
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        REDIS_URL,
        REDIS_KEY_PREFIX: `${database}:`,
        SESSION_SECRET,
        COOKIE_SECURE: 'false',
        DATA_DIR: dataDir(),
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The benchmark measures throughput, not load shedding.
        OMEGA_PRESSURE_LOOP_DELAY_MS: '0',
      }),
    );
  }
  for (const i of instances) i.start();
  await Promise.all(instances.map((i) => i.ready(60_000)));
  const servers = [0, 1, 2].map((n) => instances[n % instanceCount] as Instance);
  const balancer = new Balancer(servers);
  await balancer.start(haproxyPath() ?? 'haproxy');
  try {
    const user = await call(`${balancer.url}/api/register`, {
      json: { username: 'bench-reader', password: 'a long enough password' },
    });
    const cookie = user.cookie ?? '';
    // Transfers need Starter or above: the account saves a card (a paid plan needs one), moves
    // to Pro (its trial) and owns the wallet.
    const card = await call(`${balancer.url}/api/billing/payment-method`, {
      cookie,
      json: { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    if (card.status !== 200) throw new Error(`payment-method: ${card.status} ${card.body}`);
    const plan = await call(`${balancer.url}/api/subscription/change-plan`, {
      cookie,
      json: { planId: 'pro' },
    });
    if (plan.status !== 200) throw new Error(`change-plan: ${plan.status} ${plan.body}`);
    const phone = '+27825550199';
    const otp = JSON.parse(
      (await call(`${balancer.url}/api/ussd/otp`, { cookie, json: { phone } })).body,
    );
    const login = await call(`${balancer.url}/api/ussd/login`, {
      cookie,
      json: { phone, otp: otp.demoOtp, pin: '2468' },
    });
    const { token } = JSON.parse(login.body) as { token: string };
    const read = await measure({ url: `${balancer.url}/api/user`, headers: { cookie } });
    const transfer = await measure({
      url: `${balancer.url}/api/ussd/transaction`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({
              type: 'Transfer',
              coin: 'USDC',
              amount: '0.01',
              to: 'bench-external-wallet',
              idempotencyKey: randomBytes(12).toString('hex'),
            }),
          }),
        },
      ],
    });
    return { read, transfer };
  } finally {
    balancer.stop();
    await Promise.all(instances.map((i) => i.stop('SIGKILL')));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

execFileSync(process.execPath, [`${repository}scripts/deploy-api.mjs`, deployDir], {
  stdio: 'inherit',
});
const one = await cluster(1);
const three = await cluster(3);
const line = (name: string, a: { rps: number; p99: number }, b: { rps: number; p99: number }) =>
  `${name.padEnd(30)} ${String(a.rps).padStart(6)} req/s p99 ${String(a.p99).padStart(4)} ms | ${String(b.rps).padStart(6)} req/s p99 ${String(b.p99).padStart(4)} ms | ×${(b.rps / a.rps).toFixed(2)}`;
console.log(
  `through HAProxy on PostgreSQL, ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${SECONDS} s: one instance | three instances`,
);
console.log(line('signed-in read GET /api/user', one.read, three.read));
console.log(line('keypad transfer (transaction)', one.transfer, three.transfer));
console.log(
  `machine: ${availableParallelism()} cores shared by every process here — HAProxy, the instances, PostgreSQL, Redis and autocannon — so three instances measure the balancer's and the extra processes' overhead, not a cluster of machines.`,
);
