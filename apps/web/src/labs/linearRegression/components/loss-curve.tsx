import { useMemo } from 'react';
import { niceTicks } from '../model.ts';
import { COLORS } from './colors.ts';
import { useElementWidth } from './use-element-width.ts';

export interface LossCurveProps {
  /** The loss after each step (real units). */
  losses: readonly number[];
  /** The least-squares loss: the floor the curve should reach. */
  minimum: number;
  stepLabel: string;
  lossLabel: string;
  minimumLabel: string;
}

const MARGIN = { top: 12, right: 14, bottom: 40, left: 56 };
const MAX_DRAWN = 400;

/**
 * The loss by step on a log scale, so both a fall by orders of magnitude and a blow-up stay readable,
 * with the least-squares minimum as a dashed floor.
 */
export function LossCurve({ losses, minimum, stepLabel, lossLabel, minimumLabel }: LossCurveProps) {
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(320);
  const height = Math.round(Math.min(340, Math.max(200, width * 0.8)));
  const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotH = height - MARGIN.top - MARGIN.bottom;

  const view = useMemo(() => {
    const values = losses.filter((v) => Number.isFinite(v) && v > 0);
    const floor = minimum > 0 ? minimum : Math.min(...values, 1);
    const lo = Math.log10(Math.max(1e-12, Math.min(floor, ...values)));
    const hi = Math.log10(Math.max(floor, ...values, 1e-12));
    // At least one decade tall, with a little room above and below.
    const span = Math.max(hi - lo, 1);
    const mid = (hi + lo) / 2;
    return { lo: mid - span * 0.55, hi: mid + span * 0.55, steps: Math.max(10, losses.length - 1) };
  }, [losses, minimum]);

  const x = (i: number) => MARGIN.left + (i / view.steps) * plotW;
  const y = (v: number) =>
    MARGIN.top + (1 - (Math.log10(Math.max(v, 1e-300)) - view.lo) / (view.hi - view.lo)) * plotH;
  const clampY = (v: number) => Math.min(MARGIN.top + plotH, Math.max(MARGIN.top, y(v)));

  // A loss of exactly 0 (no points, or points on a line reached exactly) has no place on a log scale.
  const drawable = (v: number) => Number.isFinite(v) && v > 0;
  const every = Math.max(1, Math.ceil(losses.length / MAX_DRAWN));
  const line = losses
    .map((v, i) => [i, v] as const)
    .filter(([i, v]) => drawable(v) && (i % every === 0 || i === losses.length - 1))
    .map(([i, v]) => `${x(i).toFixed(1)},${clampY(v).toFixed(1)}`)
    .join(' ');

  const decades = niceTicks(Math.ceil(view.lo), Math.floor(view.hi), 4).filter(Number.isInteger);
  const stepTicks = niceTicks(0, view.steps, Math.max(2, Math.round(plotW / 70)));

  return (
    <div ref={wrapRef} className="lr-curve">
      <svg width={width} height={height} className="lr-svg" data-testid="lr-loss-curve">
        <rect x={MARGIN.left} y={MARGIN.top} width={plotW} height={plotH} className="lr-plot-area" />
        {decades.map((d) => (
          <g key={d} className="lr-tick">
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + plotW}
              y1={y(10 ** d)}
              y2={y(10 ** d)}
              stroke={COLORS.grid}
            />
            <text x={MARGIN.left - 6} y={y(10 ** d) + 4} textAnchor="end">
              {decadeLabel(d)}
            </text>
          </g>
        ))}
        {stepTicks.map((t) => (
          <text key={t} className="lr-tick" x={x(t)} y={MARGIN.top + plotH + 16} textAnchor="middle">
            {t}
          </text>
        ))}
        {minimum > 0 && (
          <g>
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + plotW}
              y1={y(minimum)}
              y2={y(minimum)}
              stroke={COLORS.ls}
              strokeWidth={2}
              strokeDasharray="7 5"
            />
            <text className="lr-curve-min" x={MARGIN.left + plotW - 4} y={y(minimum) - 5} textAnchor="end">
              {minimumLabel}
            </text>
          </g>
        )}
        {losses.length > 1 && (
          <polyline points={line} fill="none" stroke={COLORS.gd} strokeWidth={2.5} strokeLinejoin="round" />
        )}
        {losses.length > 0 && drawable(losses.at(-1)!) && (
          <circle cx={x(losses.length - 1)} cy={clampY(losses.at(-1)!)} r={4} fill={COLORS.gd} />
        )}
        <text className="lr-axis-title" x={MARGIN.left + plotW / 2} y={height - 4} textAnchor="middle">
          {stepLabel}
        </text>
        <text
          className="lr-axis-title"
          transform={`translate(12 ${MARGIN.top + plotH / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {lossLabel}
        </text>
      </svg>
    </div>
  );
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** 10^d as a plain number when short (0.01 … 1000), else as 10 with a superscript exponent. */
function decadeLabel(d: number): string {
  if (d >= -2 && d <= 3) return String(10 ** d);
  const digits = String(Math.abs(d))
    .split('')
    .map((c) => SUPERSCRIPT[Number(c)])
    .join('');
  return `10${d < 0 ? '⁻' : ''}${digits}`;
}
