// Throttles for guessing secrets, decided before any hashing runs. Each kind of attempt counts in
// its own namespace, per client address and per account (or phone):
// - password sign-in, with registration-key guesses: 10 failures per address in 10 minutes; per
//   account, after 5 failures in a row each try waits longer (1 s, 2 s, 4 s … up to 15 minutes),
//   and never more than 100 failures an hour. A browser that has signed in to the account
//   before (its device cookie) is counted as an account of its own, so an outsider's failures
//   never lock the owner out (services/device-trust.ts, decision 018);
// - wallet sign-in (phone, OTP, PIN): the same numbers, counted apart from passwords;
// - OTP requests: 5 per phone in 15 minutes and 30 per address in an hour; a request whose code
//   then signs the wallet in is given back, so ordinary use from one office is never refused.
// Checking and counting are one step (decision 011): a try that may go ahead is counted as a
// failure at once, and a success gives that slot back. The counters live in a store, this
// process's memory or Redis (REDIS_URL) shared by every instance; the rule is the pure `waitMs`.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';

export interface ThrottleWindow {
  windowMs: number;
  /** Counted tries allowed within the window. */
  max: number;
}

export interface ThrottlePolicy {
  /** The namespace: its counters are apart from every other policy's. */
  readonly name: 'password' | 'wallet' | 'otp';
  readonly perAddress: ThrottleWindow;
  readonly perAccount: ThrottleWindow;
  /** Failures in a row before each further try waits longer; null: no growing delay. */
  readonly freeStreak: number | null;
  /** Opens the 429 message: '<tooMany>. Try again in N seconds.' */
  readonly tooMany: string;
}

export const MAX_DELAY_MS = 15 * 60_000;

export const PASSWORD_SIGN_IN: ThrottlePolicy = {
  name: 'password',
  perAddress: { windowMs: 10 * 60_000, max: 10 },
  perAccount: { windowMs: 60 * 60_000, max: 100 },
  freeStreak: 5,
  tooMany: 'Too many failed attempts',
};

export const WALLET_SIGN_IN: ThrottlePolicy = {
  ...PASSWORD_SIGN_IN,
  name: 'wallet',
  tooMany: 'Too many attempts',
};

export const OTP_REQUEST: ThrottlePolicy = {
  name: 'otp',
  perAddress: { windowMs: 60 * 60_000, max: 30 },
  perAccount: { windowMs: 15 * 60_000, max: 5 },
  freeStreak: null,
  tooMany: 'Too many code requests',
};

const MAX_TRACKED_KEYS = 100_000;

/** What a store knows about one try's address and account, within the policy's windows. */
export interface FailureRecord {
  /** Counted times from this address, oldest first. */
  addressTimes: number[];
  /** Counted times at this account, oldest first. */
  accountTimes: number[];
  /** The account's failures since its last success. */
  streak: number;
}

function windowWait(times: readonly number[], now: number, { windowMs, max }: ThrottleWindow) {
  const recent = times.filter((t) => t > now - windowMs);
  if (recent.length < max) return 0;
  const oldest = recent[recent.length - max] ?? now;
  return oldest + windowMs - now;
}

/**
 * Milliseconds to wait before the next try, or 0 when it may go ahead. The Redis store runs the
 * same rule in Lua (redis-throttle-store.ts); a change here is a change there.
 */
export function waitMs(policy: ThrottlePolicy, record: FailureRecord, now: number): number {
  const addressWait = windowWait(record.addressTimes, now, policy.perAddress);
  let accountWait = windowWait(record.accountTimes, now, policy.perAccount);
  if (policy.freeStreak !== null && record.streak >= policy.freeStreak) {
    const delay = Math.min(2 ** (record.streak - policy.freeStreak) * 1000, MAX_DELAY_MS);
    const last = record.accountTimes[record.accountTimes.length - 1] ?? 0;
    accountWait = Math.max(accountWait, last + delay - now);
  }
  return Math.max(0, addressWait, accountWait);
}

/** A store's answer to one try: wait, or go ahead with a counted slot. */
export type Reservation =
  | { wait: number; slot: null }
  | {
      wait: 0;
      /** The counted slot, to give back if the try succeeds. */
      slot: string;
      /** Whether the next try must wait should this one stay counted. */
      tripped: boolean;
    };

