import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand.ts';

describe('onDemand', () => {
  it('loads once, and tries again after a failed load', async () => {
    let calls = 0;
    const load = onDemand(() =>
      ++calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(calls),
    );
    await expect(load()).rejects.toThrow(TypeError);
    expect(await load()).toBe(2);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});
