/** A finished drawing shown small: its strokes scaled to fit a square, with a margin. */
import { useEffect, useRef } from 'react';
import type { PadStroke } from '../../../features/doodles/components/doodle-pad.tsx';

const INK = '#1d2045';

export function StrokeThumb({
  strokes,
  label,
  size = 120,
}: {
  strokes: readonly PadStroke[];
  label: string;
  size?: number;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const pixels = size * (window.devicePixelRatio || 1);
    canvas.width = pixels;
    canvas.height = pixels;
    ctx.clearRect(0, 0, pixels, pixels);
    const xs = strokes.flatMap((s) => s.x);
    const ys = strokes.flatMap((s) => s.y);
    if (xs.length === 0) return;
    const minX = Math.min(...xs);
    const minY = Math.min(...ys);
    const extent = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY, 1);
    const margin = pixels * 0.1;
    const scale = (pixels - 2 * margin) / extent;
    const offsetX = margin + ((extent - (Math.max(...xs) - minX)) * scale) / 2;
    const offsetY = margin + ((extent - (Math.max(...ys) - minY)) * scale) / 2;
    ctx.strokeStyle = INK;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(1.5, pixels / 60);
    for (const stroke of strokes) {
      ctx.beginPath();
      stroke.x.forEach((x, i) => {
        const px = offsetX + (x - minX) * scale;
        const py = offsetY + (stroke.y[i]! - minY) * scale;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      });
      if (stroke.x.length === 1)
        ctx.lineTo(offsetX + (stroke.x[0]! - minX) * scale + 0.1, offsetY + (stroke.y[0]! - minY) * scale);
      ctx.stroke();
    }
  }, [strokes, size]);
  return (
    <canvas
      ref={ref}
      className="qd-thumb"
      role="img"
      aria-label={label}
      style={{ width: size, height: size }}
    />
  );
}
