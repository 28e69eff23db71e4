/** The lessons' presets must show what their texts claim, or the lesson teaches something false. */
import { describe, expect, it } from 'vitest';
import { defaultSettings, Playground } from '@ai-edu/ml/nn/index.ts';
import { presetSettings, type PresetId } from './meta.ts';

function train(id: PresetId, epochs: number): Playground {
  const pg = new Playground(presetSettings(id, defaultSettings()));
  for (let i = 0; i < epochs; i++) pg.step();
  return pg;
}

const minTest = (pg: Playground) => Math.min(...pg.history.map((p) => p.test));

describe('lesson presets', () => {
  it('XOR: stuck without a hidden layer, learnt with one or with the X₁X₂ feature', () => {
    expect(train('xorLinear', 300).testLoss).toBeGreaterThan(0.4);
    expect(train('xorHidden', 300).testLoss).toBeLessThan(0.05);
    expect(train('xorFeature', 100).testLoss).toBeLessThan(0.02);
  });

  it('learning rate: 0.001 crawls, 0.03 learns, 3 overshoots and stalls', () => {
    const slow = train('lrSlow', 100);
    const good = train('lrGood', 300);
    const big = train('lrTooBig', 300);
    expect(slow.testLoss).toBeGreaterThan(0.3);
    expect(good.testLoss).toBeLessThan(0.05);
    expect(big.testLoss).toBeGreaterThan(0.3);
    // Too big a step makes the loss jump above where it started.
    expect(Math.max(...big.history.map((p) => p.train))).toBeGreaterThan(big.history[0]!.train + 0.2);
  });

  // Slow-ish: a big network for 600 epochs, scored on 450 test points each time.
  it('overfitting: training loss falls while test loss climbs; L2 keeps test loss lower', () => {
    const overfit = train('overfit', 600);
    expect(overfit.trainLoss).toBeLessThan(0.12);
    expect(overfit.testLoss).toBeGreaterThan(minTest(overfit) + 0.15);
    const l2 = train('overfitL2', 600);
    expect(l2.testLoss).toBeLessThan(overfit.testLoss - 0.1);
  });

  it('spiral: the default network fails, more layers with sin features succeed', () => {
    expect(train('spiral', 300).testLoss).toBeGreaterThan(0.4);
    expect(train('spiralSin', 300).testLoss).toBeLessThan(0.06);
  });

  it('keeps drawn points when a preset is loaded', () => {
    const points = [{ x1: 1, x2: 1, label: 1 }];
    expect(presetSettings('draw', { ...defaultSettings(), points })).toMatchObject({
      dataset: 'custom',
      points,
    });
  });
});
