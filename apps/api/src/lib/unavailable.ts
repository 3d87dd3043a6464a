// Which errors mean "the database cannot serve right now" rather than "this request is wrong",
// and the one log of an outage: a warning when it starts (then at most one every 10 s while it
// lasts) and a line when the database answers again. The error handler answers these with 503.
// A transaction PostgreSQL ended to break a deadlock or a serialization conflict is here too
// (`contention`): the request was fine and a retry succeeds, but it is no outage.

/** A database failure that a later try can get past, and what to tell the client. */
export interface Unavailable {
  /**
   * `connection`: the connection failed or went silent, so it must not be lent again.
   * `contention`: this transaction lost a deadlock or a serialization conflict to another.
   */
  kind: 'connection' | 'timeout' | 'busy' | 'storage' | 'contention';
  message: string;
  retryAfterSeconds: number;
}

const UNREACHABLE: Unavailable = {
  kind: 'connection',
  message:
    'The service is briefly unavailable: the database cannot be reached. Try again in a few seconds.',
  retryAfterSeconds: 5,
};

const TOO_SLOW: Unavailable = {
  kind: 'timeout',
  message:
    'The service is briefly unavailable: the database did not answer in time. Try again in a few seconds.',
  retryAfterSeconds: 5,
};

const BUSY: Unavailable = {
  kind: 'busy',
  message: 'The service is briefly unavailable: the database is busy. Try again in a few seconds.',
  retryAfterSeconds: 2,
};

const CANNOT_STORE: Unavailable = {
  kind: 'storage',
  message:
    'The service cannot save changes right now: the database cannot store data. Try again later.',
  retryAfterSeconds: 60,
};

const CONTENDED: Unavailable = {
  kind: 'contention',
  message:
    'The service is briefly busy: another change to the same records was made at the same moment. Nothing was changed; try again.',
  retryAfterSeconds: 1,
};

/** Socket and name-lookup failures on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: the server is shutting down or starting (57P01-57P03), out of
 * connections or space (class 53), the session was ended for idling in a transaction (25P03),
 * a statement or lock wait ran out of time (57014, 55P03), or the transaction was chosen to
 * end a deadlock (40P01) or could not be serialized (40001).
 */
const PG_STATES: Record<string, Unavailable> = {
  '40P01': CONTENDED,
  '40001': CONTENDED,
  '57P01': UNREACHABLE,
  '57P02': UNREACHABLE,
  '57P03': UNREACHABLE,
  '25P03': UNREACHABLE,
  '53000': UNREACHABLE,
  '53100': CANNOT_STORE,
  '53200': UNREACHABLE,
  '53300': UNREACHABLE,
  '57014': TOO_SLOW,
  '55P03': TOO_SLOW,
};

/** What node-postgres and its pool say when a connection is lost, refused or timed out. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
];

function classifyOne(err: Record<string, unknown>): Unavailable | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (code.startsWith('SQLITE_')) {
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return BUSY;
    if (
      code === 'SQLITE_FULL' ||
      code.startsWith('SQLITE_READONLY') ||
      code.startsWith('SQLITE_IOERR') ||
      code.startsWith('SQLITE_CANTOPEN')
    ) {
      return CANNOT_STORE;
    }
    return null;
  }
  if (NETWORK_CODES.has(code)) return UNREACHABLE;
  if (/^08[0-9A-Z]{3}$/.test(code)) return UNREACHABLE;
  const state = PG_STATES[code];
  if (state) return state;
  const message = typeof err.message === 'string' ? err.message : '';
  return PG_MESSAGES.some((m) => m.test(message)) ? UNREACHABLE : null;
}

/**
 * The unavailability behind an error, or null when it is anything else (a bug, a constraint,
 * bad input). Causes and the parts of an AggregateError count, since pools wrap the socket error.
 */
export function unavailable(error: unknown, depth = 0): Unavailable | null {
  if (typeof error !== 'object' || error === null || depth > 4) return null;
  const err = error as Record<string, unknown>;
  const own = classifyOne(err);
  if (own) return own;
  if (Array.isArray(err.errors)) {
    for (const inner of err.errors) {
      const found = unavailable(inner, depth + 1);
      if (found) return found;
    }
  }
  return unavailable(err.cause, depth + 1);
}

export interface OutageLogOptions {
  warn(err: unknown, message: string): void;
  recovered(message: string): void;
  now?: () => number;
  /** At most one warning per this many milliseconds while failing. */
  everyMs?: number;
}

/**
 * Logs an outage once per burst, not once per request. A burst starts at a failure and ends at
 * the next success. Its first failure is warned unless a warning went out less than `everyMs`
 * ago; while it lasts, one more warning per `everyMs` says how many failed since the last; its
 * end is logged when the burst was warned. Failures that no warning mentioned are counted into
 * the next one. The same error object reported twice (by the query log and the error handler)
 * counts once.
 */
export class OutageLog {
  private readonly seen = new WeakSet<object>();
  private readonly now: () => number;
  private readonly everyMs: number;
  private since: number | null = null;
  private warned = false;
  private lastWarning = Number.NEGATIVE_INFINITY;
  private unreported = 0;
  private inBurst = 0;

  constructor(private readonly options: OutageLogOptions) {
    this.now = options.now ?? Date.now;
    this.everyMs = options.everyMs ?? 10_000;
  }

  /** Whether a failure has been seen since the last success. */
  get failing(): boolean {
    return this.since !== null;
  }

  failed(err: unknown): void {
    if (typeof err === 'object' && err !== null) {
      if (this.seen.has(err)) return;
      this.seen.add(err);
    }
    const now = this.now();
    if (this.since === null) {
      this.since = now;
      this.warned = false;
      this.inBurst = 0;
    }
    this.inBurst += 1;
    this.unreported += 1;
    if (now - this.lastWarning < this.everyMs) return;
    const reason = err instanceof Error ? err.message : String(err);
    this.options.warn(
      err,
      this.warned
        ? `database still unavailable: ${this.unreported} failure(s) in the last ${Math.round((now - this.lastWarning) / 1000)} s, latest: ${reason}`
        : `database unavailable: ${reason}${this.unreported > 1 ? ` (${this.unreported} failures since the last warning)` : ''}`,
    );
    this.lastWarning = now;
    this.unreported = 0;
    this.warned = true;
  }

  succeeded(): void {
    if (this.since === null) return;
    const seconds = ((this.now() - this.since) / 1000).toFixed(1);
    if (this.warned) {
      this.options.recovered(
        `database answering again after ${seconds} s (${this.inBurst} failure(s))`,
      );
    }
    this.since = null;
  }
}
