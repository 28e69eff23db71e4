import { describe, expect, it } from 'vitest';
import { Playground } from './playground.ts';
import { defaultSettings, type PlaygroundSettings } from './settings.ts';

const settings = (over: Partial<PlaygroundSettings> = {}): PlaygroundSettings => ({
  ...defaultSettings(),
  ...over,
});

function trained(over: Partial<PlaygroundSettings>, epochs: number): Playground {
  const pg = new Playground(settings(over));
  for (let i = 0; i < epochs; i++) pg.step();
  return pg;
}

describe('playground training', () => {
  it.each([1, 2, 3])('learns the circle (seed %i): test loss below 0.1 within 300 epochs', (seed) => {
    const pg = trained({ dataset: 'circle', seed }, 300);
    expect(pg.history[0]!.test).toBeGreaterThan(0.4);
    expect(pg.testLoss).toBeLessThan(0.1);
    expect(pg.trainLoss).toBeLessThan(0.1);
    expect(pg.epoch).toBe(300);
    expect(pg.history).toHaveLength(301);
  });

  it('cannot learn XOR without a hidden layer from x1 and x2 alone, but can with one', () => {
    // A single tanh neuron draws one straight line; XOR needs two.
    for (const learningRate of [0.03, 0.3]) {
      const linear = trained({ dataset: 'xor', hiddenLayers: [], features: ['x1', 'x2'], learningRate }, 300);
      expect(linear.testLoss).toBeGreaterThan(0.4);
      expect(linear.trainLoss).toBeGreaterThan(0.4);
    }
    const hidden = trained({ dataset: 'xor', hiddenLayers: [4], features: ['x1', 'x2'] }, 300);
    expect(hidden.testLoss).toBeLessThan(0.05);
  });

  it('solves XOR without a hidden layer once given the x1·x2 feature', () => {
    const pg = trained({ dataset: 'xor', hiddenLayers: [], features: ['x1TimesX2'] }, 100);
    expect(pg.testLoss).toBeLessThan(0.02);
  });

  it('with linear activations, hidden layers still draw only a straight line (the circle stays unlearnt)', () => {
    expect(trained({ dataset: 'circle', activation: 'linear' }, 200).testLoss).toBeGreaterThan(0.4);
  });

  it('is replayed exactly from the same settings, and restart() replays the run', () => {
    const a = trained({ dataset: 'spiral', seed: 7 }, 20);
    const b = trained({ dataset: 'spiral', seed: 7 }, 20);
    expect(b.history).toEqual(a.history);
    const first = a.history.slice(0, 6);
    a.restart();
    for (let i = 0; i < 5; i++) a.step();
    expect(a.history).toEqual(first);
  });

  it('applies the learning rate live but restarts for a new network shape or data', () => {
    const pg = trained({}, 5);
    expect(
      pg.update({ ...pg.settings, learningRate: 0.1, regularization: 'L2', regularizationRate: 0.01 }),
    ).toBe(false);
    expect(pg.epoch).toBe(5);
    expect(pg.update({ ...pg.settings, hiddenLayers: [3] })).toBe(true);
    expect(pg.epoch).toBe(0);
    pg.step();
    expect(pg.update({ ...pg.settings, noise: 20 })).toBe(true);
    expect(pg.epoch).toBe(0);
  });

  it('trains on drawn points and keeps the network when a point is added', () => {
    const points = [
      { x1: -3, x2: 0, label: -1 },
      { x1: -4, x2: 1, label: -1 },
      { x1: -3.5, x2: -2, label: -1 },
      { x1: 3, x2: 0, label: 1 },
      { x1: 4, x2: -1, label: 1 },
      { x1: 3.5, x2: 2, label: 1 },
    ];
    const pg = new Playground(settings({ dataset: 'custom', points, trainPercent: 90 }));
    expect(pg.train.length + pg.test.length).toBe(6);
    for (let i = 0; i < 200; i++) pg.step();
    expect(pg.trainLoss).toBeLessThan(0.05);
    expect(pg.predict(5, 0)).toBeGreaterThan(0.5);
    expect(pg.predict(-5, 0)).toBeLessThan(-0.5);
    const restarted = pg.update({ ...pg.settings, points: [...points, { x1: 0, x2: 5, label: 1 }] });
    expect(restarted).toBe(false);
    expect(pg.epoch).toBe(200);
    expect(pg.train.length + pg.test.length).toBe(7);
  });

  it('thins a long loss history but keeps the start and the latest epoch', () => {
    const pg = new Playground(settings({ dataset: 'gauss' }), 50);
    for (let i = 0; i < 300; i++) pg.step();
    expect(pg.history.length).toBeLessThanOrEqual(50);
    expect(pg.history.length).toBeGreaterThan(20);
    expect(pg.history[0]!.epoch).toBe(0);
    expect(pg.history.at(-1)!.epoch).toBe(300);
    const epochs = pg.history.map((p) => p.epoch);
    expect([...epochs].sort((a, b) => a - b)).toEqual(epochs);
  });

  it('with no points at all it reports no loss instead of failing', () => {
    const pg = new Playground(settings({ dataset: 'custom', points: [] }));
    pg.step();
    expect(Number.isNaN(pg.trainLoss)).toBe(true);
  });

  it('L1 regularisation switches links off; L2 keeps weights smaller', () => {
    const plain = trained({ dataset: 'gauss', hiddenLayers: [4, 4], learningRate: 0.1 }, 100);
    const l1 = trained(
      {
        dataset: 'gauss',
        hiddenLayers: [4, 4],
        learningRate: 0.1,
        regularization: 'L1',
        regularizationRate: 0.03,
      },
      100,
    );
    const l2 = trained(
      {
        dataset: 'gauss',
        hiddenLayers: [4, 4],
        learningRate: 0.1,
        regularization: 'L2',
        regularizationRate: 0.03,
      },
      100,
    );
    const links = (pg: Playground) => pg.network.flat().flatMap((n) => n.inputLinks);
    const norm = (pg: Playground) => links(pg).reduce((s, l) => s + l.weight ** 2, 0);
    expect(links(plain).filter((l) => l.isDead)).toHaveLength(0);
    expect(links(l1).filter((l) => l.isDead).length).toBeGreaterThan(links(l1).length / 4);
    expect(norm(l2)).toBeLessThan(norm(plain) * 0.5);
    // The easy two-cloud data set is still learnt.
    expect(l1.testLoss).toBeLessThan(0.1);
    expect(l2.testLoss).toBeLessThan(0.1);
  });
});
