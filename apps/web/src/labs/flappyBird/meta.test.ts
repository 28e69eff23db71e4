import { describe, expect, it } from 'vitest';
import { niceCeil } from './game/chart.ts';
import { FLAPPY_LAB, parseSeed } from './meta.ts';

describe('flappy bird lab settings', () => {
  it('reads a whole seed from the address and falls back to the default otherwise', () => {
    expect(parseSeed('42')).toBe(42);
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed(String(FLAPPY_LAB.maxSeed))).toBe(FLAPPY_LAB.maxSeed);
    for (const bad of [null, '', ' ', '-1', '1.5', 'abc', String(FLAPPY_LAB.maxSeed + 1)]) {
      expect(parseSeed(bad)).toBe(FLAPPY_LAB.defaultSeed);
    }
  });

  it('keeps the defaults inside their slider ranges', () => {
    const { population, mutationRate } = FLAPPY_LAB;
    expect(population.default).toBeGreaterThanOrEqual(population.min);
    expect(population.default).toBeLessThanOrEqual(population.max);
    expect((population.default - population.min) % population.step).toBe(0);
    expect(mutationRate.default).toBeGreaterThanOrEqual(mutationRate.min);
    expect(mutationRate.default).toBeLessThanOrEqual(mutationRate.max);
  });

  it('rounds chart axes up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 5, 7, 10, 11, 23, 50, 51, 100, 101].map(niceCeil)).toEqual([
      1, 1, 5, 5, 10, 10, 20, 50, 50, 100, 100, 200,
    ]);
  });
});
