import { useEffect, useRef, useState } from 'react';
import type { EpochPoint } from '../worker-protocol.ts';

export interface AccuracyChartProps {
  points: readonly EpochPoint[];
  epochs: number;
  labels: { aria: string; empty: string; test: string; train: string; epoch: string };
  formatPercent: (value: number) => string;
}

const H = 240;
const PAD = { left: 44, right: 16, top: 14, bottom: 38 };
const TEST = '#3a3fd8';
const TRAIN = '#14a37f';

/** The width of an element, followed as it changes (`fallback` until measured). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(260, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Test (solid) and training (dashed) accuracy after each epoch, 0–100 %. Drawn at the width of its box, one
 * unit per pixel, so its texts keep their size on a phone and on a projector.
 */
export function AccuracyChart({ points, epochs, labels, formatPercent }: AccuracyChartProps) {
  const { ref, width: W } = useWidth(520);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const last = Math.max(epochs, points.at(-1)?.epoch ?? 0, 1);
  const x = (epoch: number) => PAD.left + (epoch / last) * innerW;
  const y = (accuracy: number) => PAD.top + innerH * (1 - accuracy);
  const line = (values: { epoch: number; value: number }[]) =>
    values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(v.epoch).toFixed(1)},${y(v.value).toFixed(1)}`).join(' ');
  const test = points.map((p) => ({ epoch: p.epoch, value: p.test }));
  const train = points.flatMap((p) => (p.train === undefined ? [] : [{ epoch: p.epoch, value: p.train }]));
  const tickStep = last <= 10 ? 1 : Math.ceil(last / 10);
  const ticks = Array.from({ length: Math.floor(last / tickStep) + 1 }, (_, i) => i * tickStep);
  const final = points.at(-1);

  return (
    <figure className="np-chart" ref={ref}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={labels.aria}>
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(f)} y2={y(f)} className="np-chart-grid" />
            <text x={PAD.left - 8} y={y(f) + 4} textAnchor="end" className="np-chart-tick">
              {Math.round(f * 100)}%
            </text>
          </g>
        ))}
        {ticks.map((epoch) => (
          <text
            key={epoch}
            x={x(epoch)}
            y={H - PAD.bottom + 18}
            textAnchor="middle"
            className="np-chart-tick"
          >
            {epoch}
          </text>
        ))}
        <text x={PAD.left + innerW / 2} y={H - 4} textAnchor="middle" className="np-chart-axis">
          {labels.epoch}
        </text>
        {points.length === 0 ? (
          <text
            x={PAD.left + innerW / 2}
            y={PAD.top + innerH / 2}
            textAnchor="middle"
            className="np-chart-empty"
          >
            {labels.empty}
          </text>
        ) : (
          <>
            {train.length > 1 && (
              <path d={line(train)} className="np-chart-line np-chart-train" stroke={TRAIN} />
            )}
            <path d={line(test)} className="np-chart-line" stroke={TEST} />
            {test.map((p) => (
              <circle key={p.epoch} cx={x(p.epoch)} cy={y(p.value)} r={4} fill={TEST} />
            ))}
            {final && (
              <text
                x={Math.min(x(final.epoch), W - PAD.right - 4)}
                y={Math.max(y(final.test) - 10, PAD.top + 10)}
                textAnchor={final.epoch === 0 ? 'start' : 'end'}
                className="np-chart-label"
                fill={TEST}
              >
                {formatPercent(final.test)}
              </text>
            )}
          </>
        )}
      </svg>
      <figcaption className="np-chart-legend">
        <span>
          <i style={{ background: TEST }} /> {labels.test}
        </span>
        <span>
          <i className="np-legend-dashed" style={{ borderColor: TRAIN }} /> {labels.train}
        </span>
      </figcaption>
    </figure>
  );
}
