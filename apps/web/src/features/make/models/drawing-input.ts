/**
 * The pen's drawing as the labs' networks take it (pure, no DOM), prepared exactly as each lab prepares its
 * own drawings:
 *
 * - **Doodles** (quickDraw, writingPredict): the lab hands its pen strokes to `strokesToInput`
 *   (`@ai-edu/ml/doodles/raster.ts`: Quick, Draw!'s 1-pixel anti-aliased lines, cropped, scaled and centred).
 *   The stage's segments are such strokes, with y turned downwards.
 * - **Digits** (numberPredict): the lab's pad is a `PAD.pixels` square canvas written on with a round pen
 *   `PAD.pen` wide; its ink (the alpha channel) goes through `preprocessDrawing` (MNIST's crop, 20-pixel box,
 *   centre of mass). `digitPad` paints the segments the same way, the drawing scaled to span `DIGIT_SPAN` of
 *   the pad as a digit written across most of it would, so its strokes are as thick for their length as the
 *   lab's (the student's pen size does not matter to the network).
 */
import { strokesToInput, type DoodleStroke } from '@ai-edu/ml/doodles/raster.ts';
import { preprocessDrawing, type GreyImage } from '@ai-edu/ml/digits/preprocess.ts';
import { PAD } from '@ai-edu/ml/digits/strokes.ts';
import type { PenSegment } from '../runtime/pen.ts';

/** The doodle network's 28×28 input for the drawing, or null when nothing is drawn. */
export function doodleInputOf(segments: readonly PenSegment[]): Float32Array | null {
  const strokes: DoodleStroke[] = segments.map((s) => ({ x: [s.x0, s.x1], y: [-s.y0, -s.y1] }));
  return strokesToInput(strokes);
}

/** How much of the pad's side the drawing's longer side spans (a digit written across most of the pad). */
export const DIGIT_SPAN = 0.7;

/** Distance from (px, py) to the segment (ax, ay)–(bx, by). */
function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * The drawing painted on the digit lab's pad: its ink levels (0 paper, 1 ink) as the lab's canvas holds them
 * after a round pen of `PAD.pen` pixels went along each segment (a pixel's ink is how far its centre lies
 * inside the pen's line, anti-aliased over one pixel). Null when nothing is drawn.
 */
export function digitPad(segments: readonly PenSegment[]): GreyImage | null {
  if (segments.length === 0) return null;
  const xs = segments.flatMap((s) => [s.x0, s.x1]);
  const ys = segments.flatMap((s) => [s.y0, s.y1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const extent = Math.max(maxX - minX, maxY - minY);
  const size = PAD.pixels;
  const scale = extent > 0 ? (size * DIGIT_SPAN) / extent : 1;
  // Centred on the pad, y turned downwards.
  const padX = (x: number) => size / 2 + (x - (minX + maxX) / 2) * scale;
  const padY = (y: number) => size / 2 - (y - (minY + maxY) / 2) * scale;
  const radius = PAD.pen / 2;
  const pixels = new Float32Array(size * size);
  for (const s of segments) {
    const [ax, ay, bx, by] = [padX(s.x0), padY(s.y0), padX(s.x1), padY(s.y1)];
    const left = Math.max(0, Math.floor(Math.min(ax, bx) - radius - 1));
    const right = Math.min(size - 1, Math.ceil(Math.max(ax, bx) + radius + 1));
    const top = Math.max(0, Math.floor(Math.min(ay, by) - radius - 1));
    const bottom = Math.min(size - 1, Math.ceil(Math.max(ay, by) + radius + 1));
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const ink = Math.min(1, radius + 0.5 - distanceToSegment(x + 0.5, y + 0.5, ax, ay, bx, by));
        const at = y * size + x;
        if (ink > (pixels[at] ?? 0)) pixels[at] = ink;
      }
    }
  }
  return { width: size, height: size, pixels };
}

/** The digit network's 28×28 input for the drawing, or null when nothing is drawn. */
export function digitInputOf(segments: readonly PenSegment[]): Float32Array | null {
  const pad = digitPad(segments);
  return (pad && preprocessDrawing(pad)?.digit.pixels) ?? null;
}
