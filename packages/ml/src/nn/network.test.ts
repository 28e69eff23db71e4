import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { ACTIVATIONS, SQUARE_ERROR, type ActivationName } from './functions.ts';
import {
  backProp,
  buildNetwork,
  forEachNeuron,
  forwardProp,
  updateWeights,
  type Network,
} from './network.ts';

const examples = [
  { inputs: [0.5, -1.2, 0.3], label: 1 },
  { inputs: [-2, 0.7, 1.1], label: -1 },
  { inputs: [1.5, 1.5, -0.4], label: 1 },
];

function net(activation: ActivationName, hidden: number[], seed = 3): Network {
  return buildNetwork({
    shape: [3, ...hidden, 1],
    activation: ACTIVATIONS[activation],
    outputActivation: ACTIVATIONS.tanh,
    inputIds: ['a', 'b', 'c'],
    rng: seededRandom(seed),
  });
}

/** Σ ½(output − label)² over the examples, with the network's current weights. */
function totalError(network: Network): number {
  return examples.reduce((s, e) => s + SQUARE_ERROR.error(forwardProp(network, e.inputs), e.label), 0);
}

describe('network', () => {
  it('computes a forward pass by hand', () => {
    const network = buildNetwork({
      shape: [2, 1],
      activation: ACTIVATIONS.linear,
      outputActivation: ACTIVATIONS.tanh,
      inputIds: ['x1', 'x2'],
      rng: () => 0.75, // every weight 0.25
    });
    // z = 0.1 + 0.25·2 + 0.25·(−1) = 0.35
    expect(forwardProp(network, [2, -1])).toBeCloseTo(Math.tanh(0.35), 12);
    expect(() => forwardProp(network, [1])).toThrow();
  });

  it('builds the same network from the same seed, and links every neuron to the next layer', () => {
    const a = net('tanh', [4, 2]);
    const b = net('tanh', [4, 2]);
    const weights = (n: Network) => n.flat().flatMap((neuron) => neuron.inputLinks.map((l) => l.weight));
    expect(weights(a)).toEqual(weights(b));
    expect(weights(a)).not.toEqual(weights(net('tanh', [4, 2], 4)));
    expect(weights(a)).toHaveLength(3 * 4 + 4 * 2 + 2 * 1);
    expect(a.map((layer) => layer.length)).toEqual([3, 4, 2, 1]);
    expect(a[1]?.[0]?.inputLinks.map((l) => l.id)).toEqual(['a-1_0', 'b-1_0', 'c-1_0']);
  });

  // Back propagation must agree with the slope measured by nudging each weight: (E(w+h) − E(w−h)) / 2h.
  it.each<[ActivationName, number[]]>([
    ['tanh', [4, 3]],
    ['sigmoid', [5]],
    ['linear', [2, 2, 2]],
    ['relu', [6, 4]],
  ])('gradient check: backprop matches numerical slopes (%s, hidden %j)', (activation, hidden) => {
    const network = net(activation, hidden);
    for (const e of examples) {
      forwardProp(network, e.inputs);
      backProp(network, e.label);
    }
    const h = 1e-6;
    let worst = 0;
    let checked = 0;
    forEachNeuron(network, (neuron) => {
      const params: { get: () => number; set: (v: number) => void; analytic: number }[] = [
        { get: () => neuron.bias, set: (v) => (neuron.bias = v), analytic: neuron.accInputDer },
        ...neuron.inputLinks.map((link) => ({
          get: () => link.weight,
          set: (v: number) => (link.weight = v),
          analytic: link.accErrorDer,
        })),
      ];
      for (const p of params) {
        const w = p.get();
        p.set(w + h);
        const up = totalError(network);
        p.set(w - h);
        const down = totalError(network);
        p.set(w);
        const numeric = (up - down) / (2 * h);
        const diff =
          Math.abs(numeric - p.analytic) / Math.max(1e-3, Math.abs(numeric) + Math.abs(p.analytic));
        worst = Math.max(worst, diff);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(10);
    expect(worst).toBeLessThan(1e-5);
  });

  it('a gradient step lowers the error, and clears the accumulators', () => {
    const network = net('tanh', [4]);
    const before = totalError(network);
    for (const e of examples) {
      forwardProp(network, e.inputs);
      backProp(network, e.label);
    }
    updateWeights(network, 0.05, 'none', 0);
    expect(totalError(network)).toBeLessThan(before);
    forEachNeuron(network, (neuron) => {
      expect(neuron.numAccumulatedDers).toBe(0);
      for (const link of neuron.inputLinks) expect(link.accErrorDer).toBe(0);
    });
  });

  it('L2 shrinks weights in proportion; L1 moves them by a fixed step and kills those crossing zero', () => {
    const l2 = net('tanh', [2]);
    const link2 = l2[1]![0]!.inputLinks[0]!;
    link2.weight = 0.4;
    updateWeights(l2, 0.1, 'L2', 0.5); // w − 0.1·0.5·w
    expect(link2.weight).toBeCloseTo(0.38, 12);

    const l1 = net('tanh', [2]);
    const [big, small] = l1[1]![0]!.inputLinks;
    big!.weight = 0.4;
    small!.weight = 0.02;
    updateWeights(l1, 0.1, 'L1', 0.5); // step 0.05 towards 0
    expect(big!.weight).toBeCloseTo(0.35, 12);
    expect(small!.weight).toBe(0);
    expect(small!.isDead).toBe(true);
    // A dead link no longer learns.
    forwardProp(l1, [1, 1, 1]);
    backProp(l1, 1);
    updateWeights(l1, 1, 'none', 0);
    expect(small!.weight).toBe(0);
  });
});
