/**
 * A canvas to doodle on with a mouse, a finger or a pen (pointer events, so all three alike; the page does
 * not scroll while drawing on it). It keeps the drawing as pen strokes — the form the doodle network's
 * preprocessing reads (`strokesToInput`) — and the parent owns them, so undo and clear are array operations.
 * The eraser removes whole strokes it touches: what is left is still a list of strokes.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import type { DoodleStroke } from '@ai-edu/ml/doodles/raster.ts';
import './doodle-pad.css';

/** A stroke as drawn: its points in the pad's pixels and the pen's width. */
export interface PadStroke extends DoodleStroke {
  width: number;
}

export interface DoodlePadProps {
  strokes: readonly PadStroke[];
  /** Every change: `drawing` is true while a stroke is still under way (at most once per frame). */
  onChange: (strokes: PadStroke[], drawing: boolean) => void;
  /** Accessible name of the canvas. */
  label: string;
  penWidth?: number;
  mode?: 'pen' | 'erase';
  disabled?: boolean;
  /** The canvas's own pixels per side (it is shown at the CSS size of its box, square). */
  pixels?: number;
  className?: string;
}

export const PAD_PIXELS = 480;
const INK = '#1d2045';

function paint(canvas: HTMLCanvasElement, strokes: readonly PadStroke[]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    ctx.lineWidth = stroke.width;
    if (stroke.x.length === 1) {
      ctx.beginPath();
      ctx.arc(stroke.x[0]!, stroke.y[0]!, stroke.width / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    stroke.x.forEach((x, i) => (i === 0 ? ctx.moveTo(x, stroke.y[i]!) : ctx.lineTo(x, stroke.y[i]!)));
    ctx.stroke();
  }
}

/** Distance from (x, y) to the segment (ax, ay)–(bx, by). */
function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2)) : 0;
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/**
 * Whether the eraser at (x, y) with radius r touches `stroke`: anywhere along its lines, not only at the
 * points it was drawn through (a long straight line has few).
 */
export function touches(stroke: PadStroke, x: number, y: number, r: number): boolean {
  const reach = r + stroke.width / 2;
  if (stroke.x.length === 1) return Math.hypot(stroke.x[0]! - x, stroke.y[0]! - y) <= reach;
  for (let i = 1; i < stroke.x.length; i++) {
    const d = segmentDistance(x, y, stroke.x[i - 1]!, stroke.y[i - 1]!, stroke.x[i]!, stroke.y[i]!);
    if (d <= reach) return true;
  }
  return false;
}

export function DoodlePad({
  strokes,
  onChange,
  label,
  penWidth = 8,
  mode = 'pen',
  disabled = false,
  pixels = PAD_PIXELS,
  className,
}: DoodlePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The drawing under way, ahead of the parent's state (which arrives a render later).
  const live = useRef<PadStroke[] | null>(null);
  const frame = useRef(0);

  useEffect(() => {
    if (canvasRef.current && !live.current) paint(canvasRef.current, strokes);
  }, [strokes, pixels]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const report = (next: PadStroke[], drawing: boolean) => {
    if (canvasRef.current) paint(canvasRef.current, next);
    cancelAnimationFrame(frame.current);
    if (drawing) frame.current = requestAnimationFrame(() => onChange(next, true));
    else onChange(next, false);
  };

  const point = (event: { clientX: number; clientY: number }) => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * pixels,
      y: ((event.clientY - rect.top) / rect.height) * pixels,
    };
  };

  const erase = (current: PadStroke[], x: number, y: number) =>
    current.filter((stroke) => !touches(stroke, x, y, penWidth));

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    try {
      // Keeps the stroke going when the pen leaves the box for a moment.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: draw without capture.
    }
    const { x, y } = point(event);
    live.current =
      mode === 'erase' ? erase([...strokes], x, y) : [...strokes, { x: [x], y: [y], width: penWidth }];
    report(live.current, true);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = live.current;
    if (!current) return;
    // Coalesced events keep fast strokes smooth where the browser batches pointer moves.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = (events.length > 0 ? events : [event]).map(point);
    if (mode === 'erase') {
      live.current = points.reduce((left, p) => erase(left, p.x, p.y), current);
    } else {
      const last = current.at(-1)!;
      live.current = [
        ...current.slice(0, -1),
        { ...last, x: [...last.x, ...points.map((p) => p.x)], y: [...last.y, ...points.map((p) => p.y)] },
      ];
    }
    report(live.current, true);
  };

  const up = () => {
    const current = live.current;
    if (!current) return;
    live.current = null;
    report(current, false);
  };

  return (
    <canvas
      ref={canvasRef}
      className={['doodle-pad', mode === 'erase' ? 'doodle-pad-erase' : '', className ?? ''].join(' ').trim()}
      width={pixels}
      height={pixels}
      role="img"
      aria-label={label}
      aria-disabled={disabled}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onLostPointerCapture={up}
    />
  );
}
