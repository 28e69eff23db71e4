/**
 * Fixed-window counters for rate limits. In memory for one process; in Redis when REDIS_URL is set, so
 * several server instances behind a load balancer share the same limits.
 *
 * `hit` counts after the fact (fine where the counted work is cheap). Where the work is what an attacker
 * wants (a password hash check, a redeem-code comparison), `reserve` counts *before* it, atomically across
 * several keys, and `release` gives the reservation back when the attempt turns out legitimate: however many
 * requests race, at most `limit` of them get past the check in a window. A reservation is *in flight* until
 * it is released or kept as a failure (`commit`); each key also counts those, so a caller can tell a key
 * full of failures (`blocked`) from one full only of checks still in flight (`busy`), which may yet succeed.
 *
 * When Redis is down every method rejects at once with `LimiterUnavailable` (503), see RedisRateLimiter.
 */
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/** How long a client is told to wait when the limits cannot be checked (Redis unreachable). */
const RETRY_WHEN_UNAVAILABLE_S = 5;

/**
 * The limits could not be checked because Redis did not answer. Limits fail closed: the limited action is
 * refused with 503 and Retry-After (never let through uncounted, never a 500), and works again by itself
 * once Redis is back.
 */
export class LimiterUnavailable extends AppError {
  constructor(readonly reason: string) {
    super('serviceBusy', 503, -1, { 'retry-after': String(RETRY_WHEN_UNAVAILABLE_S) });
    this.name = 'LimiterUnavailable';
  }
}

export interface HitResult {
  allowed: boolean;
  count: number;
  /** Time until the window resets. */
  retryAfterMs: number;
}

/** One counter of a reservation: its key, how many a window allows, and the window's length. */
export interface LimitSpec {
  key: string;
  limit: number;
  windowMs: number;
}

export interface ReserveResult {
  allowed: boolean;
  /** The keys at their limit with failures alone, reservations in flight aside (empty when allowed). */
  blocked: string[];
  /**
   * The other keys at their limit: full only because of reservations still in flight, so there may be room
   * once those settle (empty when allowed).
   */
  busy: string[];
  /** Longest time until a blocked key's window resets; 0 when nothing is blocked. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; allowed while the count within the window is at most `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /** The current count without adding a hit. */
  peek(key: string, limit: number): Promise<HitResult>;
  /**
   * Atomically: when every key is below its limit, counts one on each (opening a window where none is live),
   * in flight, and allows; otherwise counts nothing and refuses, naming the keys at their limit. No partial
   * reservation is ever left behind, so refused requests do not use up the other keys' allowances.
   */
  reserve(specs: LimitSpec[]): Promise<ReserveResult>;
  /**
   * Gives back one count on each key, and its place in flight (never below 0, window unchanged): the reserved
   * attempt succeeded, or never got to the check.
   */
  release(keys: string[]): Promise<void>;
  /** The reserved attempt failed: its count stays, as a failure, and it is no longer in flight. */
  commit(keys: string[]): Promise<void>;
  /** Forgets the key's counts, except reservations still in flight (their release or commit comes later). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Window {
  /** Hits, or reservations: failures and those in flight. */
  count: number;
  /** The reservations in flight (part of count). */
  inFlight: number;
  resetAt: number;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, inFlight: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return Promise.resolve({ allowed: w.count <= limit, count: w.count, retryAfterMs: w.resetAt - now });
  }

  peek(key: string, limit: number): Promise<HitResult> {
    const now = this.now();
    const w = this.windows.get(key);
    const live = w && w.resetAt > now ? w : undefined;
    const count = live?.count ?? 0;
    return Promise.resolve({ allowed: count < limit, count, retryAfterMs: live ? live.resetAt - now : 0 });
  }

  /** Synchronous from the first read to the last write, so it is atomic on Node's one thread. */
  reserve(specs: LimitSpec[]): Promise<ReserveResult> {
    const now = this.now();
    this.sweep(now);
    const blocked: string[] = [];
    const busy: string[] = [];
    let retryAfterMs = 0;
    for (const spec of specs) {
      const w = this.live(spec.key, now);
      if (w && w.count >= spec.limit) {
        if (w.count - Math.min(w.inFlight, w.count) < spec.limit) busy.push(spec.key);
        else {
          blocked.push(spec.key);
          retryAfterMs = Math.max(retryAfterMs, w.resetAt - now);
        }
      } else if (spec.limit <= 0) {
        blocked.push(spec.key);
        retryAfterMs = Math.max(retryAfterMs, spec.windowMs);
      }
    }
    if (blocked.length + busy.length > 0) {
      return Promise.resolve({ allowed: false, blocked, busy, retryAfterMs });
    }
    for (const spec of specs) {
      const w = this.live(spec.key, now);
      if (w) {
        w.count += 1;
        w.inFlight += 1;
      } else this.windows.set(spec.key, { count: 1, inFlight: 1, resetAt: now + spec.windowMs });
    }
    return Promise.resolve({ allowed: true, blocked: [], busy: [], retryAfterMs: 0 });
  }

  release(keys: string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const w = this.live(key, now);
      if (w && w.count > 0) w.count -= 1;
      if (w && w.inFlight > 0) w.inFlight -= 1;
    }
    return Promise.resolve();
  }

  commit(keys: string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const w = this.live(key, now);
      if (w && w.inFlight > 0) w.inFlight -= 1;
    }
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    const w = this.live(key, this.now());
    if (w && w.inFlight > 0) w.count = Math.min(w.count, w.inFlight);
    else this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  private live(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    return w && w.resetAt > now ? w : undefined;
  }

  /** Drops expired windows now and then, so memory stays bounded by live keys. */
  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * KEYS: the counters, then the in-flight counter of each (same order); ARGV: limit and window (ms) per key,
 * in order. Returns {1} when reserved, else {0, longest ttl among the blocked keys, number of blocked keys,
 * index of each blocked key (1-based)…, index of each busy key…}. One script, so no other client's INCR can
 * slip between the checks and the increments. The in-flight counter lives and dies with its counter's
 * window: it is started afresh with a new window and given the counter's expiry.
 */
