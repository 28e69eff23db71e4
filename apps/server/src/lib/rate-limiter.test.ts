import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { LimiterUnavailable, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

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
    // The 10 are still in flight: the key is busy, not blocked.
    expect(results.find((r) => !r.allowed)).toEqual({
      allowed: false,
      blocked: [],
      busy: ['r1'],
      retryAfterMs: 0,
    });
    // Refusals counted nothing: the window holds the 10 reservations.
    expect((await limiter.peek('r1', 10)).count).toBe(10);
    // Kept as failures, they block, with the time left.
    await Promise.all(Array.from({ length: 10 }, () => limiter.commit(['r1'])));
    const refused = await limiter.reserve([{ key: 'r1', limit: 10, windowMs: 60_000 }]);
    expect(refused).toMatchObject({ allowed: false, blocked: ['r1'], busy: [] });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('reserves on several keys all or nothing, and names the keys at their limit', async () => {
    const a = { key: 'r2a', limit: 5, windowMs: 60_000 };
    const b = { key: 'r2b', limit: 1, windowMs: 60_000 };
    expect((await limiter.reserve([a, b])).allowed).toBe(true);
    expect(await limiter.reserve([a, b])).toMatchObject({ allowed: false, blocked: [], busy: ['r2b'] });
    await limiter.commit(['r2a', 'r2b']);
    const refused = await limiter.reserve([a, b]);
    expect(refused).toMatchObject({ allowed: false, blocked: ['r2b'], busy: [] });
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

  it('tells failures from reservations in flight, and a reset keeps only those in flight', async () => {
    const spec = { key: 'r4', limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect((await limiter.reserve([spec])).allowed).toBe(true);
    await limiter.commit(['r4']); // one failure, two in flight
    expect(await limiter.reserve([spec])).toMatchObject({ allowed: false, blocked: [], busy: ['r4'] });
    await limiter.reset('r4'); // the failure is forgotten, the two in flight stay counted
    expect((await limiter.peek('r4', 3)).count).toBe(2);
    expect((await limiter.reserve([spec])).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await limiter.commit(['r4']);
    expect(await limiter.reserve([spec])).toMatchObject({ allowed: false, blocked: ['r4'], busy: [] });
    // Nothing in flight: a reset forgets the key.
    await limiter.reset('r4');
    expect((await limiter.peek('r4', 3)).count).toBe(0);
    // Settling more than was reserved changes nothing.
    await limiter.commit(['r4']);
    await limiter.release(['r4']);
    expect((await limiter.peek('r4', 3)).count).toBe(0);
  });
});

/** A port on this machine where nothing listens: Redis "down". */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('redis rate limiter while Redis is down', () => {
  it('refuses every call with LimiterUnavailable (503, Retry-After) instead of queueing', async () => {
    const limiter = new RedisRateLimiter(`redis://127.0.0.1:${await closedPort()}`, 'down:');
    try {
      const calls = [
        limiter.hit('a', 1, 60_000),
        limiter.peek('a', 1),
        limiter.reserve([{ key: 'a', limit: 1, windowMs: 60_000 }]),
        limiter.release(['a']),
        limiter.commit(['a']),
        limiter.reset('a'),
      ];
      for (const call of calls) {
        const error: unknown = await call.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(LimiterUnavailable);
        expect(error).toMatchObject({ httpStatus: 503, messageKey: 'serviceBusy' });
        expect((error as LimiterUnavailable).headers['retry-after']).toMatch(/^\d+$/);
      }
      // Still refusing later (reconnect attempts keep failing), not hanging in an offline queue.
      await expect(limiter.hit('b', 1, 60_000)).rejects.toBeInstanceOf(LimiterUnavailable);
    } finally {
      await limiter.close();
    }
  });

  // Needs a real Redis to come back to: where REDIS_URL is set (CI).
  const redisUrls = process.env.REDIS_URL ? [process.env.REDIS_URL] : [];
  it.each(redisUrls)('works again by itself when Redis comes back', async (redisUrl) => {
    const port = await closedPort();
    const limiter = new RedisRateLimiter(
      `redis://127.0.0.1:${port}`,
      `back:${randomBytes(4).toString('hex')}:`,
    );
    // "Redis comes back": a relay to the real Redis starts listening on the port the limiter points at.
    const target = new URL(redisUrl);
    const relay = createServer((socket) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    try {
      await expect(limiter.hit('c', 1, 60_000)).rejects.toBeInstanceOf(LimiterUnavailable);
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      let result: Awaited<ReturnType<RateLimiter['hit']>> | undefined;
      for (let attempt = 0; attempt < 100 && !result; attempt++) {
        result = await limiter.hit('c', 1, 60_000).catch(() => undefined);
        if (!result) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(result).toMatchObject({ allowed: true, count: 1 });
      expect((await limiter.hit('c', 1, 60_000)).allowed).toBe(false);
    } finally {
      await limiter.close();
      relay.close();
    }
  });
});
