import { useEffect, useId, useMemo, useRef, type PointerEvent } from 'react';
import { contourLevels, contourSegments, type Line, type LossGrid } from '@ai-edu/ml/regression/index.ts';
import { niceTicks } from '../model.ts';
import { COLORS, heatColor } from './colors.ts';
import { useElementWidth } from './use-element-width.ts';

export interface LossSurfaceProps {
  grid: LossGrid;
  /** The lowest loss (the least-squares answer's), where the colours and contour rings start. */
  minimum: number;
  /** The least-squares answer (scaled units): the bottom of the bowl. */
  best: Line | null;
  /** The descent so far (scaled units), the current line last. */
  path: readonly Line[];
  /** Where the next step will land, drawn as an arrow from the current line. */
  next: Line | null;
  wLabel: string;
  bLabel: string;
  offMapLabel: string;
  ariaLabel: string;
  /** A click on the map: start the descent at that (w, b). */
  onPick: (line: Line) => void;
}

const MARGIN = { top: 10, right: 12, bottom: 40, left: 48 };
const FLAT: [number, number, number] = [244, 245, 255];
const CONTOURS = 9;
/** Paths longer than this are thinned for drawing (the end is always kept). */
const MAX_DRAWN = 600;

/**
 * The loss over a window of (w, b) as a heat map (canvas, one pixel per grid node, smoothed by the
 * browser) with contour rings, the descent path, the next step as an arrow and the bottom as a star.
 */
