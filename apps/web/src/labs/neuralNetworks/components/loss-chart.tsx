import { memo } from 'react';
import type { LossPoint } from '@ai-edu/ml/nn/index.ts';

const WIDTH = 300;
const HEIGHT = 64;
const MAX_POINTS = 300;

/**
 * Polyline points for one series: x by epoch (the history may be thinned), y from 0 (bottom) to `top`; at most
 * about MAX_POINTS points, evenly picked, the latest always included.
 */
function series(history: readonly LossPoint[], pick: (p: LossPoint) => number, top: number): string {
  const first = history[0]?.epoch ?? 0;
  const span = Math.max(1, (history.at(-1)?.epoch ?? 0) - first);
  const stride = Math.max(1, Math.ceil(history.length / MAX_POINTS));
  const coords: string[] = [];
  const add = (point: LossPoint) => {
    const v = pick(point);
    if (!Number.isFinite(v)) return;
    const x = ((point.epoch - first) / span) * WIDTH;
    const y = HEIGHT - (Math.min(v, top) / top) * (HEIGHT - 2) - 1;
    coords.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  };
  for (let i = 0; i < history.length; i += stride) add(history[i] as LossPoint);
  if ((history.length - 1) % stride !== 0 && history.length > 0) add(history.at(-1) as LossPoint);
  return coords.join(' ');
}

/** Training (grey) and test (dark) loss after each epoch, scaled to the largest loss seen. */
export const LossChart = memo(function LossChart({
  history,
  label,
}: {
  history: readonly LossPoint[];
  label: string;
}) {
  let top = 0.1;
  for (const p of history) {
    if (Number.isFinite(p.train)) top = Math.max(top, p.train);
    if (Number.isFinite(p.test)) top = Math.max(top, p.test);
  }
  return (
    <svg
      className="nn-loss-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} className="nn-loss-axis" />
      <polyline points={series(history, (p) => p.train, top)} className="nn-loss-train" />
      <polyline points={series(history, (p) => p.test, top)} className="nn-loss-test" />
    </svg>
  );
});
