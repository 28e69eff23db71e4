/**
 * Drawing boxes on a 2D canvas, shared by the labeller, the evaluation view (labelled solid, predicted
 * dashed) and the try-it panel. Coordinates are image pixels mapped by `scale` and `offset`.
 */

/** One colour per class index (cycled), readable on photos. */
export const CLASS_COLORS = [
  '#f5222d',
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#a0d911',
  '#faad14',
  '#2f54eb',
];

export function classColor(index: number): string {
  return index < 0 ? '#8c8c8c' : CLASS_COLORS[index % CLASS_COLORS.length]!;
}

export interface DrawnBox {
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
  /** The tag written above the box (class name, score). */
  caption?: string;
  dashed?: boolean;
  /** Thicker line (the selected box). */
  strong?: boolean;
}

export interface Transform {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export function drawBoxes(ctx: CanvasRenderingContext2D, boxes: readonly DrawnBox[], t: Transform): void {
  ctx.save();
  ctx.font = '12px sans-serif';
  ctx.textBaseline = 'bottom';
  for (const box of boxes) {
    const x = box.x * t.scale + t.offsetX;
    const y = box.y * t.scale + t.offsetY;
    const w = box.w * t.scale;
    const h = box.h * t.scale;
    ctx.lineWidth = box.strong ? 3 : 2;
    ctx.strokeStyle = box.color;
    ctx.setLineDash(box.dashed ? [6, 4] : []);
    ctx.strokeRect(x, y, w, h);
    if (box.caption) {
      ctx.setLineDash([]);
      const width = ctx.measureText(box.caption).width + 6;
      const top = y - 16 < 0 ? y : y - 16;
      ctx.fillStyle = box.color;
      ctx.fillRect(x, top, width, 16);
      ctx.fillStyle = '#fff';
      ctx.fillText(box.caption, x + 3, top + 14);
    }
  }
  ctx.restore();
}

/** A canvas sized in CSS pixels and drawn at the screen's pixel density. */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  cssW: number,
  cssH: number,
): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(cssW * ratio));
  const h = Math.max(1, Math.round(cssH * ratio));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}