export function LossSurface(props: LossSurfaceProps) {
  const { grid, minimum, best, path, next } = props;
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(320);
  const height = Math.round(Math.min(340, Math.max(200, width * 0.8)));
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const clipId = useId();
  const arrowId = useId();

  const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const px = (w: number) => MARGIN.left + ((w - grid.wMin) / (grid.wMax - grid.wMin)) * plotW;
  const py = (b: number) => MARGIN.top + (1 - (b - grid.bMin) / (grid.bMax - grid.bMin)) * plotH;

  // Colour by the square root of the height above the bottom: on a bowl, that is the distance from it.
  const span = Math.max(grid.max - minimum, 1e-12);
  // No points: the loss is 0 everywhere, a flat plain with nothing to show.
  const flat = grid.max - minimum < 1e-12;
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const image = ctx.createImageData(grid.cols, grid.rows);
    for (let row = 0; row < grid.rows; row++) {
      for (let col = 0; col < grid.cols; col++) {
        const value = grid.values[row * grid.cols + col] ?? grid.max;
        const [r, g, b] = flat ? FLAT : heatColor(Math.sqrt(Math.max(0, value - minimum) / span));
        // Canvas rows run top-down; grid row 0 is the lowest b.
        const o = ((grid.rows - 1 - row) * grid.cols + col) * 4;
        image.data[o] = r;
        image.data[o + 1] = g;
        image.data[o + 2] = b;
        image.data[o + 3] = 255;
      }
    }
    ctx.putImageData(image, 0, 0);
  }, [grid, minimum, span, flat]);

  const contours = useMemo(
    () =>
      grid.max - minimum < 1e-12
        ? []
        : contourLevels(minimum, grid.max, CONTOURS).map((level) =>
            contourSegments(grid, level)
              .map(([w1, b1, w2, b2]) => `M${w1} ${b1}L${w2} ${b2}`)
              .join(''),
          ),
    [grid, minimum],
  );

  // Pixel centres sit on grid nodes: the canvas reaches half a cell beyond the window on each side.
  const cellW = plotW / (grid.cols - 1);
  const cellH = plotH / (grid.rows - 1);

  const drawn = useMemo(() => {
    const finite = path.filter((l) => Number.isFinite(l.w) && Number.isFinite(l.b));
    if (finite.length <= MAX_DRAWN) return finite;
    const every = Math.ceil(finite.length / MAX_DRAWN);
    return finite.filter((_, i) => i % every === 0 || i === finite.length - 1);
  }, [path]);
  const pathPoints = drawn.map((l) => `${px(l.w).toFixed(1)},${py(l.b).toFixed(1)}`).join(' ');
  const current = path.at(-1);
  const inside = (l: Line | undefined | null) =>
    !!l && l.w >= grid.wMin && l.w <= grid.wMax && l.b >= grid.bMin && l.b <= grid.bMax;

  // Contours are drawn in (w, b) units through one transform, so the marching-squares output is used as is.
  const toPixels = `translate(${px(0)} ${py(0)}) scale(${plotW / (grid.wMax - grid.wMin)} ${-plotH / (grid.bMax - grid.bMin)})`;

  const onPointerUp = (event: PointerEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const fx = (event.clientX - rect.left) / rect.width;
    const fy = (event.clientY - rect.top) / rect.height;
    props.onPick({
      w: grid.wMin + fx * (grid.wMax - grid.wMin),
      b: grid.bMax - fy * (grid.bMax - grid.bMin),
    });
  };

  const wTicks = niceTicks(grid.wMin, grid.wMax, Math.max(3, Math.round(plotW / 55)));
  const bTicks = niceTicks(grid.bMin, grid.bMax, Math.max(4, Math.round(plotH / 40)));

  return (
    <div ref={wrapRef} className="lr-surface" style={{ height }}>
      <div
        className="lr-surface-canvas-clip"
        style={{ left: MARGIN.left, top: MARGIN.top, width: plotW, height: plotH }}
      >
        <canvas
          ref={canvasRef}
          width={grid.cols}
          height={grid.rows}
          style={{
            left: -cellW / 2,
            top: -cellH / 2,
            width: plotW + cellW,
            height: plotH + cellH,
          }}
        />
      </div>
      <svg
        width={width}
        height={height}
        className="lr-svg lr-surface-svg"
        role="img"
        aria-label={props.ariaLabel}
        data-testid="lr-surface"
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={MARGIN.left} y={MARGIN.top} width={plotW} height={plotH} />
          </clipPath>
          <marker
            id={arrowId}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="5"
            markerHeight="5"
            orient="auto"
          >
            <path d="M0 0L10 5L0 10z" fill="#fff" />
          </marker>
        </defs>
        <g clipPath={`url(#${clipId})`} pointerEvents="none">
          <g transform={toPixels}>
            {contours.map((d, i) => (
              <path
                key={i}
                d={d}
                fill="none"
                stroke="rgba(255,255,255,0.5)"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </g>
          {drawn.length > 1 && (
            // A dark casing under the white line keeps the path readable on light and dark colours alike
            // (cheaper to paint than a filter).
            <g fill="none" strokeLinejoin="round" strokeLinecap="round" data-testid="lr-surface-path">
              <polyline points={pathPoints} stroke="rgba(20, 12, 48, 0.55)" strokeWidth={4} />
              <polyline points={pathPoints} stroke="#fff" strokeWidth={2} />
            </g>
          )}
          {drawn.length <= 80 &&
            drawn
              .slice(0, -1)
              .map((l, i) => <circle key={i} cx={px(l.w)} cy={py(l.b)} r={2.2} fill="#fff" />)}
          {best && (
            <path
              transform={`translate(${px(best.w)} ${py(best.b)})`}
              d={starPath(9, 4)}
              fill={COLORS.ls}
              stroke="#fff"
              strokeWidth={1.5}
              data-testid="lr-surface-best"
            />
          )}
          {current && next && inside(current) && (
            <line
              x1={px(current.w)}
              y1={py(current.b)}
              x2={px(next.w)}
              y2={py(next.b)}
              stroke="#fff"
              strokeWidth={2}
              strokeDasharray="3 3"
              markerEnd={`url(#${arrowId})`}
            />
          )}
          {current && inside(current) && (
            <circle
              cx={px(current.w)}
              cy={py(current.b)}
              r={6}
              fill={COLORS.gd}
              stroke="#fff"
              strokeWidth={2.5}
            />
          )}
        </g>
        <rect
          x={MARGIN.left}
          y={MARGIN.top}
          width={plotW}
          height={plotH}
          fill="transparent"
          stroke={COLORS.axis}
          className="lr-surface-hit"
          onPointerUp={onPointerUp}
        />
        {current && !inside(current) && (
          <text className="lr-off-map" x={MARGIN.left + plotW / 2} y={MARGIN.top + 20} textAnchor="middle">
            {props.offMapLabel}
          </text>
        )}
        {wTicks.map((t) => (
          <text key={`w${t}`} className="lr-tick" x={px(t)} y={MARGIN.top + plotH + 16} textAnchor="middle">
            {t}
          </text>
        ))}
        {bTicks.map((t) => (
          <text key={`b${t}`} className="lr-tick" x={MARGIN.left - 6} y={py(t) + 4} textAnchor="end">
            {t}
          </text>
        ))}
        <text className="lr-axis-title" x={MARGIN.left + plotW / 2} y={height - 4} textAnchor="middle">
          {props.wLabel}
        </text>
        <text
          className="lr-axis-title"
          transform={`translate(12 ${MARGIN.top + plotH / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {props.bLabel}
        </text>
      </svg>
    </div>
  );
}

/** A five-pointed star centred on the origin. */
function starPath(outer: number, inner: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
  });
  return `M${points.join('L')}Z`;
}
