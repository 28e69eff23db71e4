/**
 * Fixed-window counters for rate limits. In memory for one process; in Redis when REDIS_URL is set, so
 * several server instances behind a load balancer share the same limits.
 */
import { Redis } from 'ioredis';

export interface HitResult {
  allowed: boolean;
  count: number;
  /** Time until the window resets. */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; allowed while the count within the window is at most `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /** The current count without adding a hit. */
  peek(key: string, limit: number): Promise<HitResult>;
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

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { allowed: count <= limit, count, retryAfterMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string, limit: number): Promise<HitResult> {
    const k = this.prefix + key;
    const [value, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    const count = Number(value ?? 0);
    return { allowed: count < limit, count, retryAfterMs: ttl > 0 ? ttl : 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}
