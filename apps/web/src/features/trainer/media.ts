/** Browser helpers: thumbnails, the square crop the extractors use, skeleton drawing, file downloads. */
import { THUMB_SIZE } from './limits.ts';
import type { FrameSource, Skeleton } from './types.ts';

export function sourceSize(source: FrameSource): { width: number; height: number } {
  if (source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  if (source instanceof HTMLImageElement) return { width: source.naturalWidth, height: source.naturalHeight };
  return { width: source.width, height: source.height };
}

/** The centred square of the source (what the image trainer sees and the thumbnails show). */
export function centreSquare(source: FrameSource): { sx: number; sy: number; side: number } {
  const { width, height } = sourceSize(source);
  const side = Math.min(width, height);
  return { sx: (width - side) / 2, sy: (height - side) / 2, side };
}

/** A small JPEG of the source's centred square, mirrored like the camera preview when asked. */
export function makeThumb(source: FrameSource, mirror = false): string {
  const canvas = document.createElement('canvas');
  canvas.width = THUMB_SIZE;
  canvas.height = THUMB_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  const { sx, sy, side } = centreSquare(source);
  if (mirror) {
    ctx.translate(THUMB_SIZE, 0);
    ctx.scale(-1, 1);
  }
  if (side > 0) ctx.drawImage(source, sx, sy, side, side, 0, 0, THUMB_SIZE, THUMB_SIZE);
  return canvas.toDataURL('image/jpeg', 0.75);
}

/** Draws a skeleton (points and bones) over a canvas sized like the video; clears it for null. */
export function drawSkeleton(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
  skeleton?: Skeleton | null,
) {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, width, height);
  if (!skeleton) return;
  const seen = (i: number) => {
    const p = skeleton.points[i];
    return p && (p.score ?? 1) >= 0.2 ? p : null;
  };
  ctx.lineWidth = Math.max(2, width / 160);
  ctx.strokeStyle = '#14a37f';
  for (const [a, b] of skeleton.edges) {
    const p = seen(a);
    const q = seen(b);
    if (!p || !q) continue;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.fillStyle = '#4f5bff';
  skeleton.points.forEach((_, i) => {
    const p = seen(i);
    if (!p) return;
    ctx.beginPath();
    ctx.arc(p.x, p.y, Math.max(3, width / 120), 0, 2 * Math.PI);
    ctx.fill();
  });
}

/** Offers data to the user as a file download (no server involved). */
export function download(data: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
