// Loaded with --import into every benchmarked server: answers the benchmark's questions over
// IPC — how much CPU this process has used (all threads, garbage collection included), how long
// the main thread's garbage collections have taken (from V8's own reports, a callback per
// collection, none per request), and, for
// profile.ts, start and stop V8's sampling profiler around a measured window (what
// `node --cpu-prof` records, without the start-up). Nothing is added to the request path.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver } from 'node:perf_hooks';

let profiler: Session | undefined;

/** Milliseconds of garbage collection on the main thread so far, every kind. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ type: 'gc' });

function post(session: Session, method: string, params?: object): Promise<unknown> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

async function handle(message: unknown) {
  if (message === 'cpu') return { cpu: process.cpuUsage(), gcMs };
  const command = message as { profile?: 'start' | 'stop'; file?: string; intervalUs?: number };
  if (command.profile === 'start') {
    profiler = new Session();
    profiler.connect();
    await post(profiler, 'Profiler.enable');
    await post(profiler, 'Profiler.setSamplingInterval', { interval: command.intervalUs ?? 100 });
    await post(profiler, 'Profiler.start');
    return { profiling: true };
  }
  if (command.profile === 'stop' && profiler && command.file) {
    const { profile } = (await post(profiler, 'Profiler.stop')) as { profile: unknown };
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
    (err: unknown) => process.send?.({ failed: String(err) }),
  );
});
// The channel must not keep a server alive once it has closed, and a server whose benchmark
// has gone (Ctrl-C, a crash) shuts down instead of holding its port and core.
process.channel?.unref();
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
