// Load shedding with @fastify/under-pressure: while the event loop lags or the heap or RSS is
// over its threshold (configuration, 0 turns a check off), calls answer 503 with Retry-After at
// once instead of queueing until their clients give up. The health probes are never shed, so
// the platform still sees a live process and the admin still sees why (decision 016).
// Only API calls are shed: the web app's page and files and the keypad's are files read from
// disk, the cheap part of a visit, and refusing them showed a person the 503's JSON sentence in
// place of the page, or broke the page whose code was still to load; the calls behind them are
// refused and the screens say so.
// The server's own start is not overload: the event loop is judged only on samples taken wholly
// after the server became ready (the heap and memory checks apply from the start).
import underPressure from '@fastify/under-pressure';
import { routes } from '@omega/contracts';
import fp from 'fastify-plugin';
import { callPath, isApiPath } from '../../lib/call-path.js';
import { HttpError } from '../../lib/http-error.js';

export const SHED_RETRY_AFTER_SECONDS = 5;
export const SHED_MESSAGE =
  'The service is overloaded right now and did nothing with this request. Try again in a few seconds.';
/** How often @fastify/under-pressure samples the process (its default, said here). */
const SAMPLE_INTERVAL_MS = 1000;
/**
 * How long after ready a lagging event loop is not shed: the first sample after ready still
 * covers part of the start (migrations, services, on a busy machine seconds of blocking CPU);
 * the second is the first taken wholly after it.
 */
export const START_GRACE_MS = 2 * SAMPLE_INTERVAL_MS;
/** At most one warning per this many milliseconds while shedding, with a count. */
const WARN_EVERY_MS = 10_000;

const NEVER_SHED = new Set<string>([
  routes.health.url,
  routes.ready.url,
  routes.healthDetailed.url,
]);

const WHAT: Record<string, string> = {
  [underPressure.TYPE_EVENT_LOOP_DELAY]: 'event loop delay',
  [underPressure.TYPE_HEAP_USED_BYTES]: 'heap used',
  [underPressure.TYPE_RSS_BYTES]: 'resident memory',
};

export default fp(
  async (app) => {
    const { maxEventLoopDelayMs, maxHeapBytes, maxRssBytes } = app.config.pressure;
    const overloaded = new HttpError(503, SHED_MESSAGE, {
      'retry-after': String(SHED_RETRY_AFTER_SECONDS),
    });
    let lastWarning = Number.NEGATIVE_INFINITY;
    let refused = 0;
    let readyAt = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      readyAt = performance.now();
    });
    const starting = () => performance.now() - readyAt < START_GRACE_MS;
    await app.register(underPressure, {
      sampleInterval: SAMPLE_INTERVAL_MS,
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: maxHeapBytes,
      maxRssBytes,
      // Returning lets the request through; throwing answers it through the error handler,
      // which sends an HttpError's message and headers like every other refusal.
      pressureHandler: (request, _reply, type, value) => {
        // Only API calls are shed, not the web app's or the keypad's files.
        const path = callPath(request);
        if (NEVER_SHED.has(path) || !isApiPath(path)) return;
        if (type === underPressure.TYPE_EVENT_LOOP_DELAY && starting()) return;
        refused += 1;
        const now = performance.now();
        if (now - lastWarning >= WARN_EVERY_MS) {
          app.log.warn(
            { source: 'load-shedding', type, value, refused },
            `shedding load: ${WHAT[type] ?? type} is over its threshold (${refused} call(s) refused since the last warning)`,
          );
          lastWarning = now;
          refused = 0;
        }
        throw overloaded;
      },
    });
  },
  { name: 'load-shedding', dependencies: ['config'] },
);
