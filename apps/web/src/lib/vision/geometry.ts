/**
 * Mapping camera pixels onto a display area the way CSS `object-fit: cover` does: scaled to fill, centred,
 * the overflow cropped. Boxes and landmarks found in the camera image are drawn through the same mapping.
 */

export interface Cover {
  scale: number;
  /** Offset of the scaled source's top-left corner in the display (≤ 0: cropped). */
  dx: number;
  dy: number;
}

export function coverTransform(
  srcWidth: number,
  srcHeight: number,
  dstWidth: number,
  dstHeight: number,
): Cover {
  if (srcWidth <= 0 || srcHeight <= 0) return { scale: 1, dx: 0, dy: 0 };
  const scale = Math.max(dstWidth / srcWidth, dstHeight / srcHeight);
  return { scale, dx: (dstWidth - srcWidth * scale) / 2, dy: (dstHeight - srcHeight * scale) / 2 };
}

/** Same as `object-fit: contain`: the whole source visible, letterboxed. */
export function containTransform(
  srcWidth: number,
  srcHeight: number,
  dstWidth: number,
  dstHeight: number,
): Cover {
  if (srcWidth <= 0 || srcHeight <= 0) return { scale: 1, dx: 0, dy: 0 };
  const scale = Math.min(dstWidth / srcWidth, dstHeight / srcHeight);
  return { scale, dx: (dstWidth - srcWidth * scale) / 2, dy: (dstHeight - srcHeight * scale) / 2 };
}

export function mapPoint(t: Cover, x: number, y: number): [number, number] {
  return [x * t.scale + t.dx, y * t.scale + t.dy];
}

/** Frames per second as an exponential moving average of frame intervals (steady to read, quick to follow). */
export function nextFps(previous: number, intervalMs: number, smoothing = 0.1): number {
  if (intervalMs <= 0 || !Number.isFinite(intervalMs)) return previous;
  const instant = 1000 / intervalMs;
  return previous <= 0 ? instant : previous + (instant - previous) * smoothing;
}
