import { describe, expect, it } from 'vitest';
import { cellCentre, computeHeatmaps } from './heatmap.ts';
import { Playground } from './playground.ts';
import { defaultSettings } from './settings.ts';

describe('heat maps', () => {
  it('hold the prediction at each cell centre, top row first', () => {
    const pg = new Playground({ ...defaultSettings(), features: ['x1', 'x2', 'x1Squared'] });
    for (let i = 0; i < 20; i++) pg.step();
    const res = 12;
    const maps = computeHeatmaps(pg.network, pg.settings.features, res);
    expect(maps.output).toHaveLength(res * res);
    for (const [row, col] of [
      [0, 0],
      [3, 7],
      [11, 11],
    ] as const) {
      const x1 = cellCentre(col, res);
      const x2 = -cellCentre(row, res);
      expect(maps.output[row * res + col]).toBeCloseTo(pg.predict(x1, x2), 5);
    }
    expect(cellCentre(0, res)).toBeCloseTo(-5.5);
    expect(cellCentre(res - 1, res)).toBeCloseTo(5.5);
  });

  it('has a map per neuron, inputs scaled to [−1, 1]', () => {
    const pg = new Playground({ ...defaultSettings(), features: ['x1', 'x2Squared'], hiddenLayers: [3] });
    const res = 10;
    const maps = computeHeatmaps(pg.network, pg.settings.features, res);
    expect([...maps.neurons.keys()]).toEqual(['x1', 'x2Squared', '1_0', '1_1', '1_2', '2_0']);
    const x1 = maps.neurons.get('x1')!;
    expect(x1[0]).toBeCloseTo(-1, 5); // left edge
    expect(x1[res - 1]).toBeCloseTo(1, 5); // right edge
    const sq = maps.neurons.get('x2Squared')!;
    expect(sq[0]).toBeCloseTo(1, 5); // top row: x2² largest
    expect(Math.max(...maps.neurons.get('1_0')!.map(Math.abs))).toBeLessThanOrEqual(1);
  });
});
