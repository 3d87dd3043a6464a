// A closed app leaves nothing of its own running in the process: no event-loop delay histogram
// (a timer every 10 ms), no performance observer, no repeating timer. A test worker builds
// hundreds of apps, a host embedding the API (the browser tests' harness, a CLI) several; each
// one left behind would keep costing CPU for as long as the process lives.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';

/**
 * Loaded before anything else in the child (`--import`): counts the histograms enabled and not
 * disabled, the observers observing and the intervals not cleared, and lists what holds the
 * process open (a database or Redis connection left open would be there). The libraries read
 * monitorEventLoopDelay from node:perf_hooks, the object changed here.
 */
const TRACKER = `
import perfHooks from 'node:perf_hooks';
const live = { histograms: 0, observers: 0, intervals: new Set() };
globalThis.liveMonitors = () => ({
  histograms: live.histograms, observers: live.observers, intervals: live.intervals.size,
  // What holds the process open (sockets, servers, timers), by kind.
  resources: process.getActiveResourcesInfo().sort().join(' '),
});
const monitor = perfHooks.monitorEventLoopDelay;
perfHooks.monitorEventLoopDelay = (options) => {
  const histogram = monitor(options);
  const enable = histogram.enable.bind(histogram);
  const disable = histogram.disable.bind(histogram);
  let on = false;
  histogram.enable = () => { if (!on) live.histograms++; on = true; return enable(); };
  histogram.disable = () => { if (on) live.histograms--; on = false; return disable(); };
  return histogram;
};
const observer = perfHooks.PerformanceObserver.prototype;
const observe = observer.observe;
const disconnect = observer.disconnect;
const observing = new WeakSet();
observer.observe = function (...args) {
  if (!observing.has(this)) { observing.add(this); live.observers++; }
  return observe.apply(this, args);
};
observer.disconnect = function (...args) {
  if (observing.has(this)) { observing.delete(this); live.observers--; }
  return disconnect.apply(this, args);
};
const { setInterval: every, clearInterval: stopEvery, clearTimeout: stop } = globalThis;
globalThis.setInterval = (...args) => { const t = every(...args); live.intervals.add(t); return t; };
globalThis.clearInterval = (t) => { live.intervals.delete(t); return stopEvery(t); };
globalThis.clearTimeout = (t) => { live.intervals.delete(t); return stop(t); };
`;

const APPS = 4;
const redisUrl = process.env.OMEGA_TEST_REDIS_URL;

const children: Array<() => void> = [];
afterEach(() => {
  for (const kill of children.splice(0)) kill();
});

/** Builds and closes APPS apps of the production build in turn; what each close left running. */
async function monitorsAfterEachClose(databaseUrl: string): Promise<unknown[]> {
  const dir = mkdtempSync(join(tmpdir(), 'omega-close-'));
  const app = new URL('../dist/app.js', import.meta.url).href;
  writeFileSync(join(dir, 'tracker.mjs'), TRACKER);
  writeFileSync(
    join(dir, 'apps.mjs'),
    [
      `const { build, loadConfig } = await import(${JSON.stringify(app)});`,
      'const config = loadConfig({',
      "  NODE_ENV: 'production',",
      `  DATA_DIR: ${JSON.stringify(dir)},`,
      `  DATABASE_URL: ${JSON.stringify(databaseUrl)},`,
      "  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',",
      "  OMEGA_ADMIN_KEY: 'an-admin-key-for-this-test',",
      "  OMEGA_SUPERGOD_KEY: 'a-supergod-key-for-this-test',",
      "  OMEGA_REQUIRE_2FA: '',",
      "  LOG_LEVEL: 'silent',",
      // With Redis where the run has one: its client is the app's too, and closes with it.
      ...(redisUrl ? [`  REDIS_URL: ${JSON.stringify(redisUrl)},`] : []),
      '});',
      `for (let i = 0; i < ${APPS}; i++) {`,
      // The assistant's help is the process's, built once whoever asks (plugins/app/help.ts).
      '  const app = await build({ config, logger: false, helpAtStart: false });',
      '  await app.ready();',
      // Read as soon as the close is done: closed means its connections are closed too.
      '  await app.close();',
      '  console.log(JSON.stringify(globalThis.liveMonitors()));',
      '}',
      // Ended here, so what a close left open is reported above rather than hanging the child.
      'process.exit(0);',
    ].join('\n'),
  );
  const child = spawn(process.execPath, ['--import', './tracker.mjs', 'apps.mjs'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(() => child.kill('SIGKILL'));
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, err).toBe(0);
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describeEachDatabase('closing an app', (database) => {
  it('leaves nothing running that the next app adds to: the fourth closed leaves what the first did', async () => {
    const { url, drop } = await database.create();
    try {
      const after = (await monitorsAfterEachClose(url)) as Array<{ resources: string }>;
      expect(after).toHaveLength(APPS);
      // What stays is the process's own (prom-client's process metrics, collected once).
      expect(after[0]).toMatchObject({ histograms: 1, observers: 1, intervals: 0 });
      expect(after.at(-1)).toEqual(after[0]);
      // And nothing holds the process open but its own stdout and stderr (pipes to this one):
      // each close ended its database and Redis connections, and the timers of their ending,
      // before it resolved.
      for (const closed of after) expect(closed.resources).toBe('PipeWrap PipeWrap');
    } finally {
      await drop();
    }
  });
});
