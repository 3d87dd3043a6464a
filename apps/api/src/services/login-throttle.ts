// Sign-in throttling, decided before any password hashing runs:
// - per client address: at most 10 failures in 10 minutes;
// - per account: after 5 failures in a row each further try waits longer (1 s, 2 s, 4 s …
//   up to 15 minutes), and never more than 100 failures an hour.
// The counters live in a store: this process's memory by default, or Redis (REDIS_URL) so that
// several server instances share one limit. The decision itself is one pure function.
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';

export const IP_WINDOW_MS = 10 * 60_000;
export const IP_MAX_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const ACCOUNT_MAX_FAILURES = 100;
const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_MAX_DELAY_MS = 15 * 60_000;
const MAX_TRACKED_KEYS = 100_000;

/** What a store knows about one sign-in attempt's address and account. */
export interface FailureRecord {
  /** Failure times from this address within its window, oldest first. */
  ipTimes: number[];
  /** Failure times at this account within its window, oldest first. */
  accountTimes: number[];
  /** The account's failures since its last success. */
  streak: number;
}

export interface ThrottleStore {
  readonly kind: 'memory' | 'redis';
  read(ip: string, account: string, now: number): Promise<FailureRecord>;
  addFailure(ip: string, account: string, now: number): Promise<void>;
  resetStreak(account: string): Promise<void>;
  close(): Promise<void>;
}

function windowWait(times: readonly number[], now: number, windowMs: number, max: number) {
  const recent = times.filter((t) => t > now - windowMs);
  if (recent.length < max) return 0;
  const oldest = recent[recent.length - max] ?? now;
  return oldest + windowMs - now;
}

/** Milliseconds to wait before the next try, or 0 when it may go ahead. */
export function waitMs(record: FailureRecord, now: number): number {
  const ipWait = windowWait(record.ipTimes, now, IP_WINDOW_MS, IP_MAX_FAILURES);
  let accountWait = windowWait(record.accountTimes, now, ACCOUNT_WINDOW_MS, ACCOUNT_MAX_FAILURES);
  if (record.streak >= ACCOUNT_FREE_FAILURES) {
    const delay = Math.min(
      2 ** (record.streak - ACCOUNT_FREE_FAILURES) * 1000,
      ACCOUNT_MAX_DELAY_MS,
    );
    const last = record.accountTimes[record.accountTimes.length - 1] ?? 0;
    accountWait = Math.max(accountWait, last + delay - now);
  }
  return Math.max(0, ipWait, accountWait);
}

export const THROTTLE_UNAVAILABLE =
  'Signing in is unavailable for a moment: the sign-in limiter cannot be reached. Try again shortly.';

/** A store that cannot answer refuses the attempt (fail closed) with a 503, never a guess. */
async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw new HttpError(503, THROTTLE_UNAVAILABLE, { 'retry-after': '5' }, { cause: err });
  }
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
    /** Told once each time a failure starts a wait (the system log records these trips). */
    private readonly onTrip: (what: string) => void = () => {},
  ) {}

  get storeKind(): ThrottleStore['kind'] {
    return this.store.kind;
  }

  /** Milliseconds to wait before this sign-in may be tried, or 0 when it may go ahead. */
  async retryAfter(ip: string, account: string): Promise<number> {
    const now = this.clock();
    return waitMs(await orUnavailable(this.store.read(ip, account, now)), now);
  }

  /** Refuses with 429 and Retry-After when this try must wait; `tooMany` opens the message. */
  async refuseIfThrottled(ip: string, account: string, tooMany: string): Promise<void> {
    const wait = await this.retryAfter(ip, account);
    if (wait <= 0) return;
    const seconds = Math.ceil(wait / 1000);
    throw new HttpError(
      429,
      `${tooMany}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      { 'retry-after': String(seconds) },
    );
  }

  async recordFailure(ip: string, account: string): Promise<void> {
    const waitedBefore = (await this.retryAfter(ip, account)) > 0;
    await orUnavailable(this.store.addFailure(ip, account, this.clock()));
    if (!waitedBefore && (await this.retryAfter(ip, account)) > 0) {
      this.onTrip(`rate limit reached for ${account} from ${ip}: further tries must wait`);
    }
  }

  recordSuccess(account: string): Promise<void> {
    return orUnavailable(this.store.resetStreak(account));
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

interface Failures {
  /** Failure times, oldest first, within the window. */
  times: number[];
  /** Failures since the last success (accounts only). */
  streak: number;
}

/** Counters in this process: right for one server, and what tests use by default. */
export class MemoryThrottleStore implements ThrottleStore {
  readonly kind = 'memory';
  private readonly byIp = new Map<string, Failures>();
  private readonly byAccount = new Map<string, Failures>();

  async read(ip: string, account: string, now: number): Promise<FailureRecord> {
    const ipF = this.byIp.get(ip);
    const accF = this.byAccount.get(account);
    if (ipF) prune(ipF, now, IP_WINDOW_MS);
    if (accF) prune(accF, now, ACCOUNT_WINDOW_MS);
    return {
      ipTimes: ipF?.times ?? [],
      accountTimes: accF?.times ?? [],
      streak: accF?.streak ?? 0,
    };
  }

  async addFailure(ip: string, account: string, now: number): Promise<void> {
    this.push(this.byIp, ip, now, IP_WINDOW_MS);
    this.push(this.byAccount, account, now, ACCOUNT_WINDOW_MS);
  }

  async resetStreak(account: string): Promise<void> {
    const acc = this.byAccount.get(account);
    if (acc) acc.streak = 0;
  }

  async close(): Promise<void> {}

  private push(map: Map<string, Failures>, key: string, now: number, windowMs: number) {
    let f = map.get(key);
    if (!f) {
      // A flood of distinct keys must not grow memory without bound: drop the oldest.
      if (map.size >= MAX_TRACKED_KEYS) {
        const first = map.keys().next().value;
        if (first !== undefined) map.delete(first);
      }
      f = { times: [], streak: 0 };
      map.set(key, f);
    }
    prune(f, now, windowMs);
    f.times.push(now);
    f.streak += 1;
  }
}

function prune(f: Failures, now: number, windowMs: number) {
  while (f.times.length > 0 && (f.times[0] ?? 0) <= now - windowMs) f.times.shift();
}
