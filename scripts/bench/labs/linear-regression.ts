/**
 * Linear regression lab: full-batch gradient-descent steps per second on 1,000 points (one pass over the
 * points per step), and loss-surface grid cells per second (the 64 × 64 map the lab draws, from the
 * points' moments), both in Node.
 */
import {
  domainScaler,
  gradientStep,
  linearData,
  lossGrid,
  surfaceWindow,
  type Line,
} from '../../../packages/ml/src/regression/index.ts';
import { rate } from '../rate.ts';

export const name = 'linear regression';

export async function run(settings: { durationSec: number }) {
  const seconds = Math.max(1, settings.durationSec / 2);
  const scaler = domainScaler({ xMin: 0, xMax: 10, yMin: 0, yMax: 100 });
  const points = linearData({
    seed: 1,
    count: 1000,
    line: { w: 6, b: 35 },
    noise: 8,
    xMin: 0,
    xMax: 10,
  }).map((p) => scaler.toScaled(p));

  let line: Line = { w: 0, b: 0 };
  // Warm up the JIT, then measure; the line is reset now and then so it never sits exactly at the bottom.
  rate(0.2, 100, () => (line = gradientStep(points, line, 0.5).next));
  let steps = 0;
  const stepsPerSec = rate(seconds, 100, () => {
    line = ++steps % 500 === 0 ? { w: 0, b: 0 } : gradientStep(points, line, 0.5).next;
  });

  const window = surfaceWindow([{ w: 0, b: 0 }, line]);
  const cols = 64;
  const rows = 64;
  rate(0.2, 10, () => lossGrid(points, window, cols, rows));
  const gridsPerSec = rate(seconds, 10, () => lossGrid(points, window, cols, rows));

  return [
    { label: 'GD steps/s (1,000 points)', value: stepsPerSec, unit: 'steps/s' },
    {
      label: 'loss-surface cells/s (64×64 grid)',
      value: gridsPerSec * cols * rows,
      unit: 'cells/s',
      note: `${Math.round(gridsPerSec).toLocaleString('en-US')} grids/s incl. moments of 1,000 points`,
    },
  ];
}
