/**
 * Fixed-window counters for rate limits. In memory for one process; in Redis when REDIS_URL is set, so
 * several server instances behind a load balancer share the same limits.
 *
 * `hit` counts after the fact (fine where the counted work is cheap). Where the work is what an attacker
 * wants (a password hash check, a redeem-code comparison), `reserve` counts *before* it, atomically across
 * several keys, and `release` gives the reservation back when the attempt turns out legitimate: however many
 * requests race, at most `limit` of them get past the check in a window.
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
  /** The keys already at their limit (empty when allowed). */
  blocked: string[];
  /** Longest time until a blocked key's window resets; 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; allowed while the count within the window is at most `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /** The current count without adding a hit. */
  peek(key: string, limit: number): Promise<HitResult>;
  /**
   * Atomically: when every key is below its limit, counts one on each (opening a window where none is live)
   * and allows; otherwise counts nothing and refuses, naming the keys at their limit. No partial reservation
   * is ever left behind, so refused requests do not use up the other keys' allowances.
   */
  reserve(specs: LimitSpec[]): Promise<ReserveResult>;
  /** Gives back one count on each key (never below 0, window unchanged): the reserved attempt succeeded. */
  release(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private sweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
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
    let retryAfterMs = 0;
    for (const spec of specs) {
      const w = this.windows.get(spec.key);
      if (w && w.resetAt > now && w.count >= spec.limit) {
        blocked.push(spec.key);
        retryAfterMs = Math.max(retryAfterMs, w.resetAt - now);
      } else if (spec.limit <= 0) {
        blocked.push(spec.key);
        retryAfterMs = Math.max(retryAfterMs, spec.windowMs);
      }
    }
    if (blocked.length > 0) return Promise.resolve({ allowed: false, blocked, retryAfterMs });
    for (const spec of specs) {
      const w = this.windows.get(spec.key);
      if (w && w.resetAt > now) w.count += 1;
      else this.windows.set(spec.key, { count: 1, resetAt: now + spec.windowMs });
    }
    return Promise.resolve({ allowed: true, blocked: [], retryAfterMs: 0 });
  }

  release(keys: string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now && w.count > 0) w.count -= 1;
    }
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  /** Drops expired windows now and then, so memory stays bounded by live keys. */
  private sweep(now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * KEYS: the counters; ARGV: limit and window (ms) per key, in order. Returns {1} when reserved, else
 * {0, longest ttl among the blocked keys, index of each blocked key (1-based)…}. One script, so no other
 * client's INCR can slip between the checks and the increments.
 */
const RESERVE_SCRIPT = `
local blocked = {}
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i - 1])
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= limit then
    blocked[#blocked + 1] = i
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = tonumber(ARGV[2 * i]) end
    if ttl > wait then wait = ttl end
  end
end
if #blocked > 0 then
  local out = {0, wait}
  for _, i in ipairs(blocked) do out[#out + 1] = i end
  return out
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return {1}
`;

/** Decrements each key that still holds a positive count; DECR keeps the key's TTL. */
const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 0 then redis.call('DECR', key) end
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

  async reserve(specs: LimitSpec[]): Promise<ReserveResult> {
    if (specs.length === 0) return { allowed: true, blocked: [], retryAfterMs: 0 };
    const keys = specs.map((s) => this.prefix + s.key);
    const args = specs.flatMap((s) => [String(s.limit), String(s.windowMs)]);
    const reply = (await this.call((r) => r.eval(RESERVE_SCRIPT, keys.length, ...keys, ...args))) as number[];
    if (Number(reply[0]) === 1) return { allowed: true, blocked: [], retryAfterMs: 0 };
    return {
      allowed: false,
      blocked: reply.slice(2).map((i) => specs[Number(i) - 1]!.key),
      retryAfterMs: Number(reply[1]),
    };
  }

  async release(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.call((r) => r.eval(RELEASE_SCRIPT, keys.length, ...keys.map((k) => this.prefix + k)));
  }

  async reset(key: string): Promise<void> {
    await this.call((r) => r.del(this.prefix + key));
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
