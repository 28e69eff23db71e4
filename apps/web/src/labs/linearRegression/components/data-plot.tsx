import { useEffect, useId, useRef, type PointerEvent } from 'react';
import type { Domain, Line, Point } from '@ai-edu/ml/regression/index.ts';
import { formatNumber, niceTicks } from '../model.ts';
import { COLORS } from './colors.ts';
import { useElementWidth } from './use-element-width.ts';

export interface DataPlotProps {
  points: readonly Point[];
  domain: Domain;
  xLabel: string;
  yLabel: string;
  /** The line of gradient descent (real units). */
  gdLine: Line;
  /** The least-squares line (real units), when there is one to show. */
  lsLine: Line | null;
  showResiduals: boolean;
  ariaLabel: string;
  emptyHint: string;
  onAdd: (p: Point) => void;
  onMove: (index: number, p: Point) => void;
  onRemove: (index: number) => void;
}

const MARGIN = { top: 16, right: 18, bottom: 46, left: 60 };
/** Pointer travel (px) below which a press on a point is a tap (remove) rather than a drag. */
const TAP_SLOP = 5;

interface Drag {
  index: number;
  pointerId: number;
  x: number;
  y: number;
  moved: boolean;
}

/**
 * The data chart: points in real units, the current line of gradient descent (solid), the least-squares
 * line (dashed) and the errors (vertical gaps). A tap on empty space adds a point, a tap on a point removes
 * it, dragging a point moves it. The background lets touch scroll the page vertically (a scroll is not a
 * tap); points themselves take every gesture so they can be dragged on a touch screen.
 */
