/**
 * Box geometry of the labelling tool, in image pixels (top-left origin, COCO order x, y, w, h): making a box
 * from a drag, hit-testing boxes and their handles, moving and resizing by a handle, keeping boxes inside the
 * image. Pure functions so every rule is tested without a canvas.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The eight resize handles (compass points) and the body (move). */
export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export type BoxPart = Handle | 'body';

export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** Smaller boxes than this (image pixels) are a click, not a box. */
export const MIN_BOX_SIDE = 2;

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

/** The box spanned by two corners (any order), both clamped into the image. */
export function rectFromCorners(a: Point, b: Point, imageW: number, imageH: number): Rect {
  const x1 = clamp(Math.min(a.x, b.x), 0, imageW);
  const y1 = clamp(Math.min(a.y, b.y), 0, imageH);
  const x2 = clamp(Math.max(a.x, b.x), 0, imageW);
  const y2 = clamp(Math.max(a.y, b.y), 0, imageH);
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** Whether a drawn rectangle is big enough to keep. */
export function isBoxBigEnough(r: Rect, min = MIN_BOX_SIDE): boolean {
  return r.w >= min && r.h >= min;
}

/** A box cut to the image (a part outside is dropped; the result may be empty: w or h 0). */
export function clipToImage(r: Rect, imageW: number, imageH: number): Rect {
  return rectFromCorners({ x: r.x, y: r.y }, { x: r.x + r.w, y: r.y + r.h }, imageW, imageH);
}

/** The box moved by (dx, dy) but kept whole inside the image (its size never changes). */
export function moveRect(r: Rect, dx: number, dy: number, imageW: number, imageH: number): Rect {
  return {
    x: clamp(r.x + dx, 0, Math.max(0, imageW - r.w)),
    y: clamp(r.y + dy, 0, Math.max(0, imageH - r.h)),
    w: r.w,
    h: r.h,
  };
}

/** Where a handle sits on a box. */
export function handlePoint(r: Rect, handle: Handle): Point {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const left = r.x;
  const right = r.x + r.w;
  const top = r.y;
  const bottom = r.y + r.h;
  switch (handle) {
    case 'nw':
      return { x: left, y: top };
    case 'n':
      return { x: cx, y: top };
    case 'ne':
      return { x: right, y: top };
    case 'e':
      return { x: right, y: cy };
    case 'se':
      return { x: right, y: bottom };
    case 's':
      return { x: cx, y: bottom };
    case 'sw':
      return { x: left, y: bottom };
    case 'w':
      return { x: left, y: cy };
  }
}

/**
 * The box after dragging one handle by (dx, dy): the opposite side stays put; dragging past it flips the box
 * (the result is always a proper box), and the moved edge stays inside the image.
 */
export function resizeRect(
  r: Rect,
  handle: Handle,
  dx: number,
  dy: number,
  imageW: number,
  imageH: number,
): Rect {
  let left = r.x;
  let top = r.y;
  let right = r.x + r.w;
  let bottom = r.y + r.h;
  if (handle.includes('w')) left += dx;
  if (handle.includes('e')) right += dx;
  if (handle.includes('n')) top += dy;
  if (handle.includes('s')) bottom += dy;
  return rectFromCorners({ x: left, y: top }, { x: right, y: bottom }, imageW, imageH);
}

/** Whether a point lies inside a box (edges included). */
export function containsPoint(r: Rect, p: Point): boolean {
  return p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;
}

export interface Hit {
  index: number;
  part: BoxPart;
}

/**
 * What is under the pointer. `tolerance` is the handle grab radius in image pixels (the view divides its
 * screen radius by the zoom). The selected box's handles win, then any box's body: the smallest box
 * containing the point, so a small box inside a large one can still be picked.
 */
export function hitTest(
  boxes: readonly Rect[],
  p: Point,
  tolerance: number,
  selected: number | null = null,
): Hit | null {
  if (selected !== null && boxes[selected]) {
    const box = boxes[selected];
    let best: { handle: Handle; d: number } | null = null;
    for (const handle of HANDLES) {
      const h = handlePoint(box, handle);
      const d = Math.hypot(h.x - p.x, h.y - p.y);
      if (d <= tolerance && (!best || d < best.d)) best = { handle, d };
    }
    if (best) return { index: selected, part: best.handle };
  }
  let found: { index: number; area: number } | null = null;
  boxes.forEach((box, index) => {
    if (!containsPoint(box, p)) return;
    const area = box.w * box.h;
    // Ties (same area) go to the later box: it is drawn on top.
    if (!found || area <= found.area) found = { index, area };
  });
  const hit = found as { index: number; area: number } | null;
  return hit ? { index: hit.index, part: 'body' } : null;
}

/** The CSS cursor for a part under the pointer. */
export function cursorFor(part: BoxPart | null): string {
  if (part === null) return 'crosshair';
  if (part === 'body') return 'move';
  return `${part}-resize`;
}

/** A box rounded to tenths of a pixel (what is stored; keeps the JSON short). */
export function roundRect(r: Rect): Rect {
  const round = (v: number) => Math.round(v * 10) / 10;
  return { x: round(r.x), y: round(r.y), w: round(r.w), h: round(r.h) };
}
