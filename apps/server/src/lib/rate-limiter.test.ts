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

  it('reserves before the work: of 200 racing reservations exactly the limit get through', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, () => limiter.reserve([{ key: 'r1', limit: 10, windowMs: 60_000 }])),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.blocked).toEqual(['r1']);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Refusals counted nothing: the window holds the 10 reservations.
    expect((await limiter.peek('r1', 10)).count).toBe(10);
  });

  it('reserves on several keys all or nothing, and names the keys at their limit', async () => {
    const a = { key: 'r2a', limit: 5, windowMs: 60_000 };
    const b = { key: 'r2b', limit: 1, windowMs: 60_000 };
    expect((await limiter.reserve([a, b])).allowed).toBe(true);
    const refused = await limiter.reserve([a, b]);
    expect(refused).toMatchObject({ allowed: false, blocked: ['r2b'] });
    expect((await limiter.peek('r2a', 5)).count).toBe(1);
    expect((await limiter.reserve([a])).allowed).toBe(true);
    expect((await limiter.peek('r2a', 5)).count).toBe(2);
  });

  it('releases a reservation, never below zero', async () => {
    const spec = { key: 'r3', limit: 1, windowMs: 60_000 };
    expect((await limiter.reserve([spec])).allowed).toBe(true);
    expect((await limiter.reserve([spec])).allowed).toBe(false);
    await limiter.release(['r3']);
    await limiter.release(['r3', 'r3-never-seen']);
    expect((await limiter.peek('r3', 1)).count).toBe(0);
    expect((await limiter.peek('r3-never-seen', 1)).count).toBe(0);
    expect((await limiter.reserve([spec])).allowed).toBe(true);
    expect((await limiter.reserve([spec])).allowed).toBe(false);
  });
});