export function DataPlot(props: DataPlotProps) {
  const { points, domain, gdLine, lsLine, showResiduals } = props;
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(640);
  const height = Math.round(Math.min(470, Math.max(260, width * 0.72)));
  const clipId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const press = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  // A touch that starts on a point drags it: the page must not scroll instead. React's touch listeners are
  // passive, and CSS touch-action is not honoured on every SVG element, so a native listener says so.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onTouchStart = (event: TouchEvent) => {
      if (event.target instanceof Element && event.target.closest('.lr-point')) event.preventDefault();
    };
    svg.addEventListener('touchstart', onTouchStart, { passive: false });
    return () => svg.removeEventListener('touchstart', onTouchStart);
  }, []);

  const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const sx = (x: number) => MARGIN.left + ((x - domain.xMin) / (domain.xMax - domain.xMin)) * plotW;
  const sy = (y: number) => MARGIN.top + (1 - (y - domain.yMin) / (domain.yMax - domain.yMin)) * plotH;
  const xTicks = niceTicks(domain.xMin, domain.xMax, Math.max(3, Math.round(plotW / 90)));
  const yTicks = niceTicks(domain.yMin, domain.yMax, Math.max(3, Math.round(plotH / 70)));

  /** Client coordinates to data units, rounded to a thousandth of the range (as a person would write). */
  const toData = (clientX: number, clientY: number): Point => {
    const rect = svgRef.current?.getBoundingClientRect();
    const px = clientX - (rect?.left ?? 0);
    const py = clientY - (rect?.top ?? 0);
    const round = (v: number, span: number) => {
      const digits = Math.max(0, 3 - Math.floor(Math.log10(span)));
      return Number(v.toFixed(digits));
    };
    const spanX = domain.xMax - domain.xMin;
    const spanY = domain.yMax - domain.yMin;
    return {
      x: round(domain.xMin + ((px - MARGIN.left) / plotW) * spanX, spanX),
      y: round(domain.yMin + (1 - (py - MARGIN.top) / plotH) * spanY, spanY),
    };
  };

  const onPointDown = (index: number) => (event: PointerEvent<SVGElement>) => {
    event.stopPropagation();
    event.preventDefault();
    svgRef.current?.setPointerCapture(event.pointerId);
    drag.current = { index, pointerId: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
  };

  const onBackgroundDown = (event: PointerEvent<SVGElement>) => {
    if (event.button !== 0) return;
    press.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };

  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    if (!d.moved && Math.hypot(event.clientX - d.x, event.clientY - d.y) < TAP_SLOP) return;
    d.moved = true;
    props.onMove(d.index, toData(event.clientX, event.clientY));
  };

  const onUp = (event: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (d && d.pointerId === event.pointerId) {
      drag.current = null;
      if (!d.moved) props.onRemove(d.index);
      return;
    }
    const p = press.current;
    press.current = null;
    if (!p || p.pointerId !== event.pointerId) return;
    if (Math.hypot(event.clientX - p.x, event.clientY - p.y) >= TAP_SLOP) return;
    const point = toData(event.clientX, event.clientY);
    const inside =
      point.x >= domain.xMin && point.x <= domain.xMax && point.y >= domain.yMin && point.y <= domain.yMax;
    if (inside) props.onAdd(point);
  };

  const onCancel = () => {
    drag.current = null;
    press.current = null;
  };

  const lineSegment = (line: Line) => ({
    x1: sx(domain.xMin),
    y1: sy(line.w * domain.xMin + line.b),
    x2: sx(domain.xMax),
    y2: sy(line.w * domain.xMax + line.b),
  });
  const finite = (line: Line) => Number.isFinite(line.w) && Number.isFinite(line.b);

  return (
    <div ref={wrapRef} className="lr-data-plot">
      <svg
        ref={svgRef}
        width={width}
        height={height}
        role="img"
        aria-label={props.ariaLabel}
        data-testid="lr-data-plot"
        className="lr-svg lr-data-svg"
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onCancel}
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={MARGIN.left} y={MARGIN.top} width={plotW} height={plotH} />
          </clipPath>
        </defs>
        <rect
          className="lr-plot-area"
          x={MARGIN.left}
          y={MARGIN.top}
          width={plotW}
          height={plotH}
          onPointerDown={onBackgroundDown}
        />
        {xTicks.map((t) => (
          <g key={`x${t}`} className="lr-tick">
            <line x1={sx(t)} x2={sx(t)} y1={MARGIN.top} y2={MARGIN.top + plotH} stroke={COLORS.grid} />
            <text x={sx(t)} y={MARGIN.top + plotH + 18} textAnchor="middle">
              {t}
            </text>
          </g>
        ))}
        {yTicks.map((t) => (
          <g key={`y${t}`} className="lr-tick">
            <line x1={MARGIN.left} x2={MARGIN.left + plotW} y1={sy(t)} y2={sy(t)} stroke={COLORS.grid} />
            <text x={MARGIN.left - 8} y={sy(t) + 4} textAnchor="end">
              {t}
            </text>
          </g>
        ))}
        <text className="lr-axis-title" x={MARGIN.left + plotW / 2} y={height - 6} textAnchor="middle">
          {props.xLabel}
        </text>
        <text
          className="lr-axis-title"
          transform={`translate(16 ${MARGIN.top + plotH / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {props.yLabel}
        </text>

        <g clipPath={`url(#${clipId})`} pointerEvents="none">
          {showResiduals &&
            finite(gdLine) &&
            points.map((p, i) => (
              <line
                key={`r${i}`}
                x1={sx(p.x)}
                x2={sx(p.x)}
                y1={sy(p.y)}
                y2={sy(gdLine.w * p.x + gdLine.b)}
                stroke={COLORS.residual}
                strokeWidth={2}
                strokeOpacity={0.55}
              />
            ))}
          {lsLine && (
            <line
              {...lineSegment(lsLine)}
              stroke={COLORS.ls}
              strokeWidth={2.5}
              strokeDasharray="9 6"
              data-testid="lr-ls-line"
            />
          )}
          {finite(gdLine) && (
            <line
              {...lineSegment(gdLine)}
              stroke={COLORS.gd}
              strokeWidth={3.5}
              strokeLinecap="round"
              data-testid="lr-gd-line"
            />
          )}
        </g>

        {points.map((p, i) => (
          <g
            key={`p${i}`}
            className="lr-point"
            onPointerDown={onPointDown(i)}
            data-testid="lr-point"
            aria-label={`(${formatNumber(p.x)}, ${formatNumber(p.y)})`}
          >
            <circle cx={sx(p.x)} cy={sy(p.y)} r={14} fill="transparent" />
            <circle cx={sx(p.x)} cy={sy(p.y)} r={6} className="lr-point-dot" />
          </g>
        ))}
        {points.length === 0 && (
          <text
            className="lr-empty-hint"
            x={MARGIN.left + plotW / 2}
            y={MARGIN.top + plotH / 2}
            textAnchor="middle"
            pointerEvents="none"
          >
            {props.emptyHint}
          </text>
        )}
      </svg>
    </div>
  );
}
