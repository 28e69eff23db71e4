import type { EpochReport } from '@ai-edu/ml/text/index.ts';

const W = 360;
const H = 150;
const PAD = { left: 36, right: 36, top: 10, bottom: 22 };
const LOSS_COLOR = '#4f5bff';
const ACCURACY_COLOR = '#14a37f';

export interface LossChartProps {
  history: readonly EpochReport[];
  epochs: number;
  labels: { aria: string; empty: string; loss: string; accuracy: string };
}

/**
 * Loss (left axis) and the share of training examples classified right (right axis, 0–100 %) per epoch.
 * Drawn in a fixed viewBox that scales with the panel.
 */
export function LossChart({ history, epochs, labels }: LossChartProps) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const maxLoss = Math.max(0.1, ...history.map((h) => h.loss));
  const lastEpoch = Math.max(epochs, history.at(-1)?.epoch ?? 0, 1);
  // Epoch 0 is the untrained model, so the curve starts where learning starts.
  const x = (epoch: number) => PAD.left + (epoch / lastEpoch) * innerW;
  const yLoss = (loss: number) => PAD.top + innerH - (loss / maxLoss) * innerH;
  const yAcc = (accuracy: number) => PAD.top + innerH - accuracy * innerH;
  const path = (y: (h: EpochReport) => number) =>
    history.map((h, i) => `${i === 0 ? 'M' : 'L'}${x(h.epoch).toFixed(1)},${y(h).toFixed(1)}`).join(' ');
  const ticks = [0, 0.5, 1];

  return (
    <figure className="tt-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={labels.aria}>
        {ticks.map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={PAD.top + innerH * (1 - f)}
              y2={PAD.top + innerH * (1 - f)}
              className="tt-chart-grid"
            />
            <text
              x={PAD.left - 6}
              y={PAD.top + innerH * (1 - f) + 4}
              textAnchor="end"
              className="tt-chart-tick"
            >
              {(maxLoss * f).toFixed(maxLoss * f >= 10 ? 0 : 2)}
            </text>
            <text
              x={W - PAD.right + 6}
              y={PAD.top + innerH * (1 - f) + 4}
              className="tt-chart-tick"
              fill={ACCURACY_COLOR}
            >
              {Math.round(f * 100)}%
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 6} className="tt-chart-tick">
          0
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" className="tt-chart-tick">
          {lastEpoch}
        </text>
        {history.length > 0 ? (
          <>
            <path d={path((h) => yAcc(h.accuracy))} className="tt-chart-accuracy" stroke={ACCURACY_COLOR} />
            <path d={path((h) => yLoss(h.loss))} className="tt-chart-loss" stroke={LOSS_COLOR} />
            {history.length === 1 && (
              <circle cx={x(history[0]!.epoch)} cy={yLoss(history[0]!.loss)} r={3} fill={LOSS_COLOR} />
            )}
          </>
        ) : (
          <text
            x={PAD.left + innerW / 2}
            y={PAD.top + innerH / 2}
            textAnchor="middle"
            className="tt-chart-empty"
          >
            {labels.empty}
          </text>
        )}
      </svg>
      <figcaption className="tt-chart-legend">
        <span>
          <i style={{ background: LOSS_COLOR }} /> {labels.loss}
        </span>
        <span>
          <i className="tt-legend-dashed" style={{ borderColor: ACCURACY_COLOR }} /> {labels.accuracy}
        </span>
      </figcaption>
    </figure>
  );
}
