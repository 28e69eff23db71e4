/**
 * A small line chart (SVG, no library) for the training curves: one line per series, x = epoch.
 * The y range is 0–1 for accuracy-like values, else 0 to the highest value.
 */
export interface CurveSeries {
  name: string;
  color: string;
  /** y per epoch (index 0 = epoch 1); null = not measured that epoch. */
  values: (number | null)[];
}

const W = 320;
const H = 160;
const PAD = { left: 36, right: 8, top: 8, bottom: 22 };

export function CurveChart({
  title,
  series,
  epochs,
  unitRange = false,
  testId,
}: {
  title: string;
  series: CurveSeries[];
  /** The x axis length (the epochs asked for). */
  epochs: number;
  /** Fix y to 0–1 (accuracy, mAP). */
  unitRange?: boolean;
  testId?: string;
}) {
  const finite = series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const yMax = unitRange ? 1 : Math.max(1e-6, ...finite) * 1.05;
  const n = Math.max(1, epochs);
  const x = (i: number) => PAD.left + ((i + 1) / n) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / yMax) * (H - PAD.top - PAD.bottom);
  return (
    <figure className="model-train-chart" data-testid={testId} style={{ margin: 0 }}>
      <figcaption style={{ fontSize: 13, marginBottom: 4 }}>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={title} style={{ maxWidth: 420 }}>
        <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} stroke="#bbb" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} stroke="#bbb" />
        <text x={PAD.left - 4} y={PAD.top + 8} fontSize="10" textAnchor="end">
          {yMax >= 10 ? yMax.toFixed(0) : yMax.toFixed(2)}
        </text>
        <text x={PAD.left - 4} y={H - PAD.bottom} fontSize="10" textAnchor="end">
          0
        </text>
        <text x={W - PAD.right} y={H - 6} fontSize="10" textAnchor="end">
          {n}
        </text>
        {series.map((s) => {
          const points = s.values
            .map((v, i) =>
              v === null || !Number.isFinite(v) ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`,
            )
            .filter((p): p is string => p !== null);
          return (
            <polyline key={s.name} points={points.join(' ')} fill="none" stroke={s.color} strokeWidth={2}>
              <title>{s.name}</title>
            </polyline>
          );
        })}
      </svg>
      <div style={{ display: 'flex', gap: 12, fontSize: 12 }}>
        {series.map((s) => (
          <span key={s.name}>
            <span style={{ color: s.color }}>■</span> {s.name}
          </span>
        ))}
      </div>
    </figure>
  );
}
