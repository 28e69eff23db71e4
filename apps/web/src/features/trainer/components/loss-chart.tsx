import type { EpochReport } from '@ai-edu/ml/trainer/index.ts';

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

/** Training loss (left axis) and held-out accuracy (right axis, 0–100 %) per epoch. */
export function LossChart({ history, epochs, labels }: LossChartProps) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const maxLoss = Math.max(0.1, ...history.map((h) => (Number.isFinite(h.loss) ? h.loss : 0)));
  const lastEpoch = Math.max(epochs, history.at(-1)?.epoch ?? 0, 1);
  const x = (epoch: number) => PAD.left + (epoch / lastEpoch) * innerW;
  const yLoss = (loss: number) => PAD.top + innerH - (loss / maxLoss) * innerH;
  const yAcc = (accuracy: number) => PAD.top + innerH - accuracy * innerH;
  const path = (values: { epoch: number; y: number }[]) =>
    values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(v.epoch).toFixed(1)},${v.y.toFixed(1)}`).join(' ');
  const accuracy = history.flatMap((h) => {
    const a = h.testAccuracy ?? h.accuracy;
    return Number.isFinite(a) ? [{ epoch: h.epoch, y: yAcc(a) }] : [];
  });
  return (
    <figure className="trainer-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={labels.aria}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={PAD.top + innerH * (1 - f)}
              y2={PAD.top + innerH * (1 - f)}
              className="trainer-chart-grid"
            />
            <text
              x={PAD.left - 6}
              y={PAD.top + innerH * (1 - f) + 4}
              textAnchor="end"
              className="trainer-chart-tick"
            >
              {(maxLoss * f).toFixed(2)}
            </text>
            <text
              x={W - PAD.right + 6}
              y={PAD.top + innerH * (1 - f) + 4}
              className="trainer-chart-tick"
              fill={ACCURACY_COLOR}
            >
              {Math.round(f * 100)}%
            </text>
          </g>
        ))}
        {history.length > 0 ? (
          <>
            <path
              d={path(accuracy)}
              fill="none"
              stroke={ACCURACY_COLOR}
              strokeWidth={2}
              strokeDasharray="4 3"
            />
            <path
              d={path(history.map((h) => ({ epoch: h.epoch, y: yLoss(h.loss) })))}
              fill="none"
              stroke={LOSS_COLOR}
              strokeWidth={2}
            />
          </>
        ) : (
          <text
            x={PAD.left + innerW / 2}
            y={PAD.top + innerH / 2}
            textAnchor="middle"
            className="trainer-chart-tick"
          >
            {labels.empty}
          </text>
        )}
      </svg>
      <figcaption className="trainer-chart-legend">
        <span>
          <i style={{ background: LOSS_COLOR }} /> {labels.loss}
        </span>
        <span>
          <i style={{ background: ACCURACY_COLOR }} /> {labels.accuracy}
        </span>
      </figcaption>
    </figure>
  );
}
