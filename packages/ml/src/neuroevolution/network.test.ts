import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import {
  activationBuffers,
  cloneGenome,
  forward,
  parameterCount,
  randomGenome,
  sigmoid,
  zeroGenome,
} from './network.ts';

describe('network', () => {
  it('lays out weights as out × in per layer and counts parameters', () => {
    const genome = zeroGenome([3, 6, 1]);
    expect(genome.weights.map((w) => w.length)).toEqual([18, 6]);
    expect(genome.biases.map((b) => b.length)).toEqual([6, 1]);
    expect(parameterCount([3, 6, 1])).toBe(18 + 6 + 6 + 1);
    expect(() => zeroGenome([3])).toThrow(/shape/);
    expect(() => zeroGenome([3, 0, 1])).toThrow(/shape/);
  });

  it('computes tanh hidden units and a sigmoid output by hand', () => {
    const genome = zeroGenome([2, 2, 1]);
    genome.weights[0]!.set([0.5, -1, 2, 0.25]); // neuron 0: 0.5·x0 − x1, neuron 1: 2·x0 + 0.25·x1
    genome.biases[0]!.set([0.1, -0.2]);
    genome.weights[1]!.set([1.5, -0.5]);
    genome.biases[1]!.set([0.3]);
    const acts = activationBuffers(genome.shape);
    const out = forward(genome, [1, 2], acts);
    const h0 = Math.tanh(0.1 + 0.5 - 2);
    const h1 = Math.tanh(-0.2 + 2 + 0.5);
    expect(acts[0]).toEqual(new Float64Array([1, 2]));
    expect(acts[1]![0]).toBeCloseTo(h0, 12);
    expect(acts[1]![1]).toBeCloseTo(h1, 12);
    expect(out[0]).toBeCloseTo(sigmoid(0.3 + 1.5 * h0 - 0.5 * h1), 12);
    expect(sigmoid(0)).toBe(0.5);
  });

  it('draws random genomes from the seed, scaled by 1/√fanIn, and clones deeply', () => {
    const a = randomGenome([3, 6, 1], seededRandom(5));
    const b = randomGenome([3, 6, 1], seededRandom(5));
    const c = randomGenome([3, 6, 1], seededRandom(6));
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    const big = randomGenome([400, 50, 1], seededRandom(1));
    const w = big.weights[0]!;
    const sd = Math.sqrt(w.reduce((s, x) => s + x * x, 0) / w.length);
    expect(sd).toBeGreaterThan(0.9 / 20);
    expect(sd).toBeLessThan(1.1 / 20);
    const copy = cloneGenome(a);
    copy.weights[0]![0] = 99;
    expect(a.weights[0]![0]).not.toBe(99);
  });
});