export interface ThrottleStore {
  readonly kind: 'memory' | 'redis';
  /** In one atomic step: the wait before this try, or when there is none, counts it. */
  reserve(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    now: number,
  ): Promise<Reservation>;
  /** Gives a slot back; after a success the streak starts over, else it goes back by one. */
  release(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    slot: string,
    outcome: 'succeeded' | 'withdrawn',
  ): Promise<void>;
  /** Gives back the account's newest slot, from whichever address counted it. */
  refundNewest(policy: ThrottlePolicy, account: string): Promise<void>;
  /** Resolves when the store answers (readiness); rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A slot id unique per try; it names the address so that `refundNewest` can find its twin. */
export function slotId(address: string): string {
  return `${randomBytes(6).toString('hex')}|${address}`;
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

/** One try that the throttle let through and counted; settle it once with its outcome. */
export class Attempt {
  private settled = false;

  constructor(
    private readonly release: (outcome: 'succeeded' | 'withdrawn') => Promise<void>,
    private readonly onKeep: () => void,
  ) {}

  /** It failed, or it is a request that always counts: the slot stays counted. */
  keep(): void {
    if (this.settle()) this.onKeep();
  }

  /** It succeeded: the slot is given back and the account's streak starts over. */
  async succeeded(): Promise<void> {
    if (this.settle()) await this.release('succeeded');
  }

  /** No secret was checked (bad input, a locked wallet, an error): the slot is given back. */
  async withdraw(): Promise<void> {
    if (this.settle()) await this.release('withdrawn');
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    return true;
  }
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
    /**
     * Told once each time a kept failure starts a wait, with the id of the request that
     * tripped it (the system log records these trips under that request).
     */
    private readonly onTrip: (what: string, requestId: string | null) => void = () => {},
  ) {}

  get storeKind(): ThrottleStore['kind'] {
    return this.store.kind;
  }

  /**
   * Checks the limits and counts this try in one step. Refuses with 429 and Retry-After when it
   * must wait; otherwise the caller settles the returned attempt once its outcome is known.
   * `requestId` is the try's request, named in the system log should this try trip the limit.
   */
  async begin(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    requestId: string | null,
  ): Promise<Attempt> {
    const reserved = await orUnavailable(
      this.store.reserve(policy, address, account, this.clock()),
    );
    if (reserved.slot === null) {
      const seconds = Math.ceil(reserved.wait / 1000);
      throw new HttpError(
        429,
        `${policy.tooMany}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        { 'retry-after': String(seconds) },
      );
    }
    const { slot, tripped } = reserved;
    return new Attempt(
      (outcome) => orUnavailable(this.store.release(policy, address, account, slot, outcome)),
      () => {
        if (tripped) {
          this.onTrip(
            `${policy.name} rate limit reached for ${account} from ${address}: further tries must wait`,
            requestId,
          );
        }
      },
    );
  }

  /** Gives back the account's newest counted try (an OTP request whose code signed in). */
  refundNewest(policy: ThrottlePolicy, account: string): Promise<void> {
    return orUnavailable(this.store.refundNewest(policy, account));
  }

  /** Resolves when the counters can be reached (readiness); rejects when they cannot. */
  ping(): Promise<void> {
    return this.store.ping();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

interface Slot {
  id: string;
  at: number;
  address: string;
}

interface Counter {
  /** Counted slots, oldest first, within the window. */
  slots: Slot[];
  /** Failures since the last success (accounts only). */
  streak: number;
}

interface Namespace {
  byAddress: Map<string, Counter>;
  byAccount: Map<string, Counter>;
}

/** Counters in this process: right for one server, and what tests use by default. */
export class MemoryThrottleStore implements ThrottleStore {
  readonly kind = 'memory';
  private readonly namespaces = new Map<ThrottlePolicy['name'], Namespace>();

  // Each method runs to its end without an `await`, so no other try can slip in between the
  // check and the count: that is what makes the step atomic in one process.
  async reserve(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    now: number,
  ): Promise<Reservation> {
    const ns = this.namespace(policy);
    const byAddress = counter(ns.byAddress, address, now, policy.perAddress.windowMs);
    const byAccount = counter(ns.byAccount, account, now, policy.perAccount.windowMs);
    const record = (): FailureRecord => ({
      addressTimes: byAddress.slots.map((s) => s.at),
      accountTimes: byAccount.slots.map((s) => s.at),
      streak: byAccount.streak,
    });
    const wait = waitMs(policy, record(), now);
    if (wait > 0) return { wait, slot: null };
    const slot: Slot = { id: slotId(address), at: now, address };
    byAddress.slots.push(slot);
    byAccount.slots.push(slot);
    if (policy.freeStreak !== null) byAccount.streak += 1;
    return { wait: 0, slot: slot.id, tripped: waitMs(policy, record(), now) > 0 };
  }

  async release(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    slot: string,
    outcome: 'succeeded' | 'withdrawn',
  ): Promise<void> {
    const ns = this.namespace(policy);
    const byAccount = ns.byAccount.get(account);
    removeSlot(ns.byAddress.get(address), slot);
    removeSlot(byAccount, slot);
    if (!byAccount) return;
    if (outcome === 'succeeded') byAccount.streak = 0;
    else byAccount.streak = Math.max(0, byAccount.streak - 1);
  }

  async refundNewest(policy: ThrottlePolicy, account: string): Promise<void> {
    const ns = this.namespace(policy);
    const newest = ns.byAccount.get(account)?.slots.pop();
    if (newest) removeSlot(ns.byAddress.get(newest.address), newest.id);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  private namespace(policy: ThrottlePolicy): Namespace {
    let ns = this.namespaces.get(policy.name);
    if (!ns) {
      ns = { byAddress: new Map(), byAccount: new Map() };
      this.namespaces.set(policy.name, ns);
    }
    return ns;
  }
}

/** The key's counter, pruned to its window; created when missing. */
function counter(map: Map<string, Counter>, key: string, now: number, windowMs: number): Counter {
  let c = map.get(key);
  if (!c) {
    // A flood of distinct keys must not grow memory without bound: drop the oldest.
    if (map.size >= MAX_TRACKED_KEYS) {
      const first = map.keys().next().value;
      if (first !== undefined) map.delete(first);
    }
    c = { slots: [], streak: 0 };
    map.set(key, c);
  }
  while (c.slots.length > 0 && (c.slots[0]?.at ?? 0) <= now - windowMs) c.slots.shift();
  return c;
}

function removeSlot(c: Counter | undefined, id: string) {
  const i = c?.slots.findIndex((s) => s.id === id) ?? -1;
  if (c && i >= 0) c.slots.splice(i, 1);
}
