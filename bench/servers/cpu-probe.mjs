// Loaded with --import into every benchmarked server (plain JavaScript, so the API's build runs
// under Node alone, as in production: no TypeScript loader, no source maps). Answers the
// benchmark's questions over IPC: how much CPU this process has used (all threads, garbage
// collection included), how long the main thread's garbage collections have taken (V8's own
// reports, a callback per collection, none per request), and, for profile.ts, start and stop
// V8's sampling profiler around a measured window (what `node --cpu-prof` records, without the
// start-up). Nothing is added to the request path.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver } from 'node:perf_hooks';

/** @type {Session | undefined} */
let profiler;

/** Milliseconds of garbage collection on the main thread so far, every kind. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ type: 'gc' });

/**
 * @param {Session} session
 * @param {string} method
 * @param {object} [params]
 * @returns {Promise<unknown>}
 */
function post(session, method, params) {
  return new Promise((resolve, reject) =>
    session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

/** @param {unknown} message */
async function handle(message) {
  if (message === 'cpu') return { cpu: process.cpuUsage(), gcMs };
  /** @type {{ profile?: 'start' | 'stop'; file?: string; intervalUs?: number }} */
  const command = /** @type {never} */ (message);
  if (command.profile === 'start') {
    profiler = new Session();
    profiler.connect();
    await post(profiler, 'Profiler.enable');
    await post(profiler, 'Profiler.setSamplingInterval', { interval: command.intervalUs ?? 100 });
    await post(profiler, 'Profiler.start');
    return { profiling: true };
  }
  if (command.profile === 'stop' && profiler && command.file) {
    const { profile } = /** @type {{ profile: unknown }} */ (await post(profiler, 'Profiler.stop'));
    profiler.disconnect();
    profiler = undefined;
    writeFileSync(command.file, JSON.stringify(profile));
    return { profiled: command.file };
  }
  return undefined;
}

process.on('message', (message) => {
  handle(message).then(
    (answer) => answer && process.send?.(answer),
    (err) => process.send?.({ failed: String(err) }),
  );
});
// The channel must not keep a server alive once it has closed, and a server whose benchmark
// has gone (Ctrl-C, a crash) shuts down instead of holding its port and core.
process.channel?.unref();
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
