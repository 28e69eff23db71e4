/**
 * A 28×28 doodle (grey levels in [0, 1], 1 = ink) shown large with its pixels visible: "the picture the
 * model sees", and the training drawings of a category.
 */
import { useEffect, useRef } from 'react';
import { DOODLE_SIZE } from '@ai-edu/ml/doodles/raster.ts';

export interface DoodleBitmapProps {
  pixels: Float32Array | null;
  label: string;
  /** CSS size in pixels (square). */
  size?: number;
}

export function DoodleBitmap({ pixels, label, size = 112 }: DoodleBitmapProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    const image = ctx.createImageData(DOODLE_SIZE, DOODLE_SIZE);
    for (let i = 0; i < DOODLE_SIZE * DOODLE_SIZE; i++) {
      const shade = 255 - Math.round((pixels?.[i] ?? 0) * 255);
      image.data.set([shade, shade, shade, 255], i * 4);
    }
    ctx.putImageData(image, 0, 0);
  }, [pixels]);
  return (
    <canvas
      ref={ref}
      width={DOODLE_SIZE}
      height={DOODLE_SIZE}
      role="img"
      aria-label={label}
      style={{
        width: size,
        height: size,
        imageRendering: 'pixelated',
        border: '1px solid #d9d9e3',
        borderRadius: 4,
      }}
    />
  );
}
