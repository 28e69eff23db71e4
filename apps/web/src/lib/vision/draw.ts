/** Canvas drawing of a camera frame and of what human found in it (boxes, landmarks). */
import type { FaceResult } from '@vladmandic/human';
import { mapPoint, type Cover } from './geometry.ts';

export type Drawable = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement;

export function sourceSize(source: Drawable): [number, number] {
  if (source instanceof HTMLVideoElement) return [source.videoWidth, source.videoHeight];
  if (source instanceof HTMLImageElement) return [source.naturalWidth, source.naturalHeight];
  return [source.width, source.height];
}

/** Draws the source into the canvas through the transform (optionally mirrored, like a mirror for selfies). */
export function drawSource(ctx: CanvasRenderingContext2D, source: Drawable, t: Cover): void {
  const [w, h] = sourceSize(source);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.drawImage(source, t.dx, t.dy, w * t.scale, h * t.scale);
}

export interface FaceDrawOptions {
  mesh?: boolean;
  color?: string;
  label?: (face: FaceResult, index: number) => string | undefined;
}

/** Boxes, mesh points and an optional label per face, mapped through the same transform as the frame. */
export function drawFaces(
  ctx: CanvasRenderingContext2D,
  faces: readonly FaceResult[],
  t: Cover,
  { mesh = true, color = '#4f5bff', label }: FaceDrawOptions = {},
): void {
  ctx.save();
  ctx.lineWidth = 2;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  faces.forEach((face, index) => {
    const [x, y, w, h] = face.box;
    const [bx, by] = mapPoint(t, x, y);
    ctx.strokeRect(bx, by, w * t.scale, h * t.scale);
    if (mesh) {
      ctx.globalAlpha = 0.7;
      // Every 2nd point of the 468-point mesh: the shape reads well and the frame costs half.
      for (let i = 0; i < face.mesh.length; i += 2) {
        const p = face.mesh[i];
        if (!p) continue;
        const [px, py] = mapPoint(t, p[0], p[1]);
        ctx.fillRect(px - 0.75, py - 0.75, 1.5, 1.5);
      }
      ctx.globalAlpha = 1;
    }
    const text = label?.(face, index);
    if (text) {
      ctx.font = '12px system-ui, sans-serif';
      const width = ctx.measureText(text).width + 8;
      const top = Math.max(0, by - 18);
      ctx.fillRect(bx - 1, top, width, 18);
      ctx.fillStyle = '#fff';
      ctx.fillText(text, bx + 3, top + 13);
      ctx.fillStyle = color;
    }
  });
  ctx.restore();
}
