// Requests per route and status class, with their latency, kept where recording one is a few
// array writes: each route's figures live in its own recorder, made once when the route is
// registered, and prom-client reads them only when Prometheus scrapes (decision 020). A
// prom-client child would hash its label values into a string on every inc and observe, and
// this runs on every answer the server gives.

/** A sample as prom-client's registry prints it: `metricName{labels} value`. */
interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** What prom-client's registry asks of a metric: the shape its own Counter and Histogram have. */
export interface ScrapedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: Sample[] }>;
  reset(): void;
}

export const STATUS_CLASSES: readonly string[] = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/** Seconds; Prometheus' `le` buckets (each counts the answers at or under it). */
export const LATENCY_BUCKETS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

const CLASSES = STATUS_CLASSES.length;
/** One slot per bucket plus the answers above the last one (+Inf). */
const SLOTS = LATENCY_BUCKETS.length + 1;

/** One route and method's figures. */
export class RouteRecorder {
  /** Answers per status class. */
  readonly counts = new Float64Array(CLASSES);
  /** Seconds spent per status class. */
  readonly sums = new Float64Array(CLASSES);
  /** Answers per status class and latency slot (not cumulative: that is done when scraped). */
  readonly slots = new Float64Array(CLASSES * SLOTS);

  constructor(
    readonly route: string,
    readonly method: string,
  ) {}

  record(statusCode: number, seconds: number): void {
    let cls = (statusCode / 100) | 0;
    cls = cls < 1 ? 0 : cls > CLASSES ? CLASSES - 1 : cls - 1;
    // (Typed arrays read 0 past nothing here: cls and slot are always in range.)
    this.counts[cls] = (this.counts[cls] as number) + 1;
    this.sums[cls] = (this.sums[cls] as number) + seconds;
    let slot = 0;
    while (slot < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[slot] as number)) slot++;
    const at = cls * SLOTS + slot;
    this.slots[at] = (this.slots[at] as number) + 1;
  }
}

/**
 * The two request metrics as prom-client sees them: objects with a name and `get()` that the
 * registry prints like its own Counter and Histogram.
 */
export class RequestMetrics {
  private readonly recorders: RouteRecorder[] = [];
  private readonly byKey = new Map<string, RouteRecorder>();

  /** The recorder of a route and method; made once, at registration (or a path's first 404). */
  recorder(route: string, method: string): RouteRecorder {
    const key = `${method} ${route}`;
    let recorder = this.byKey.get(key);
    if (!recorder) {
      recorder = new RouteRecorder(route, method);
      this.byKey.set(key, recorder);
      this.recorders.push(recorder);
    }
    return recorder;
  }

  readonly requests: ScrapedMetric = {
    name: 'omega_http_requests_total',
    help: "HTTP requests answered, by the route table's name, method and status class",
    type: 'counter',
    aggregator: 'sum',
    get: async () => {
      const values: Sample[] = [];
      for (const r of this.recorders) {
        for (let cls = 0; cls < CLASSES; cls++) {
          const value = r.counts[cls] ?? 0;
          if (value === 0) continue;
          values.push({
            labels: {
              route: r.route,
              method: r.method,
              status_class: STATUS_CLASSES[cls] as string,
            },
            value,
          });
        }
      }
      return { ...this.describe(this.requests), values };
    },
    reset: () => this.reset(),
  };

  readonly latency: ScrapedMetric = {
    name: 'omega_http_request_duration_seconds',
    help: "Time from the request's arrival to its answer, by route name and status class",
    type: 'histogram',
    aggregator: 'sum',
    get: async () => {
      // The methods of one route share its series (a HEAD is its GET's latency).
      const merged = new Map<
        string,
        { counts: Float64Array; sums: Float64Array; slots: Float64Array }
      >();
      for (const r of this.recorders) {
        let m = merged.get(r.route);
        if (!m) {
          m = {
            counts: new Float64Array(CLASSES),
            sums: new Float64Array(CLASSES),
            slots: new Float64Array(CLASSES * SLOTS),
          };
          merged.set(r.route, m);
        }
        for (let i = 0; i < CLASSES; i++) {
          m.counts[i] = (m.counts[i] ?? 0) + (r.counts[i] ?? 0);
          m.sums[i] = (m.sums[i] ?? 0) + (r.sums[i] ?? 0);
        }
        for (let i = 0; i < CLASSES * SLOTS; i++)
          m.slots[i] = (m.slots[i] ?? 0) + (r.slots[i] ?? 0);
      }
      const name = this.latency.name;
      const values: Sample[] = [];
      for (const [route, m] of merged) {
        for (let cls = 0; cls < CLASSES; cls++) {
          const count = m.counts[cls] ?? 0;
          if (count === 0) continue;
          const series = { route, status_class: STATUS_CLASSES[cls] as string };
          let below = 0;
          for (let slot = 0; slot < LATENCY_BUCKETS.length; slot++) {
            below += m.slots[cls * SLOTS + slot] ?? 0;
            values.push({
              metricName: `${name}_bucket`,
              labels: { le: LATENCY_BUCKETS[slot] as number, ...series },
              value: below,
            });
          }
          values.push(
            { metricName: `${name}_bucket`, labels: { le: '+Inf', ...series }, value: count },
            { metricName: `${name}_sum`, labels: series, value: m.sums[cls] ?? 0 },
            { metricName: `${name}_count`, labels: series, value: count },
          );
        }
      }
      return { ...this.describe(this.latency), values };
    },
    reset: () => this.reset(),
  };

  private describe(metric: ScrapedMetric) {
    return {
      name: metric.name,
      help: metric.help,
      type: metric.type,
      aggregator: metric.aggregator,
    };
  }

  private reset(): void {
    for (const r of this.recorders) {
      r.counts.fill(0);
      r.sums.fill(0);
      r.slots.fill(0);
    }
  }
}
