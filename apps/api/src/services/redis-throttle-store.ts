// Throttle counters in Redis, shared by every server instance: per policy, a sorted set of
// counted times per address and per account (pruned to their windows) and a streak per account.
// Each decision is one Lua script, so the check and the count are one step across instances
// (decision 011). Times come from the server's clock, not Redis's, so the same rules hold under
// a test clock. The scripts build one key from a slot's address, so they need one Redis, not a
// cluster.
import { Redis, type Result } from 'ioredis';
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

export class RedisThrottleStore implements ThrottleStore {
  readonly kind = 'redis';
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    /** Connection trouble (ioredis reconnects by itself); the caller logs it. */
    onError: (err: Error) => void,
  ) {
    this.redis = new Redis(url, {
      // A sign-in must not hang on an unreachable Redis: fail the command (503) and log it.
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
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

  async reserve(
    policy: ThrottlePolicy,
    address: string,
    account: string,
    now: number,
  ): Promise<Reservation> {
    const slot = slotId(address);
    const [wait, tripped] = await this.redis.omegaThrottleReserve(
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
    await this.redis.omegaThrottleRelease(
      this.key(policy, 'address', address),
      this.key(policy, 'account', account),
      this.key(policy, 'streak', account),
      slot,
      outcome,
    );
  }

  async refundNewest(policy: ThrottlePolicy, account: string): Promise<void> {
    await this.redis.omegaThrottleRefundNewest(
      this.key(policy, 'account', account),
      this.key(policy, 'address'),
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
