// GET /metrics (issue 19, decision 020): Prometheus text behind a bearer token, requests by the
// route table's name, and the business counters operators watch.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cookieForRole,
  createTestApp,
  createUser,
  METRICS_TOKEN,
  sessionCookie,
  TEST_CARD,
  TEST_PASSWORD,
  type TestApp,
  walletOnPlan,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

describeEachDatabase('metrics', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  /** A sample's value, or 0 when the series does not exist yet. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it('asks for the bearer token: none or a wrong one is 401, the right one gets the text format', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/OMEGA_METRICS_TOKEN/);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    // A supergod's session is not the monitoring system.
    const supergod = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: (await cookieForRole(t.app, 'supergod')) ?? '' },
    });
    expect(supergod.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toMatch(/^# HELP omega_http_requests_total /m);
    expect(ok.body).toMatch(/^omega_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(ok.body).toMatch(/^omega_nodejs_eventloop_lag_seconds /m);
    expect(ok.body).toMatch(/^omega_nodejs_heap_size_used_bytes /m);
  });

  it("counts requests by the route table's name and status class, never by the raw URL", async () => {
    const admin = (await cookieForRole(t.app, 'admin')) ?? '';
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/users/987654',
        headers: { cookie: admin },
      });
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-4242' });
    const text = await scrape();
    expect(
      sample(
        text,
        'omega_http_requests_total{route="adminUserPage",method="GET",status_class="4xx"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'omega_http_request_duration_seconds_count{route="adminUserPage",status_class="4xx"}',
      ),
    ).toBe(3);
    expect(
      sample(text, 'omega_http_requests_total{route="unmatched",method="GET",status_class="4xx"}'),
    ).toBe(1);
    // No label holds the id from the path (a duration's digits may, by chance).
    expect(text).not.toMatch(/="[^"]*987654/);
    expect(text).not.toContain('no-such-route');
  });

  it('counts sign-ins by result, registrations by role, and plan changes', async () => {
    await createUser(t.app, 'noor');
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'noor', password } });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login('wrong password')).statusCode).toBe(401);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'zane', password: 'secret1' },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    // A paid plan, its trial included, needs a saved card (issue 39).
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/billing/payment-method',
      headers: { cookie: sessionCookie(registered) ?? '' },
      payload: TEST_CARD,
    });
    expect(card.statusCode, card.body).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/change-plan',
      headers: { cookie: sessionCookie(registered) ?? '' },
      payload: { planId: 'starter' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const text = await scrape();
    expect(sample(text, 'omega_sign_ins_total{result="ok"}')).toBe(1);
    expect(sample(text, 'omega_sign_ins_total{result="failed"}')).toBe(1);
    expect(sample(text, 'omega_registrations_total{role="user"}')).toBe(1);
    expect(sample(text, 'omega_activity_total{action="plan_change"}')).toBe(1);
  });

  it('counts a throttled sign-in apart from the failed ones before it', async () => {
    await createUser(t.app, 'omar');
    const statuses: number[] = [];
    // After five failures in a row the account's next try must wait (429, decision 018).
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'omar', password: `wrong password ${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const text = await scrape();
    expect(sample(text, 'omega_sign_ins_total{result="failed"}')).toBe(5);
    expect(sample(text, 'omega_sign_ins_total{result="throttled"}')).toBe(1);
    expect(sample(text, 'omega_sign_ins_total{result="ok"}')).toBe(0);
  });

  it('counts announcements and renewals', async () => {
    const admin = (await cookieForRole(t.app, 'admin')) ?? '';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: new URLSearchParams({ title: 'Maintenance', content: 'Sunday 2am' }).toString(),
      headers: { cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await walletOnPlan(t.app, '+27821234567');
    t.advance(45 * 86_400_000);
    expect(await t.app.subscriptions.renewDue()).toBe(1);
    const text = await scrape();
    expect(sample(text, 'omega_activity_total{action="announcement"}')).toBe(1);
    expect(sample(text, 'omega_activity_total{action="renewal"}')).toBe(1);
  });

  describe('the activity counter counts what was committed', () => {
    /**
     * Makes each commit of a transaction that wrote a plan_override entry fail, as a COMMIT fails
     * in production (a deferred constraint, a serialization failure, a full disk): a row that
     * breaks a deferred foreign key, which the database checks at the commit and not before.
     */
    const failCommits = async () => {
      const { db, dialect } = t.app.database;
      await sql`create table commit_guard (
        user_id integer references users(id) deferrable initially deferred)`.execute(db);
      if (dialect === 'sqlite') {
        await sql`create trigger fail_commit after insert on activity_logs
          when new.action = 'plan_override'
          begin insert into commit_guard values (-1); end`.execute(db);
      } else {
        await sql`create function fail_commit() returns trigger language plpgsql as $$
          begin insert into commit_guard values (-1); return null; end $$`.execute(db);
        await sql`create trigger fail_commit after insert on activity_logs for each row
          when (new.action = 'plan_override') execute function fail_commit()`.execute(db);
      }
      return () =>
        sql`drop trigger fail_commit${sql.raw(dialect === 'sqlite' ? '' : ' on activity_logs')}`.execute(
          db,
        );
    };
    const override = async (userId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscription/override',
        headers: { cookie: (await cookieForRole(t.app, 'admin')) ?? '' },
        payload: { userId, planId: 'pro' },
      });
    const entries = async () =>
      (
        await t.app.database.db
          .selectFrom('activity_logs')
          .select('id')
          .where('action', '=', 'plan_override')
          .execute()
      ).length;

    it('not an entry whose commit failed', async () => {
      const { id } = await createUser(t.app, 'ursula');
      const allowCommits = await failCommits();
      const failed = await override(id);
      expect(failed.statusCode, failed.body).toBe(500);
      expect(await entries()).toBe(0);
      expect(sample(await scrape(), 'omega_activity_total{action="plan_override"}')).toBe(0);
      await allowCommits();
      const done = await override(id);
      expect(done.statusCode, done.body).toBe(200);
      expect(await entries()).toBe(1);
      expect(sample(await scrape(), 'omega_activity_total{action="plan_override"}')).toBe(1);
    });

    it.runIf(database.name === 'PostgreSQL')(
      'once for an entry whose transaction ran again after a serialization failure',
      async () => {
        const { id } = await createUser(t.app, 'ursula');
        const { db } = t.app.database;
        // The first commit fails as a serializable transaction's may (40001); the service runs
        // the transaction again (lib/contention.ts). A sequence is not rolled back: only once.
        await sql`create sequence fail_once`.execute(db);
        await sql`create function fail_once() returns trigger language plpgsql as $$
          begin
            if nextval('fail_once') = 1 then
              raise exception 'could not serialize access' using errcode = '40001';
            end if;
            return null;
          end $$`.execute(db);
        await sql`create constraint trigger fail_once after insert on activity_logs
          deferrable initially deferred for each row
          when (new.action = 'plan_override') execute function fail_once()`.execute(db);
        const done = await override(id);
        expect(done.statusCode, done.body).toBe(200);
        expect(await entries()).toBe(1);
        expect(sample(await scrape(), 'omega_activity_total{action="plan_override"}')).toBe(1);
      },
    );
  });

  it('counts a HEAD of a route under its name, and every answer once', async () => {
    await t.app.inject({ method: 'HEAD', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const text = await scrape();
    expect(
      sample(text, 'omega_http_requests_total{route="health",method="HEAD",status_class="2xx"}'),
    ).toBe(1);
    expect(
      sample(text, 'omega_http_requests_total{route="health",method="GET",status_class="2xx"}'),
    ).toBe(2);
    expect(
      sample(text, 'omega_http_request_duration_seconds_count{route="health",status_class="2xx"}'),
    ).toBe(3);
    // Buckets are cumulative: the last one holds every observation.
    expect(
      sample(
        text,
        'omega_http_request_duration_seconds_bucket{le="+Inf",route="health",status_class="2xx"}',
      ),
    ).toBe(3);
    expect(
      sample(text, 'omega_http_request_duration_seconds_sum{route="health",status_class="2xx"}'),
    ).toBeGreaterThan(0);
  });

  it('counts keypad transactions by kind and result', async () => {
    // Transfers are a Starter feature: the wallet's owner is on Starter.
    await walletOnPlan(t.app, '+27821234567');
    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/otp',
      payload: { phone: '0821234567' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/login',
      payload: { phone: '0821234567', otp: otp.json().demoOtp, pin: '2468' },
    });
    const token = login.json().token;
    const tx = (amount: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ussd/transaction',
        headers: { authorization: `Bearer ${token}` },
        payload: { idempotencyKey: key, type: 'Transfer', coin: 'USDC', amount, to: 'wallet-abc' },
      });
    const first = await tx('10', 'metrics-key-1');
    expect(first.json().transaction?.status, first.body).toBe('success');
    expect((await tx('5000', 'metrics-key-2')).json().transaction.status).toBe('failure');
    // A retry is answered from the record, not counted again.
    await tx('10', 'metrics-key-1');
    const text = await scrape();
    expect(sample(text, 'omega_keypad_transactions_total{kind="Transfer",result="success"}')).toBe(
      1,
    );
    expect(sample(text, 'omega_keypad_transactions_total{kind="Transfer",result="failure"}')).toBe(
      1,
    );
  });
});

describeEachDatabase('metrics turned off', (database) => {
  it('answers 404 while OMEGA_METRICS_TOKEN is unset, whatever is sent', async () => {
    const t = await createTestApp(database, { metricsToken: null });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/OMEGA_METRICS_TOKEN/);
    } finally {
      await t.close();
    }
  });
});