const RESERVE_SCRIPT = `
local n = #KEYS / 2
local blocked, busy = {}, {}
local wait = 0
for i = 1, n do
  local limit = tonumber(ARGV[2 * i - 1])
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= limit then
    local inflight = math.min(count, tonumber(redis.call('GET', KEYS[n + i]) or '0'))
    if count - inflight < limit then
      busy[#busy + 1] = i
    else
      blocked[#blocked + 1] = i
      local ttl = redis.call('PTTL', KEYS[i])
      if ttl < 0 then ttl = tonumber(ARGV[2 * i]) end
      if ttl > wait then wait = ttl end
    end
  end
end
if #blocked + #busy > 0 then
  local out = {0, wait, #blocked}
  for _, i in ipairs(blocked) do out[#out + 1] = i end
  for _, i in ipairs(busy) do out[#out + 1] = i end
  return out
end
for i = 1, n do
  local fresh = redis.call('EXISTS', KEYS[i]) == 0
  redis.call('INCR', KEYS[i])
  if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
  if fresh then redis.call('SET', KEYS[n + i], 1) else redis.call('INCR', KEYS[n + i]) end
  redis.call('PEXPIRE', KEYS[n + i], redis.call('PTTL', KEYS[i]))
end
return {1}
`;

/**
 * KEYS: the counters, then the in-flight counter of each; ARGV[1]: '1' to give the count back (release),
 * '0' to keep it as a failure (commit). Decrements only positive counts; DECR keeps the key's TTL.
 */
const SETTLE_SCRIPT = `
local n = #KEYS / 2
for i = 1, n do
  if ARGV[1] == '1' and tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
  if tonumber(redis.call('GET', KEYS[n + i]) or '0') > 0 then redis.call('DECR', KEYS[n + i]) end
end
return 1
`;

/** KEYS: a counter and its in-flight counter. Keeps only the reservations in flight; DECRBY keeps the TTL. */
const RESET_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local inflight = math.min(count, tonumber(redis.call('GET', KEYS[2]) or '0'))
if inflight > 0 then
  redis.call('DECRBY', KEYS[1], count - inflight)
else
  redis.call('DEL', KEYS[1], KEYS[2])
