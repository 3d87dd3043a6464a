// Throttle counters in Redis, shared by every server instance: per policy, a sorted set of
// counted times per address and per account (pruned to their windows) and a streak per account.
// Each decision is one Lua script, so the check and the count are one step across instances
// (decision 011). Times come from the server's clock, not Redis's, so the same rules hold under
// a test clock. The scripts build one key from a slot's address, so they need one Redis, not a
// cluster. Every call gives up within about a second when Redis is down or silent (decision 015).
import { Redis, type Result } from 'ioredis';
import { emitted } from '../lib/emitted.js';
import {
  MAX_DELAY_MS,
  type Reservation,
  slotId,
  type ThrottlePolicy,
  type ThrottleStore,
} from './login-throttle.js';

/** `waitMs` of login-throttle.ts in Lua, then the count when the try may go ahead. */
const RESERVE = `
local now = tonumber(ARGV[1])
local slot = ARGV[2]
local addressWindow, addressMax = tonumber(ARGV[3]), tonumber(ARGV[4])
local accountWindow, accountMax = tonumber(ARGV[5]), tonumber(ARGV[6])
local freeStreak, maxDelay = tonumber(ARGV[7]), tonumber(ARGV[8])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - addressWindow)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - accountWindow)

local function windowWait(key, windowMs, max)
  if redis.call('ZCARD', key) < max then return 0 end
  local oldest = redis.call('ZRANGE', key, -max, -max, 'WITHSCORES')
  return tonumber(oldest[2]) + windowMs - now
end

local function wait()
  local w = math.max(windowWait(KEYS[1], addressWindow, addressMax),
    windowWait(KEYS[2], accountWindow, accountMax))
  if freeStreak >= 0 then
    local streak = tonumber(redis.call('GET', KEYS[3]) or '0')
    if streak >= freeStreak then
      local delay = math.min(2 ^ (streak - freeStreak) * 1000, maxDelay)
      local newest = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
      w = math.max(w, tonumber(newest[2] or '0') + delay - now)
    end
  end
  return math.max(0, w)
end

local before = wait()
if before > 0 then return {math.ceil(before), 0} end
redis.call('ZADD', KEYS[1], now, slot)
redis.call('PEXPIRE', KEYS[1], addressWindow)
redis.call('ZADD', KEYS[2], now, slot)
redis.call('PEXPIRE', KEYS[2], accountWindow)
if freeStreak >= 0 then
  redis.call('INCR', KEYS[3])
  redis.call('PEXPIRE', KEYS[3], accountWindow)
end
if wait() > 0 then return {0, 1} end
return {0, 0}
`;

const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[2] == 'succeeded' then
  redis.call('DEL', KEYS[3])
elseif tonumber(redis.call('GET', KEYS[3]) or '0') > 0 then
  redis.call('DECR', KEYS[3])
end
`;

/** A slot is '<random>|<address>': its twin lives in the address's set, ARGV[1] .. address. */
const REFUND_NEWEST = `
local newest = redis.call('ZRANGE', KEYS[1], -1, -1)[1]
if not newest then return 0 end
redis.call('ZREM', KEYS[1], newest)
local address = string.match(newest, '|(.*)$')
if address then redis.call('ZREM', ARGV[1] .. address, newest) end
return 1
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    omegaThrottleReserve(
      addressKey: string,
      accountKey: string,
      streakKey: string,
      ...args: (string | number)[]
    ): Result<[number, number], Context>;
    omegaThrottleRelease(
      addressKey: string,
      accountKey: string,
      streakKey: string,
      slot: string,
      outcome: string,
    ): Result<unknown, Context>;
    omegaThrottleRefundNewest(
      accountKey: string,
      addressKeyPrefix: string,
    ): Result<number, Context>;
  }
}

/** Connecting, one command, and silence on an open connection: each is given up after this. */
export const REDIS_TIMEOUT_MS = 1000;

export class RedisThrottleStore implements ThrottleStore {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private connecting: Promise<void> | undefined;

  constructor(
    url: string,
    private readonly prefix: string,
    /** Connection trouble (ioredis reconnects by itself); the caller logs it. */
    onError: (err: Error) => void,
    private readonly timeoutMs = REDIS_TIMEOUT_MS,
  ) {
    // A sign-in must not hang on an unreachable Redis: the command fails (503) and is logged.
    // Commands are given up by `answer` below, not by ioredis's commandTimeout and socketTimeout:
    // those fire in the first turn after a stalled event loop (a long synchronous task, a GC
    // pause, an fsync), before the socket is read, and called an answer that had arrived a
    // timeout, dropping the connection too.
    this.redis = new Redis(url, {
      connectTimeout: timeoutMs,
      // A command is never kept to run later: a reservation counted after its caller was told
      // 503 would count a try nobody made. `ready` below waits for a connection instead.
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      maxRetriesPerRequest: 0,
      // Try again soon after a failure (ioredis waits up to 2 s), so a healed partition is
      // noticed within half a second.
      retryStrategy: (times) => Math.min(times * 100, 500),
    });
    // Sent as EVALSHA, with EVAL when Redis does not know the script yet.
    this.redis.defineCommand('omegaThrottleReserve', { numberOfKeys: 3, lua: RESERVE });
    this.redis.defineCommand('omegaThrottleRelease', { numberOfKeys: 3, lua: RELEASE });
    this.redis.defineCommand('omegaThrottleRefundNewest', { numberOfKeys: 1, lua: REFUND_NEWEST });
    let last = 0;
    this.redis.on('error', (err: Error) => {
      // Reconnection retries repeat the same error: report it at most once a minute.
      if (Date.now() - last < 60_000) return;
      last = Date.now();
      onError(err);
    });
  }

