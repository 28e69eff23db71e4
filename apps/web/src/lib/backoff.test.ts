import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfter, retryWithBackoff } from './backoff.ts';

describe('backoff', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50, 5000].map((retry) => backoffDelayMs(retry))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });

  it('believes a Retry-After, up to 5 minutes', () => {
    expect(backoffDelayMs(4, 3000)).toBe(3000);
    expect(backoffDelayMs(0, 3_600_000)).toBe(300_000);
    expect(parseRetryAfter('12')).toBe(12_000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT')).toBeNull();
  });

  it('retries until the task succeeds, waiting between attempts', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWithBackoff(
      () => (++calls < 4 ? Promise.reject(new Error(`fail ${calls}`)) : Promise.resolve('done')),
      { shouldRetry: () => true, wait: (ms) => Promise.resolve(void waits.push(ms)) },
    );
    expect(result).toBe('done');
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('throws the first error it may not retry, and asks again after each wait', async () => {
    const final = new Error('final');
    await expect(
      retryWithBackoff(() => Promise.reject(final), {
        shouldRetry: () => false,
        wait: () => Promise.resolve(),
      }),
    ).rejects.toBe(final);

    let allowed = true;
    let calls = 0;
    const stopped = retryWithBackoff(
      () => {
        calls += 1;
        return Promise.reject(new Error('busy'));
      },
      {
        shouldRetry: () => allowed,
        wait: () => {
          allowed = false;
          return Promise.resolve();
        },
      },
    );
    await expect(stopped).rejects.toThrow('busy');
    expect(calls).toBe(1);
  });
});