end
return 1
`;

/**
 * ioredis tuned to fail fast: with its defaults a command issued while Redis is down waits in the offline
 * queue through reconnect attempts (about 20 s, or much longer when the host does not answer at all) and
 * then surfaces as a 500. Here a command fails at once while disconnected, a stalled one after
 * `commandTimeout`, and the client keeps reconnecting (every 2 s at most) so limits work again by
 * themselves when Redis returns.
 */
export const REDIS_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 2_000,
  commandTimeout: 2_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
} as const;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  /** Settles at the first connection (or the first failure to connect, or connectTimeout). */
  private readonly firstConnection: Promise<void>;

  constructor(
    url: string,
    private readonly prefix = 'rl:',
  ) {
    this.redis = new Redis(url, REDIS_OPTIONS);
    // Failures are reported per request (LimiterUnavailable); an unhandled 'error' event would only print.
    this.redis.on('error', () => undefined);
    this.firstConnection = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done).off('error', done).off('end', done);
        resolve();
      };
      const timer = setTimeout(done, REDIS_OPTIONS.connectTimeout);
      timer.unref();
      this.redis.once('ready', done).once('error', done).once('end', done);
    });
  }

  /**
   * Runs one Redis exchange, turning any failure into LimiterUnavailable. Only the very first commands wait
   * (for the connection made at start-up, so an instance does not refuse its first requests); afterwards a
   * command while disconnected fails immediately instead of queueing.
   */
  private async call<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    await this.firstConnection;
    try {
      return await command(this.redis);
    } catch (error) {
      throw new LimiterUnavailable(error instanceof Error ? error.message : String(error));
    }
  }

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const k = this.prefix + key;
    const result = await this.call((r) => r.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec());
    // exec() reports a failed command in its result instead of rejecting.
    const failed = result?.find(([error]) => error)?.[0];
    if (!result || failed) throw new LimiterUnavailable(failed?.message ?? 'transaction discarded');
    const count = Number(result[0]?.[1] ?? 0);
    const ttl = Number(result[2]?.[1] ?? windowMs);
    return { allowed: count <= limit, count, retryAfterMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string, limit: number): Promise<HitResult> {
    const k = this.prefix + key;
    const [value, ttl] = await this.call((r) => Promise.all([r.get(k), r.pttl(k)]));
    const count = Number(value ?? 0);
    return { allowed: count < limit, count, retryAfterMs: ttl > 0 ? ttl : 0 };
  }

  /** The Redis keys of counters: each counter, then the in-flight counter of each. */
  private withInFlight(keys: string[]): string[] {
    return [...keys.map((k) => this.prefix + k), ...keys.map((k) => `${this.prefix}inflight:${k}`)];
  }

  async reserve(specs: LimitSpec[]): Promise<ReserveResult> {
    if (specs.length === 0) return { allowed: true, blocked: [], busy: [], retryAfterMs: 0 };
    const keys = this.withInFlight(specs.map((s) => s.key));
    const args = specs.flatMap((s) => [String(s.limit), String(s.windowMs)]);
    const reply = (await this.call((r) => r.eval(RESERVE_SCRIPT, keys.length, ...keys, ...args))) as number[];
    if (Number(reply[0]) === 1) return { allowed: true, blocked: [], busy: [], retryAfterMs: 0 };
    const named = reply.slice(3).map((i) => specs[Number(i) - 1]!.key);
    const blockedCount = Number(reply[2]);
    return {
      allowed: false,
      blocked: named.slice(0, blockedCount),
      busy: named.slice(blockedCount),
      retryAfterMs: Number(reply[1]),
    };
  }

  async release(keys: string[]): Promise<void> {
    await this.settle(keys, true);
  }

  async commit(keys: string[]): Promise<void> {
    await this.settle(keys, false);
  }

  private async settle(keys: string[], giveBack: boolean): Promise<void> {
    if (keys.length === 0) return;
    const all = this.withInFlight(keys);
    await this.call((r) => r.eval(SETTLE_SCRIPT, all.length, ...all, giveBack ? '1' : '0'));
  }

  async reset(key: string): Promise<void> {
    await this.call((r) => r.eval(RESET_SCRIPT, 2, ...this.withInFlight([key])));
  }

  async close(): Promise<void> {
    // quit() needs a live connection; while Redis is down just drop the socket and stop reconnecting.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}
