// Sign-in throttling, decided before any password hashing runs:
// - per client address: at most 10 failures in 10 minutes;
// - per account: after 5 failures in a row each further try waits longer (1 s, 2 s, 4 s …
//   up to 15 minutes), and never more than 100 failures an hour.
// Counters live in this process; several instances would share them through Redis.
import type { Clock } from '../lib/clock.js';

const IP_WINDOW_MS = 10 * 60_000;
const IP_MAX_FAILURES = 10;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
const ACCOUNT_MAX_FAILURES = 100;
const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_MAX_DELAY_MS = 15 * 60_000;
const MAX_TRACKED_KEYS = 100_000;

interface Failures {
  /** Failure times, oldest first, within the window. */
  times: number[];
  /** Failures since the last success (accounts only). */
  streak: number;
}

export class LoginThrottle {
  private readonly byIp = new Map<string, Failures>();
  private readonly byAccount = new Map<string, Failures>();

  constructor(
    private readonly clock: Clock,
    /** Told once each time a failure starts a wait (the system log records these trips). */
    private readonly onTrip: (what: string) => void = () => {},
  ) {}

  /** Milliseconds to wait before this sign-in may be tried, or 0 when it may go ahead. */
  retryAfter(ip: string, account: string): number {
    const now = this.clock();
    const ipWait = this.windowWait(this.byIp.get(ip), now, IP_WINDOW_MS, IP_MAX_FAILURES);
    const acc = this.byAccount.get(account);
    let accountWait = this.windowWait(acc, now, ACCOUNT_WINDOW_MS, ACCOUNT_MAX_FAILURES);
    if (acc && acc.streak >= ACCOUNT_FREE_FAILURES) {
      const delay = Math.min(
        2 ** (acc.streak - ACCOUNT_FREE_FAILURES) * 1000,
        ACCOUNT_MAX_DELAY_MS,
      );
      const last = acc.times[acc.times.length - 1] ?? 0;
      accountWait = Math.max(accountWait, last + delay - now);
    }
    return Math.max(0, ipWait, accountWait);
  }

  recordFailure(ip: string, account: string): void {
    const waitedBefore = this.retryAfter(ip, account) > 0;
    const now = this.clock();
    this.push(this.byIp, ip, now, IP_WINDOW_MS);
    this.push(this.byAccount, account, now, ACCOUNT_WINDOW_MS);
    if (!waitedBefore && this.retryAfter(ip, account) > 0) {
      this.onTrip(`rate limit reached for ${account} from ${ip}: further tries must wait`);
    }
  }

  recordSuccess(account: string): void {
    const acc = this.byAccount.get(account);
    if (acc) acc.streak = 0;
  }

  private windowWait(f: Failures | undefined, now: number, windowMs: number, max: number) {
    if (!f) return 0;
    prune(f, now, windowMs);
    if (f.times.length < max) return 0;
    const oldest = f.times[f.times.length - max] ?? now;
    return oldest + windowMs - now;
  }

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
