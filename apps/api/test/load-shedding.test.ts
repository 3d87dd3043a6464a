// Load shedding (decision 016): over a threshold, API calls are answered 503 with Retry-After
// and a message at once, without running; the health probes still answer; a lagging event loop
// is shed too and the server recovers by itself; the thresholds show in the supergod posture
// and the detailed health.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { build } from '../src/app.js';
import { createTestApp, createUser, sessionFor, type TestApp, testConfig } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

/** @fastify/under-pressure samples the process once a second. */
async function untilStatus(t: TestApp, url: string, status: number, withinMs = 3000) {
  const started = performance.now();
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode === status || performance.now() - started > withinMs) return res;
    await sleep(50);
  }
}

describeEachDatabase('load shedding', (database) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers API calls 503 with Retry-After and a message, without running them, while the health probes answer', async () => {
    // A heap of more than 1 byte is always "over": the check is on from the first sample.
    t = await createTestApp(database, {
      pressure: { maxEventLoopDelayMs: 0, maxHeapBytes: 1, maxRssBytes: 0 },
    });
    const shed = await untilStatus(t, '/api/subscription/plans', 503);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({
      message:
        'The service is overloaded right now and did nothing with this request. Try again in a few seconds.',
    });

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'too-busy', password: 'correct horse battery' },
    });
    expect(register.statusCode).toBe(503);
    // The same call with a letter %-escaped: the router decodes it, so it is the same call.
    const escaped = await t.app.inject({
      method: 'POST',
      url: '/%61pi/register',
      payload: { username: 'too-busy', password: 'correct horse battery' },
    });
    expect(escaped.statusCode).toBe(503);
    expect(await t.app.repos.users.count()).toBe(0);

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const admin = await sessionFor(t.app, (await createUser(t.app, 'watcher', 'admin')).id);
    const detailed = await t.app.inject({
      method: 'GET',
      url: '/api/health/detailed',
      headers: { cookie: admin },
    });
    expect(detailed.statusCode).toBe(200);
    const health = detailed.json();
    expect(health.status).toBe('degraded');
    expect(health.components.server).toMatchObject({
      status: 'degraded',
      draining: false,
      load: { shedding: true, maxHeapBytes: 1, maxEventLoopDelayMs: 0, maxRssBytes: 0 },
    });
    expect(health.components.server.load.heapUsedBytes).toBeGreaterThan(1);
    const plugin = health.components.plugins.loaded.find(
      (p: { name: string }) => p.name === 'load-shedding',
    );
    expect(plugin.status).toBe('shedding load');
  });

  it("still serves the app's page and files while it sheds API calls", async () => {
    // Refusing them showed a person the 503's JSON sentence in place of the page, and a page
    // whose code was not loaded yet failed to open ("Failed to fetch dynamically imported
    // module", seen in the end-to-end suite on a starved machine). They are files read from
    // disk, the cheap part of a visit; the calls behind them are refused and say so.
    const web = mkdtempSync(join(tmpdir(), 'omega-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Omega</title>');
    writeFileSync(join(web, 'assets', 'plans-page-abc123.js'), 'export const page = 1;');
    const keypad = mkdtempSync(join(tmpdir(), 'omega-keypad-'));
    writeFileSync(join(keypad, 'index.html'), '<!doctype html><title>Keypad</title>');
    writeFileSync(join(keypad, 'omega-keypad.js'), 'export {};');
    t = await createTestApp(
      database,
      { pressure: { maxEventLoopDelayMs: 0, maxHeapBytes: 1, maxRssBytes: 0 } },
      undefined,
      { webDist: web, keypadDist: keypad },
    );
    expect((await untilStatus(t, '/api/subscription/plans', 503)).statusCode).toBe(503);
    for (const url of [
      '/',
      '/subscription/plans',
      '/assets/plans-page-abc123.js',
      '/keypad/',
      '/keypad/omega-keypad.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-call' })).statusCode).toBe(503);
  });

  it('sheds calls while the event loop lags, and serves them again once it keeps up', async () => {
    t = await createTestApp(database, {
      pressure: { maxEventLoopDelayMs: 50, maxHeapBytes: 0, maxRssBytes: 0 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription/plans' })).statusCode).toBe(
      200,
    );
    // Hold this process's event loop (the app's too) in 150 ms stretches for longer than a
    // sample, so whole samples see the lag whatever their phase. The thread blocks as in a long
    // synchronous call, without spinning: a busy loop cost 5 CPU-seconds a run that the other
    // suites beside this one in CI could have used.
    const blocked = new Int32Array(new SharedArrayBuffer(4));
    const until = performance.now() + 2500;
    while (performance.now() < until) {
      Atomics.wait(blocked, 0, 0, 150);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const shed = await t.app.inject({ method: 'GET', url: '/api/subscription/plans' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    const back = await untilStatus(t, '/api/subscription/plans', 200, 3000);
    expect(back.statusCode).toBe(200);
  });

  it("serves a fresh server's first calls: the help is built before the event loop is measured", async () => {
    // Building the help index and question model blocks the loop for about half a second; inside
    // @fastify/under-pressure's first sample it read as a stalled loop on a slow machine, and the
    // first calls after start were refused 503 (seen in the end-to-end suite).
    // A threshold no busy test machine reaches (a loop stalled 500 ms at a load average of 12
    // shed for real and made the answer 'degraded'): what this test reads is how it is shown.
    t = await createTestApp(database, {
      pressure: { maxEventLoopDelayMs: 10_000, maxHeapBytes: 0, maxRssBytes: 0 },
    });
    const names = t.app.loadedPlugins.map((p) => p.name);
    expect(names.indexOf('help')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('help')).toBeLessThan(names.indexOf('load-shedding'));
    // Across the first samples, nothing is shed.
    const until = performance.now() + 2500;
    while (performance.now() < until) {
      const res = await t.app.inject({ method: 'GET', url: '/api/subscription/plans' });
      expect(res.statusCode).toBe(200);
      await sleep(100);
    }
  });

  it('does not count its own start-up as overload: a start that blocks the loop for longer than the threshold still serves the first calls', async () => {
    // On a busy machine the rest of the start (the database, its migrations, the services)
    // blocked the loop after load shedding began measuring it: the first sample read as a
    // stalled loop and the first calls after ready were refused 503 (seen in the deploy-folder
    // test while other suites shared the 2 cores). Here the start is made slow on purpose.
    const { url, drop } = await database.create();
    const app = await build({
      config: testConfig({
        databaseUrl: url,
        pressure: { maxEventLoopDelayMs: 200, maxHeapBytes: 0, maxRssBytes: 0 },
      }),
      logger: false,
      helpAtStart: false,
    });
    t = {
      app,
      now: Date.now,
      advance: () => {},
      close: async () => {
        await app.close();
        await drop();
      },
    };
    const stalled = performance.now() + 1200;
    while (performance.now() < stalled) {
      // the rest of a slow start
    }
    await app.ready();
    const until = performance.now() + 2000;
    while (performance.now() < until) {
      const res = await app.inject({ method: 'GET', url: '/api/subscription/plans' });
      expect(res.statusCode, res.body).toBe(200);
      await sleep(50);
    }
  });

  it('shows the thresholds, timeouts and deadlines in the supergod posture and detailed health', async () => {
    // A threshold no busy test machine reaches (a loop stalled 500 ms at a load average of 12
    // shed for real and made the answer 'degraded'): what this test reads is how it is shown.
    t = await createTestApp(database, {
      pressure: { maxEventLoopDelayMs: 10_000, maxHeapBytes: 1.5 * 2 ** 30, maxRssBytes: 0 },
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 },
      shutdown: { delayMs: 5000, timeoutMs: 10_000 },
    });
    const god = await sessionFor(t.app, (await createUser(t.app, 'god', 'supergod')).id);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/supergod/system-status',
      headers: { cookie: god },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().system.security).toMatchObject({
      loadSheddingEventLoopDelay: 'over 10 s',
      loadSheddingHeapUsed: 'over 1.5 GiB',
      loadSheddingRss: 'off',
      httpHeadersTimeout: '10 s',
      httpRequestTimeout: '30 s',
      shutdownDelay: '5 s',
      shutdownDeadline: '10 s',
    });

    const detailed = await t.app.inject({
      method: 'GET',
      url: '/api/health/detailed',
      headers: { cookie: god },
    });
    expect(detailed.statusCode).toBe(200);
    expect(detailed.json().components.server).toMatchObject({
      status: 'healthy',
      draining: false,
      load: {
        shedding: false,
        maxEventLoopDelayMs: 10_000,
        maxHeapBytes: 1.5 * 2 ** 30,
        maxRssBytes: 0,
      },
    });
  });
});
