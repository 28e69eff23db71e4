import './loss-accuracy-chart.css';

const W = 360;
const H = 150;
const PAD = { left: 36, right: 36, top: 10, bottom: 22 };
const LOSS_COLOR = '#4f5bff';
const ACCURACY_COLOR = '#14a37f';

/** One finished epoch: its loss and the accuracy the caller chose to show (training or held-out). */
export interface LossAccuracyPoint {
  readonly epoch: number;
  readonly loss: number;
  readonly accuracy: number;
}

export interface LossAccuracyChartProps {
  points: readonly LossAccuracyPoint[];
  /** Epochs planned: the x axis spans them from the start, so the curve grows across the chart. */
  epochs: number;
  labels: { aria: string; empty: string; loss: string; accuracy: string };
}

/**
 * Loss (left axis, solid) and accuracy (right axis 0–100 %, dashed) per epoch, shared by every trainer.
 * Drawn in a fixed viewBox that scales with its panel. Values that are not finite (a diverged run) are skipped.
 */
export function LossAccuracyChart({ points, epochs, labels }: LossAccuracyChartProps) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const losses = points.filter((p) => Number.isFinite(p.loss));
  const accuracies = points.filter((p) => Number.isFinite(p.accuracy));
  const maxLoss = Math.max(0.1, ...losses.map((p) => p.loss));
  const lastEpoch = Math.max(epochs, points.at(-1)?.epoch ?? 0, 1);
  // Epoch 0 may be the untrained model, so the curve starts where learning starts.
  const x = (epoch: number) => PAD.left + (epoch / lastEpoch) * innerW;
  const yLoss = (loss: number) => PAD.top + innerH - (loss / maxLoss) * innerH;
  const yAcc = (accuracy: number) => PAD.top + innerH - accuracy * innerH;
  const path = (values: readonly LossAccuracyPoint[], y: (p: LossAccuracyPoint) => number) =>
    values.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.epoch).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  const first = losses[0];

  return (
    <figure className="loss-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={labels.aria}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={PAD.top + innerH * (1 - f)}
              y2={PAD.top + innerH * (1 - f)}
              className="loss-chart-grid"
            />
            <text
              x={PAD.left - 6}
              y={PAD.top + innerH * (1 - f) + 4}
              textAnchor="end"
              className="loss-chart-tick"
            >
              {(maxLoss * f).toFixed(maxLoss * f >= 10 ? 0 : 2)}
            </text>
            <text
              x={W - PAD.right + 6}
              y={PAD.top + innerH * (1 - f) + 4}
              className="loss-chart-tick"
              fill={ACCURACY_COLOR}
            >
              {Math.round(f * 100)}%
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 6} className="loss-chart-tick">
          0
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" className="loss-chart-tick">
          {lastEpoch}
        </text>
        {points.length > 0 ? (
          <>
            <path
              d={path(accuracies, (p) => yAcc(p.accuracy))}
              className="loss-chart-accuracy"
              stroke={ACCURACY_COLOR}
            />
            <path d={path(losses, (p) => yLoss(p.loss))} className="loss-chart-loss" stroke={LOSS_COLOR} />
            {losses.length === 1 && first && (
              <circle cx={x(first.epoch)} cy={yLoss(first.loss)} r={3} fill={LOSS_COLOR} />
            )}
          </>
        ) : (
          <text
            x={PAD.left + innerW / 2}
            y={PAD.top + innerH / 2}
            textAnchor="middle"
            className="loss-chart-empty"
          >
            {labels.empty}
          </text>
        )}
      </svg>
      <figcaption className="loss-chart-legend">
        <span>
          <i style={{ background: LOSS_COLOR }} /> {labels.loss}
        </span>
        <span>
          <i className="loss-chart-dashed" style={{ borderColor: ACCURACY_COLOR }} /> {labels.accuracy}
        </span>
      </figcaption>
    </figure>
  );
}
