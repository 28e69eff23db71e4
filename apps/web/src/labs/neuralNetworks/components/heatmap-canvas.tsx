import { memo, useEffect, useRef } from 'react';
import { paintValues } from '../colors.ts';

interface HeatmapCanvasProps {
  /** resolution² values in [−1, 1], row by row from the top. */
  values: Float32Array | undefined;
  resolution: number;
  discretize?: boolean;
  className?: string;
}

/**
 * A heat map drawn at its own coarse resolution (one canvas pixel per cell) and scaled up by CSS with
 * smoothing: a 40 × 40 canvas is cheap to repaint on every frame and still looks soft at 300 px.
 */
export const HeatmapCanvas = memo(function HeatmapCanvas({
  values,
  resolution,
  discretize = false,
  className,
}: HeatmapCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = ref.current?.getContext('2d');
    if (!context || !values) return;
    const image = context.createImageData(resolution, resolution);
    paintValues(values, image.data, discretize);
    context.putImageData(image, 0, 0);
  }, [values, resolution, discretize]);
  return (
    <canvas
      ref={ref}
      className={['nn-heatmap', className].filter(Boolean).join(' ')}
      width={resolution}
      height={resolution}
      aria-hidden
    />
  );
});
