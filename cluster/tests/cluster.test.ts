// Three API instances from the deploy folder on one PostgreSQL database and one Redis, behind
// HAProxy configured by deploy/haproxy.cfg: the topology of compose.yaml, without containers.
// Each scenario of docs/architecture/deployment.md is one test; the figures are printed.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  type Answer,
  Balancer,
  call,
  dataDir,
  GATEWAY_SECRET,
  haproxyPath,
  Instance,
  SESSION_SECRET,
  SUPERGOD_KEY,
} from './cluster.js';

const PG_URL = process.env.OMEGA_TEST_PG_URL;
const REDIS_URL = process.env.OMEGA_TEST_REDIS_URL;
const HAPROXY = haproxyPath();
/** apps/api/src/services/session-store.ts SESSION_CACHE_MS and users.ts USER_CACHE_MS. */
const SESSION_CACHE_MS = 1000;
/** apps/api/src/plugins/app/maintenance.ts MAINTENANCE_CACHE_MS. */
const MAINTENANCE_CACHE_MS = 3000;
/** Polling and timers, on a 2-core machine that turbo may be loading too. */
const SLACK_MS = 500;
/** deploy/haproxy.cfg: inter 1s, fastinter 250ms, fall 2. */
const CHECK_INTER_MS = 1000;
const CHECK_FASTINTER_MS = 250;
/** Longer than HAProxy needs to see readiness fail (inter + fastinter), so nothing is refused. */
const SHUTDOWN_DELAY_MS = 2000;

