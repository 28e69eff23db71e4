import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { decayedEpsilon, QLearner } from './q-learning.ts';

const learner = (options: Partial<ConstructorParameters<typeof QLearner>[0]> = {}, seed = 1) =>
  new QLearner({ states: 2, actions: 4, ...options }, seededRandom(seed));

describe('QLearner', () => {
  it('applies Q ← Q + α (r + γ·max Q(next) − Q), without the future when done', () => {
    const q = learner({ states: 2, actions: 2, alpha: 0.5, gamma: 0.9 });
    q.q.set([2, 4], 2); // Q(1, ·) = [2, 4]: the best from state 1 is worth 4
    // target = −1 + 0.9 · 4 = 2.6; Q(0, 1) = 0 + 0.5 · (2.6 − 0) = 1.3
    expect(q.update(0, 1, -1, 1, false)).toBeCloseTo(2.6, 12);
    expect(q.get(0, 1)).toBeCloseTo(1.3, 12);
    // done: target = 10 alone; Q(0, 1) = 1.3 + 0.5 · (10 − 1.3) = 5.65
    q.update(0, 1, 10, 1, true);
    expect(q.get(0, 1)).toBeCloseTo(5.65, 12);
    expect(q.get(0, 0)).toBe(0);
    expect(q.value(0)).toBeCloseTo(5.65, 12);
    expect(q.value(1)).toBe(4);
  });

  it('with α = 1 replaces the guess by the target; with γ = 0 ignores the future', () => {
    const q = learner({ states: 2, actions: 2, alpha: 1, gamma: 0 });
    q.q.set([7, 9], 2);
    q.update(0, 0, 3, 1, false);
    expect(q.get(0, 0)).toBe(3);
    q.gamma = 0.5;
    q.update(0, 0, 3, 1, false);
    expect(q.get(0, 0)).toBe(3 + 0.5 * 9);
  });

  it('with ε = 0 always takes the best action', () => {
    const q = learner({ epsilon: 0 });
    q.q.set([0, 1, 5, 2], 0);
    for (let i = 0; i < 500; i++) expect(q.act(0)).toBe(2);
    expect(q.best(0)).toBe(2);
    expect(q.greedy(0)).toBe(2);
  });

  it('with ε = 1 tries every action about equally often', () => {
    const q = learner({ epsilon: 1 });
    q.q.set([0, 1, 5, 2], 0);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[q.act(0)]!++;
    for (const count of counts) expect(count).toBeGreaterThan(850);
  });

  it('breaks ties at random, among the tied actions only', () => {
    const q = learner({ epsilon: 0 });
    q.q.set([3, -1, 3, 3], 0);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[q.best(0)]!++;
    expect(counts[1]).toBe(0);
    for (const a of [0, 2, 3]) expect(counts[a]).toBeGreaterThan(850);
    expect(q.greedy(0)).toBe(0);
  });

  it('lets α, γ and ε change while learning, and refuses rates outside [0, 1]', () => {
    const q = learner();
    q.alpha = 0.1;
    q.gamma = 0.99;
    q.epsilon = 0;
    expect([q.alpha, q.gamma, q.epsilon]).toEqual([0.1, 0.99, 0]);
    expect(() => (q.alpha = 1.5)).toThrow(/alpha/);
    expect(() => (q.epsilon = -0.1)).toThrow(/epsilon/);
    expect(() => (q.gamma = Number.NaN)).toThrow(/gamma/);
    expect(() => learner({ states: 0 })).toThrow(/states/);
    expect(() => q.act(2)).toThrow(/state 2/);
    expect(() => q.update(0, 4, 0, 1, false)).toThrow(/action 4/);
  });

  it('round-trips through JSON and rejects damaged JSON', () => {
    const q = learner({ alpha: 0.3, gamma: 0.8, epsilon: 0.05 });
    q.q.set([1, -2.5, 3, 0.125, 4, 5, -6, 7]);
    const json = JSON.parse(JSON.stringify(q)) as ReturnType<QLearner['toJSON']>;
    const back = QLearner.fromJSON(json, seededRandom(2));
    expect(Array.from(back.q)).toEqual(Array.from(q.q));
    expect([back.states, back.actions, back.alpha, back.gamma, back.epsilon]).toEqual([2, 4, 0.3, 0.8, 0.05]);

    expect(() => QLearner.fromJSON(null, seededRandom(2))).toThrow(/object/);
    expect(() => QLearner.fromJSON({ ...json, kind: 'genome' }, seededRandom(2))).toThrow(/kind/);
    expect(() => QLearner.fromJSON({ ...json, q: json.q.slice(1) }, seededRandom(2))).toThrow(/8 numbers/);
    expect(() => QLearner.fromJSON({ ...json, q: [...json.q.slice(1), 'x'] }, seededRandom(2))).toThrow(
      /entry 7/,
    );
    expect(() => QLearner.fromJSON({ ...json, alpha: 2 }, seededRandom(2))).toThrow(/alpha/);
    expect(() => QLearner.fromJSON({ ...json, states: '2' }, seededRandom(2))).toThrow(/states/);
    expect(() => QLearner.fromJSON({ ...json, actions: 2.5 }, seededRandom(2))).toThrow(/actions/);
  });

  it('fades exploration geometrically down to a floor', () => {
    expect(decayedEpsilon(1, 0.05, 0.5, 0)).toBe(1);
    expect(decayedEpsilon(1, 0.05, 0.5, 2)).toBe(0.25);
    expect(decayedEpsilon(1, 0.05, 0.5, 10)).toBe(0.05);
  });
});
