/** Canvas helpers shared by the game, the network view and the chart. */

export interface FittedCanvas {
  ctx: CanvasRenderingContext2D;
  /** Size in CSS pixels; drawing coordinates are CSS pixels (the device pixel ratio is applied). */
  width: number;
  height: number;
}

/**
 * Matches the canvas's backing store to its displayed size times the device pixel ratio (sharp on HiDPI
 * screens and projectors), and returns a context that draws in CSS pixels. Null while it is not laid out.
 */
export function fitCanvas(canvas: HTMLCanvasElement): FittedCanvas | null {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (width === 0 || height === 0) return null;
  const ratio = Math.min(window.devicePixelRatio || 1, 3);
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { ctx, width, height };
}

/** A rectangle with rounded corners as the current path. */
export function roundRectPath(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

export const FONT = 'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif';