  private key(policy: ThrottlePolicy, kind: 'address' | 'account' | 'streak', id = '') {
    return `${this.prefix}throttle:${policy.name}:${kind}:${id}`;
  }

  /**
   * Whether the first connection attempt succeeds within `withinMs`: true once Redis is ready,
   * false when the attempt fails (refused, closed) or the time runs out. For the server's start:
   * a sign-in right after ready must not be the one that waits for a connection being opened
   * (which a busy machine can take longer than a call's deadline to open). Never rejects.
   */
  connected(withinMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('close', onClose);
        resolve(ok);
      };
      const onReady = () => settle(true);
      const onClose = () => settle(false);
      const timer = setTimeout(() => settle(this.redis.status === 'ready'), withinMs);
      this.redis.once('ready', onReady);
      this.redis.once('close', onClose);
    });
  }

  /**
   * Resolves once the connection is ready: at once when it is, after waiting for a connection
   * being opened (the first one, at start) up to the timeout. While Redis is known to be down,
   * between reconnection tries, it fails at once.
   */
  private ready(): Promise<void> {
    const status = this.redis.status;
    if (status === 'ready') return Promise.resolve();
    if (status !== 'connecting' && status !== 'connect') {
      return Promise.reject(new Error(`Redis is not connected (${status})`));
    }
    // One wait per connection attempt, shared by every call that arrives meanwhile.
    this.connecting ??= new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (err?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('close', onClose);
        this.connecting = undefined;
        if (err) reject(err);
        else resolve();
      };
      const onReady = () => settle();
      const onClose = () => settle(new Error('Redis closed the connection while connecting'));
      // Judged after the turn's reads, as a command's deadline is (`answer`).
      const timer = setTimeout(
        () =>
          setImmediate(() =>
            settle(new Error(`Redis did not become ready within ${this.timeoutMs} ms`)),
          ),
        this.timeoutMs,
      );
      this.redis.once('ready', onReady);
      this.redis.once('close', onClose);
    });
    return this.connecting;
  }

  /**
   * `command`'s answer, or an error when Redis has not answered within the timeout. The deadline
   * is judged after the turn's reads (setImmediate runs after them): when the loop stalled past
   * it, an answer already in the socket is read first and counts. A command still unanswered
   * then is one Redis did not answer: the connection is closed and opened again rather than kept
   * until TCP notices (minutes) while every command waits.
   */
  private answer<T>(command: Promise<T>, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done();
      };
      const timer = setTimeout(
        () =>
          setImmediate(() =>
            settle(() => {
              reject(new Error(`Redis did not answer ${what} within ${this.timeoutMs} ms`));
              this.redis.disconnect(true);
            }),
          ),
        this.timeoutMs,
      );
      command.then(
        (value) => settle(() => resolve(value)),
        (err: unknown) => settle(() => reject(err)),
      );
    });
  }

  /** Answers when Redis does, within the timeout (readiness). */
  async ping(): Promise<void> {
    await this.ready();
    await this.answer(this.redis.ping(), 'PING');
  }

  async reserve(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    now: number,
  ): Promise<Reservation> {
    await this.ready();
    const slot = slotId(address);
    const [wait, tripped] = await this.answer(
      this.redis.omegaThrottleReserve(
        this.key(policy, 'address', address),
        this.key(policy, 'account', account),
        this.key(policy, 'streak', account),
        now,
        slot,
        policy.perAddress.windowMs,
        policy.perAddress.max,
        policy.perAccount.windowMs,
        policy.perAccount.max,
        policy.freeStreak ?? -1,
        MAX_DELAY_MS,
      ),
      'a reservation',
    );
    return wait > 0 ? { wait, slot: null } : { wait: 0, slot, tripped: tripped === 1 };
  }

  async release(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    slot: string,
    outcome: 'succeeded' | 'withdrawn',
  ): Promise<void> {
    await this.ready();
    await this.answer(
      this.redis.omegaThrottleRelease(
        this.key(policy, 'address', address),
        this.key(policy, 'account', account),
        this.key(policy, 'streak', account),
        slot,
        outcome,
      ),
      'a release',
    );
  }

  async refundNewest(policy: ThrottlePolicy, account: string): Promise<void> {
    await this.ready();
    await this.answer(
      this.redis.omegaThrottleRefundNewest(
        this.key(policy, 'account', account),
        this.key(policy, 'address'),
      ),
      'a refund',
    );
  }

  /**
   * Resolves once the connection is closed, not when Redis has answered QUIT: ioredis ends the
   * socket after that answer and keeps a timer to destroy it if it lingers, so the app's close
   * would otherwise return with both still open (test/app-close.test.ts). ioredis destroys a
   * socket still open 2 s after asking it to end, so the wait is bounded by that.
   */
  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    const ended = emitted(this.redis, 'end', 1, 3_000);
    await this.redis.quit().catch(() => this.redis.disconnect());
    await ended;
  }
}
