/**
 * Zoom and pan of the labelling canvas: a view maps image pixels to screen (canvas CSS) pixels as
 * screen = image × scale + offset. Pure maths, tested.
 */
import type { Point } from './geometry.ts';

export interface View {
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** Zoom limits relative to the fitted view: from a quarter of it to 16× it. */
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 16;

export function imageToScreen(view: View, p: Point): Point {
  return { x: p.x * view.scale + view.offsetX, y: p.y * view.scale + view.offsetY };
}

export function screenToImage(view: View, p: Point): Point {
  return { x: (p.x - view.offsetX) / view.scale, y: (p.y - view.offsetY) / view.scale };
}

/** The view that shows the whole image centred in the viewport (scaled down or up to fit). */
export function fitView(imageW: number, imageH: number, viewportW: number, viewportH: number): View {
  if (imageW <= 0 || imageH <= 0 || viewportW <= 0 || viewportH <= 0) {
    return { scale: 1, offsetX: 0, offsetY: 0 };
  }
  const scale = Math.min(viewportW / imageW, viewportH / imageH);
  return {
    scale,
    offsetX: (viewportW - imageW * scale) / 2,
    offsetY: (viewportH - imageH * scale) / 2,
  };
}

/**
 * Zooms by `factor` around a screen point (the image pixel under it stays under it), the scale kept between
 * MIN_ZOOM and MAX_ZOOM times `fitScale`.
 */
export function zoomAt(view: View, factor: number, anchor: Point, fitScale: number): View {
  const scale = Math.min(Math.max(view.scale * factor, fitScale * MIN_ZOOM), fitScale * MAX_ZOOM);
  const imagePoint = screenToImage(view, anchor);
  return {
    scale,
    offsetX: anchor.x - imagePoint.x * scale,
    offsetY: anchor.y - imagePoint.y * scale,
  };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy };
}

/** The zoom factor of one wheel event (deltaY in pixels; up = in). */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-Math.max(-200, Math.min(200, deltaY)) / 300);
}