/** apps/api/src/db/migrations: one file per migration, named as Kysely records it. */
const SHIPPED_MIGRATIONS = readdirSync(
  new URL('../../apps/api/src/db/migrations/', import.meta.url),
)
  .filter((file) => /^\d{4}-.*\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const missing = [
  HAPROXY ? undefined : 'no haproxy on PATH (apt-get install -y haproxy)',
  PG_URL ? undefined : 'OMEGA_TEST_PG_URL is not set',
  REDIS_URL ? undefined : 'OMEGA_TEST_REDIS_URL is not set',
].filter(Boolean);

// In CI (.ci/run installs HAProxy and sets both URLs) a missing piece fails instead of skipping.
const describeCluster = missing.length === 0 || process.env.CI ? describe : describe.skip;
const title =
  missing.length === 0 || process.env.CI
    ? 'three instances behind HAProxy'
    : `three instances behind HAProxy — skipped: ${missing.join('; ')}`;

describeCluster(title, () => {
  const database = `omega_cluster_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let db: pg.Client;
  let instances: Instance[];
  let balancer: Balancer;
  let started: number[] = [];

  const databaseUrl = () => {
    const url = new URL(PG_URL ?? '');
    url.pathname = `/${database}`;
    return url.toString();
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    const deployDir = inject('deployDir');
    const prefix = `${database}:`;
    instances = [1, 2, 3].map(
      (n) =>
        new Instance(`api${n}`, deployDir, {
          NODE_ENV: 'production',
          // Admins here have no authenticator app: two-factor is required of no role (issue 36).
          OMEGA_REQUIRE_2FA: '',
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl(),
          REDIS_URL: REDIS_URL ?? '',
          REDIS_KEY_PREFIX: prefix,
          SESSION_SECRET,
          OMEGA_SUPERGOD_KEY: SUPERGOD_KEY,
          OMEGA_ADMIN_KEY: 'cluster-admin-key',
          OMEGA_USSD_GATEWAY_SECRET: GATEWAY_SECRET,
          DATA_DIR: dataDir(),
          TRUST_PROXY: '127.0.0.1',
          // Plain http on loopback: a Secure cookie would never be set (deployment.md, TLS).
          COOKIE_SECURE: 'false',
          SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
          LOG_LEVEL: 'warn',
          // Three servers, HAProxy, PostgreSQL and the clients share two cores (with whatever else
          // turbo runs): event-loop shedding would answer 503 for the machine's business, not the
          // cluster's. It has its own test (apps/api/test/load-shedding.test.ts).
          OMEGA_PRESSURE_LOOP_DELAY_MS: '0',
        }),
    );
    const startAt = performance.now();
    // All three at once on the empty database: the first scenario checks what that did.
    for (const instance of instances) instance.start();
    started = await Promise.all(
      instances.map(async (i) => {
        await i.ready(60_000);
        return performance.now() - startAt;
      }),
    );
    balancer = new Balancer(instances);
    await balancer.start(HAPROXY ?? 'haproxy');
  });

  afterAll(async () => {
    balancer?.stop();
    await Promise.all((instances ?? []).map((i) => i.stop('SIGKILL')));
    await db?.end();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });

  const an = (i: number) => instances[i % 3] as Instance;
  let userSeq = 0;
  const uniqueName = (stem: string) => `${stem}${process.pid}x${++userSeq}`;

  async function register(base: string, stem = 'user'): Promise<{ name: string; cookie: string }> {
    const name = uniqueName(stem);
    const res = await call(`${base}/api/register`, {
      json: { username: name, password: 'a long enough password' },
    });
    expect(res.status, res.body).toBe(200);
    return { name, cookie: res.cookie ?? '' };
  }

  it('starts three instances at once on an empty database: migrated once, no errors', async () => {
    const { rows } = await db.query<{ name: string }>(
      'SELECT name FROM kysely_migration ORDER BY name',
    );
    const names = rows.map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    // Every migration the API ships ran, the newest last (not a name typed here that goes stale).
    expect(names).toEqual(SHIPPED_MIGRATIONS);
    for (const instance of instances) expect(instance.errors(), instance.name).toEqual([]);
    console.info(
      `cluster: three instances ready ${started.map((t) => Math.round(t))} ms after start`,
    );
  });

  it('serves the web app, the keypad and readiness through HAProxy', async () => {
    expect((await call(`${balancer.url}/`)).body).toContain('<div id="root">');
    expect((await call(`${balancer.url}/keypad/`)).status).toBe(200);
    expect((await call(`${balancer.url}/api/health/ready`)).status).toBe(200);
  });

  it('knows a session on every instance, and honours a sign-out everywhere within the cache time', async () => {
    const { cookie } = await register(an(0).url);
    /** When each instance had answered with the session: it was cached by then. */
    const cachedAt = new Map<Instance, number>();
    for (const instance of instances) {
      expect((await call(`${instance.url}/api/user`, { cookie })).status, instance.name).toBe(200);
      cachedAt.set(instance, performance.now());
    }
    // The other two have just cached the session: the worst case for a revocation.
    expect((await call(`${an(1).url}/api/logout`, { method: 'POST', cookie })).status).toBe(200);
    const signedOut = performance.now();
    // A call sent more than the cache time after the session was cached must be refused. What
    // is measured is when the last accepted call was sent, not when it was answered: on a
    // starved machine an answer can take longer than the cache time, and that is not a
    // revocation kept too long.
    const seen = await Promise.all(
      [an(0), an(2)].map(async (instance) => {
        let lastAcceptedSent = cachedAt.get(instance) ?? 0;
        for (;;) {
          const sent = performance.now();
          if ((await call(`${instance.url}/api/user`, { cookie })).status !== 200) break;
          lastAcceptedSent = sent;
          await sleep(20);
        }
        return {
          kept: lastAcceptedSent - (cachedAt.get(instance) ?? 0),
          refusedAfter: performance.now() - signedOut,
        };
      }),
    );
    const worst = Math.max(...seen.map((s) => s.kept));
    console.info(
      `cluster: sign-out honoured by every instance after ${Math.round(Math.max(...seen.map((s) => s.refusedAfter)))} ms; ` +
        `the session was accepted at most ${Math.round(worst)} ms after an instance cached it`,
    );
    expect(worst).toBeLessThanOrEqual(SESSION_CACHE_MS + SLACK_MS);
  });

  it('holds the sign-in throttle across instances: 30 wrong passwords, 5 reach the check', async () => {
    const { name } = await register(an(0).url, 'throttled');
    // All at once, spread over the instances: one after another, a busy machine could space them
    // past the 1 s the sixth failure in a row must wait, and the sixth would rightly be checked.
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call(`${an(n).url}/api/login`, {
          json: { username: name, password: 'not the password' },
        }).then((res) => res.status),
      ),
    );
    const count = (s: number) => statuses.filter((x) => x === s).length;
    console.info(`cluster: throttle answered ${count(401)} × 401 and ${count(429)} × 429`);
    expect([count(401), count(429)]).toEqual([5, 25]);
  });

  it('completes a keypad gateway conversation whose callbacks land on different instances', async () => {
    const phone = '+27825550123';
    const texts = ['', '2468', '2468*1', '2468*1*2', '2468*1*2*130', '2468*1*2*130*1'];
    let last: Answer | undefined;
    for (const [n, text] of texts.entries()) {
      last = await call(
        `${an(n).url}/api/ussd/gateway`,
        {
          form: {
            sessionId: 'roaming-cluster',
            serviceCode: '*120*777#',
            phoneNumber: phone,
            text,
          },
        },
        { 'x-omega-gateway-secret': GATEWAY_SECRET },
      );
      expect(last.status, last.body).toBe(200);
      expect(last.body.startsWith(n === texts.length - 1 ? 'END ' : 'CON '), last.body).toBe(true);
    }
    const { rows } = await db.query(
      'SELECT type, coin, amount, status FROM ussd_transactions WHERE phone = $1',
      [phone],
    );
    expect(rows).toEqual([{ type: 'Purchase', coin: 'BTC', amount: '130', status: 'success' }]);
  });

  it('refuses writes on every instance within the cache time once maintenance is on', async () => {
    const root = await call(`${an(0).url}/api/register-supergod`, {
      json: {
        username: uniqueName('root'),
        password: 'a much longer supergod password',
        secretKey: SUPERGOD_KEY,
      },
    });
    expect(root.status, root.body).toBe(200);
    const execute = (command: string) =>
      call(`${an(0).url}/api/supergod/execute`, {
        cookie: root.cookie,
        json: { command, confirmation: 'I_UNDERSTAND_THE_POWER_OF_SUPERGOD' },
      });
    // An invalid registration: 400 while writes are open, 503 (before validation) once paused.
    const write = (instance: Instance) => call(`${instance.url}/api/register`, { json: {} });
    for (const instance of instances) expect((await write(instance)).status).toBe(400);
    expect((await execute('maintenance on')).status).toBe(200);
    const switched = performance.now();
    // As with a sign-out: when the last write let through was sent, not when it was answered.
    const seen = await Promise.all(
      instances.map(async (instance) => {
        let lastAcceptedSent = switched;
        for (;;) {
          const sent = performance.now();
          if ((await write(instance)).status === 503) break;
          lastAcceptedSent = sent;
          await sleep(20);
        }
        return { kept: lastAcceptedSent - switched, refusedAfter: performance.now() - switched };
      }),
    );
    const worst = Math.max(...seen.map((s) => s.kept));
    console.info(
      `cluster: maintenance refused writes on every instance after ${Math.round(Math.max(...seen.map((s) => s.refusedAfter)))} ms; ` +
        `writes were let through at most ${Math.round(worst)} ms after it was switched on`,
    );
    expect(worst).toBeLessThanOrEqual(MAINTENANCE_CACHE_MS + SLACK_MS);
    expect((await execute('maintenance off')).status).toBe(200);
    await Promise.all(
      instances.map(async (instance) => {
        while ((await write(instance)).status !== 400) await sleep(50);
      }),
    );
  });

  /** Signed-in reads and registrations through HAProxy until stopped; counts every failure. */
  function steadyLoad(cookie: string) {
    let running = true;
    const failures: string[] = [];
    /**
     * When each failed request was sent, in ms since the load started: a request sent before
     * HAProxy marked a server DOWN may fail after it (its answer comes late when the machine is
     * busy), one sent after may not.
     */
    const failedAt: number[] = [];
    const since = performance.now();
    const acknowledged: string[] = [];
    let requests = 0;
    const now = () => performance.now() - since;
    const failed = (sent: number, what: string) => {
      failedAt.push(sent);
      failures.push(`sent at ${Math.round(sent)} ms, failed at ${Math.round(now())} ms: ${what}`);
    };
    const reader = async () => {
      while (running) {
        const sent = now();
        const res = await call(`${balancer.url}/api/user`, { cookie });
        requests++;
        if (res.status !== 200)
          failed(sent, `GET /api/user ${res.status} ${res.body.slice(0, 120)}`);
      }
    };
    const writer = async () => {
      while (running) {
        const name = uniqueName('load');
        const sent = now();
        const res = await call(`${balancer.url}/api/register`, {
          json: { username: name, password: 'a long enough password' },
        });
        requests++;
        if (res.status === 200) acknowledged.push(name);
        else failed(sent, `POST /api/register ${res.status} ${res.body.slice(0, 120)}`);
      }
    };
    const workers = [reader(), reader(), reader(), writer()];
    return {
      since,
      /**
       * Resolves once `n` more requests have been answered (and, from the start, a write
       * acknowledged): the load is under way, whatever a starved machine makes of a fixed wait.
       */
      async answered(n: number) {
        const target = requests + n;
        await vi.waitFor(
          () => {
            if (requests < target || acknowledged.length === 0)
              throw new Error('load not under way');
          },
          { timeout: 30_000, interval: 20 },
        );
      },
      failures,
      failedAt,
      acknowledged,
      get requests() {
        return requests;
      },
      async stop() {
        running = false;
        await Promise.all(workers);
      },
    };
  }

  async function lostWrites(names: string[]): Promise<string[]> {
    const { rows } = await db.query<{ username: string }>(
      'SELECT username FROM users WHERE username = ANY($1)',
      [names],
    );
    const stored = new Set(rows.map((r) => r.username));
    return names.filter((n) => !stored.has(n));
  }

  it('rolls a restart through the three instances under load with no failed request', async () => {
    const { cookie } = await register(balancer.url);
    const load = steadyLoad(cookie);
    await load.answered(20);
    for (const [n, instance] of instances.entries()) {
      expect(await instance.stop('SIGTERM'), `${instance.name} exit code`).toBe(0);
      instance.start();
      await instance.ready();
      await balancer.waitState(`api${n + 1}`, 'UP');
    }
    // And on the three restarted instances.
    await load.answered(20);
    await load.stop();
    console.info(
      `cluster: rolling restart under load: ${load.requests} requests, ${load.failures.length} failed, ${load.acknowledged.length} writes acknowledged`,
    );
    expect(load.failures).toEqual([]);
    expect(await lostWrites(load.acknowledged)).toEqual([]);
    for (const instance of instances) expect(instance.errors(), instance.name).toEqual([]);
  });

  it('survives kill -9 of one instance under load: HAProxy stops routing to it, no write lost', async () => {
    const { cookie } = await register(balancer.url);
    const load = steadyLoad(cookie);
    await load.answered(20);
    const victim = an(1);
    const killedAt = performance.now() - load.since;
    await victim.stop('SIGKILL');
    const detected = await balancer.waitState('api2', 'DOWN');
    const markedDown = killedAt + detected;
    // Requests sent after HAProxy marked it DOWN, which must all succeed.
    await load.answered(40);
    await load.stop();
    console.info(`killed at ${Math.round(killedAt)} ms:\n${load.failures.join('\n')}`);
    const afterDown = load.failedAt.filter((t) => t > markedDown).length;
    console.info(
      `cluster: kill -9 under load: ${load.requests} requests, ${load.failures.length} failed (${afterDown} sent after HAProxy marked it DOWN, ${Math.round(detected)} ms after the kill)`,
    );
    // Only the moment of the crash may fail, and only a write: a write in flight on the killed
    // instance, or put on one of its idle connections, may have been committed, so HAProxy does
    // not send it again; a read in the same place is sent to another instance
    // (deploy/haproxy.cfg, retry-on empty-response). Nothing fails once HAProxy has marked it
    // DOWN.
    expect(load.failures.filter((f) => !f.includes('POST /api/register'))).toEqual([]);
    // The writer's requests on that instance's connections (HAProxy keeps up to one idle
    // connection per client).
    expect(load.failures.length).toBeLessThanOrEqual(8);
    expect(afterDown).toBe(0);
    expect(detected).toBeLessThanOrEqual(CHECK_INTER_MS + CHECK_FASTINTER_MS + SLACK_MS);
    expect(await lostWrites(load.acknowledged)).toEqual([]);
    victim.start();
    await victim.ready();
    await balancer.waitState('api2', 'UP');
  });

  it('bills each due period exactly once when three renewal jobs race', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 6; n++) {
      const { name, cookie } = await register(balancer.url, 'renewing');
      // A paid plan needs a saved card (issue 39): Stripe's 4242, which renewals then charge.
      const card = await call(`${balancer.url}/api/billing/payment-method`, {
        cookie,
        json: { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
      });
      expect(card.status, card.body).toBe(200);
      const change = await call(`${balancer.url}/api/subscription/change-plan`, {
        cookie,
        json: { planId: 'starter' },
      });
      expect(change.status, change.body).toBe(200);
      const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [
        name,
      ]);
      ids.push(Number(rows[0]?.id));
    }
    // Forty days ago, as far as the database knows: the trial is over and a period is due.
    const shift = 40 * 24 * 3600_000;
    await db.query(
      `UPDATE subscriptions SET anchor = anchor - $1, current_period_start = current_period_start - $1,
         current_period_end = current_period_end - $1, trial_end = trial_end - $1
       WHERE user_id = ANY($2)`,
      [shift, ids],
    );
    // Each instance starts the renewal job as it becomes ready: restarted together, all three
    // race. The run goes on beside the listener (it drains a backlog batch by batch), so its end
    // is seen in the database; the next run is a minute away.
    await Promise.all(instances.map((i) => i.stop('SIGTERM')));
    for (const instance of instances) instance.start();
    await Promise.all(instances.map((i) => i.ready()));
    const until = Date.now() + 15_000;
    const due = async () =>
      (
        await db.query(
          'SELECT user_id FROM subscriptions WHERE user_id = ANY($1) AND current_period_end <= $2',
          [ids, Date.now()],
        )
      ).rows;
    while ((await due()).length > 0 && Date.now() < until) await sleep(100);
    expect(await due()).toEqual([]);
    const invoices = await db.query<{ user_id: number; period_start: string }>(
      'SELECT user_id, period_start FROM invoices WHERE user_id = ANY($1)',
      [ids],
    );
    const periods = invoices.rows.map((r) => `${r.user_id}:${r.period_start}`);
    expect(new Set(periods).size).toBe(periods.length);
    // Each charged once at the provider, whichever instance claimed it (the charge follows the
    // renewal in the same run, so it may still be on its way).
    const charged = async () =>
      (
        await db.query<{ n: string; keys: string }>(
          `SELECT count(*) AS n, count(DISTINCT c.idempotency_key) AS keys FROM demo_charges c
           JOIN invoices i ON c.idempotency_key = 'invoice:' || i.id || ':1'
           WHERE i.user_id = ANY($1)`,
          [ids],
        )
      ).rows[0];
    const chargedBy = Date.now() + 15_000;
    while (Number((await charged())?.n) < periods.length && Date.now() < chargedBy)
      await sleep(100);
    expect(await charged()).toEqual({ n: String(periods.length), keys: String(periods.length) });
    const renewals = await db.query<{ user_id: number; count: string }>(
      `SELECT user_id, count(*) AS count FROM activity_logs
       WHERE action = 'renewal' AND user_id = ANY($1) GROUP BY user_id`,
      [ids],
    );
    expect(renewals.rows.map((r) => Number(r.count))).toEqual(ids.map(() => 1));
    console.info(
      `cluster: three racing renewal jobs billed ${periods.length} period(s) for ${ids.length} subscriptions, each once`,
    );
    for (const n of [1, 2, 3]) await balancer.waitState(`api${n}`, 'UP');
  });
});
