import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

// Redis joins the matrix when REDIS_URL is set (CI sets it), like PostgreSQL does with DATABASE_URL.
const limiters: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
if (process.env.REDIS_URL)
  limiters.push([
    'redis',
    () => new RedisRateLimiter(process.env.REDIS_URL!, `test:${randomBytes(4).toString('hex')}:`),
  ]);

describe.each(limiters)('%s rate limiter', (_name, make) => {
  const limiter = make();
  afterAll(() => limiter.close());

  it('allows up to the limit within a window, then refuses with the time left', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k1', 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterMs).toBeGreaterThan(0);
    expect(results[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await limiter.peek('k1', 3)).allowed).toBe(false);
  });

  it('counts keys apart and forgets a key on reset', async () => {
    await limiter.hit('k2', 1, 60_000);
    expect((await limiter.hit('k2', 1, 60_000)).allowed).toBe(false);
    expect((await limiter.hit('k3', 1, 60_000)).allowed).toBe(true);
    await limiter.reset('k2');
    expect((await limiter.peek('k2', 1)).allowed).toBe(true);
  });

  it('opens a new window when the old one has passed', async () => {
    expect((await limiter.hit('k4', 1, 50)).allowed).toBe(true);
    expect((await limiter.hit('k4', 1, 50)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await limiter.hit('k4', 1, 50)).allowed).toBe(true);
  });
});
