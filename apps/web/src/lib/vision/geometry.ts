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

/**
 * The size to analyse a camera frame at when it is shown `object-fit: cover` in a display area: the frame
 * scaled down until the display shows it pixel for pixel (never scaled up). A 640 × 480 camera in the 300 × 300
 * live area gives 400 × 300: the detector sees every pixel the page shows, and reading the frame, turning it
 * into a tensor and resizing it for the model cost 2.6 times less than at full size.
 */
export function analysisSize(
  srcWidth: number,
  srcHeight: number,
  dstWidth: number,
  dstHeight: number,
): { width: number; height: number } {
  if (srcWidth <= 0 || srcHeight <= 0) return { width: srcWidth, height: srcHeight };
  const scale = Math.min(1, coverTransform(srcWidth, srcHeight, dstWidth, dstHeight).scale);
  return { width: Math.round(srcWidth * scale), height: Math.round(srcHeight * scale) };
}
