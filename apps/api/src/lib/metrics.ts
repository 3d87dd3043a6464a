// What the server tells Prometheus (GET /metrics, decision 020): requests per route and status
// class with their latency, the database pool, the process (event-loop delay, heap: prom-client's
// defaults) and business counters. Routes are labelled with the route table's name, never the
// URL, so a path parameter cannot grow the series without bound. A request's figures go to a
// recorder bound once per route when it is registered (lib/metrics-requests.ts), so recording
// one builds no strings and looks nothing up.
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { CheckpointFigures } from '../db/checkpointer.js';
import type { GroupCommitFigures } from '../db/sqlite-group-commit.js';
import { RequestMetrics, type RouteRecorder } from './metrics-requests.js';

/** The label of requests outside the route table: paths no route matched, pages, documents. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PoolFigures {
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * prom-client's default metrics describe the process (CPU, memory, event-loop delay, garbage
 * collections), so they are collected once per process and listed by every app's registry.
 * Collecting them starts an event-loop delay histogram (a timer every 10 ms) and a garbage
 * collection observer that prom-client never stops: made per app, every app a process had built
 * and closed kept both running (a test worker builds hundreds).
 */
let processMetrics: Metric[] | undefined;
function defaultMetrics(): Metric[] {
  if (processMetrics === undefined) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'omega_' });
    // The registry's own metric objects (its typings name them by their plain shape).
    processMetrics = registry.getMetricsAsArray() as unknown as Metric[];
  }
  return processMetrics;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new RequestMetrics();
  /** Paths no route matched, by method: the not-found handler's answers. */
  private readonly unmatched = new Map<string, RouteRecorder>();
  private readonly signIns: Counter<'result'>;
  private readonly registrations: Counter<'role'>;
  private readonly keypad: Counter<'kind' | 'result'>;
  private readonly activity: Counter<'action'>;
  private pool: () => PoolFigures | null = () => null;

  constructor() {
    const registers = [this.registry];
    for (const metric of defaultMetrics()) this.registry.registerMetric(metric);
    // The registry prints these like its own Counter and Histogram (same get() shape).
    this.registry.registerMetric(this.requests.requests as unknown as Metric);
    this.registry.registerMetric(this.requests.latency as unknown as Metric);
    this.signIns = new Counter({
      name: 'omega_sign_ins_total',
      help: 'Account sign-ins by result: ok, failed (wrong credentials) or throttled',
      labelNames: ['result'],
      registers,
    });
    this.registrations = new Counter({
      name: 'omega_registrations_total',
      help: 'Accounts registered, by role',
      labelNames: ['role'],
      registers,
    });
    this.keypad = new Counter({
      name: 'omega_keypad_transactions_total',
      help: 'Keypad transactions recorded, by kind and result (success, or failure such as an insufficient balance)',
      labelNames: ['kind', 'result'],
      registers,
    });
    this.activity = new Counter({
      name: 'omega_activity_total',
      help: 'Activity-log entries written, by action: plan_change, renewal, announcement, plan_override, …',
      labelNames: ['action'],
      registers,
    });
    const pool = () => this.pool();
    new Gauge({
      name: 'omega_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle) and queries waiting for one (waiting). SQLite has a single writing connection shared by every request (reads outside a transaction use a second, read-only one): reported as 1 in_use, 0 idle, 0 waiting, which shows no contention there.',
      labelNames: ['state'],
      registers,
      collect() {
        const figures = pool();
        if (!figures) return;
        this.set({ state: 'in_use' }, figures.inUse);
        this.set({ state: 'idle' }, figures.idle);
        this.set({ state: 'waiting' }, figures.waiting);
      },
    });
  }

  /**
   * SQLite's checkpoint worker (decision 026), registered by the database plugin only when there
   * is one, so PostgreSQL and in-memory databases show no such series.
   */
  watchCheckpoints(read: () => CheckpointFigures): void {
    const registers = [this.registry];
    new Gauge({
      name: 'omega_sqlite_checkpointer_up',
      help: "SQLite: 1 while the worker thread that copies the write-ahead log into the database file runs; 0 if it stopped, and then the main connection checkpoints itself inside requests' commits.",
      registers,
      collect() {
        this.set(read().running ? 1 : 0);
      },
    });
    new Counter({
      name: 'omega_sqlite_checkpoints_total',
      help: 'SQLite: checkpoints of the worker thread that copied pages from the write-ahead log into the database file.',
      registers,
      collect() {
        this.reset();
        this.inc(read().checkpoints);
      },
    });
    new Gauge({
      name: 'omega_sqlite_wal_pages',
      help: 'SQLite: pages in the write-ahead log at the last checkpoint (state=log) and those it had not copied into the database file (state=uncopied; it grows when the worker falls behind).',
      labelNames: ['state'],
      registers,
      collect() {
        const figures = read();
        this.set({ state: 'log' }, figures.logPages);
        this.set({ state: 'uncopied' }, figures.uncopiedPages);
      },
    });
  }

  /**
   * SQLite's group commit (decision 028), registered like the checkpoints: members over commits
   * is how many writes a flush of the log served; failures are groups whose every member failed.
   */
  watchGroupCommits(read: () => GroupCommitFigures): void {
    const registers = [this.registry];
    const counter = (name: string, help: string, value: (f: GroupCommitFigures) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(value(read()));
        },
      });
    counter(
      'omega_sqlite_group_commits_total',
      'SQLite: commits of a group, the transactions and writes of one event-loop turn, each with one flush of the write-ahead log.',
      (f) => f.commits,
    );
    counter(
      'omega_sqlite_group_members_total',
      'SQLite: transactions and lone writes committed by those groups (divided by the commits: writes per flush).',
      (f) => f.members,
    );
    counter(
      'omega_sqlite_group_failures_total',
      'SQLite: groups whose commit failed or that SQLite abandoned (a full disk, an I/O error); every member got the error.',
      (f) => f.failed,
    );
  }

  /** Where the pool gauge reads its figures (the database plugin, once connected). */
  watchPool(read: () => PoolFigures): void {
    this.pool = read;
  }

  /** PostgreSQL's statements, registered like the checkpoints: SQLite has no round trips. */
  watchRoundTrips(read: () => number): void {
    new Counter({
      name: 'omega_db_round_trips_total',
      help: 'PostgreSQL: statements sent, BEGIN and COMMIT included, each a network round trip (divided by the requests: round trips per request).',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** Where a route's answers are counted: asked once, when the route is registered. */
  route(name: string, method: string): RouteRecorder {
    return this.requests.recorder(name, method);
  }

  /** Where answers to paths no route matched are counted, by method. */
  unmatchedRoute(method: string): RouteRecorder {
    let recorder = this.unmatched.get(method);
    if (!recorder) {
      recorder = this.requests.recorder(UNMATCHED_ROUTE, method);
      this.unmatched.set(method, recorder);
    }
    return recorder;
  }

  signIn(result: 'ok' | 'failed' | 'throttled'): void {
    this.signIns.inc({ result });
  }

  registration(role: string): void {
    this.registrations.inc({ role });
  }

  keypadTransaction(kind: string, result: string): void {
    this.keypad.inc({ kind, result });
  }

  activityRecorded(action: string): void {
    this.activity.inc({ action });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
