import { useEffect, useRef } from 'react';
import type { FeatureMaps } from '../worker-protocol.ts';

/** Maps a value to an RGB colour. */
export type Palette = (value: number) => [number, number, number];

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** Paper white to ink: the pixels the network reads. */
export const inkPalette: Palette = (v) => {
  const t = Math.max(0, Math.min(1, v));
  return [mix(255, 29, t), mix(255, 32, t), mix(255, 69, t)];
};

/** White (nothing) to a strong indigo (a strong answer): activations, which are never negative. */
export const heatPalette =
  (max: number): Palette =>
  (v) => {
    const t = max > 0 ? Math.max(0, Math.min(1, v / max)) : 0;
    // Through a light violet so weak answers are still visible on a projector.
    return t < 0.5
      ? [mix(255, 168, t * 2), mix(255, 160, t * 2), mix(255, 255, t * 2)]
      : [mix(168, 47, t * 2 - 1), mix(160, 38, t * 2 - 1), mix(255, 170, t * 2 - 1)];
  };

/** Blue (negative) – white (zero) – red (positive), symmetric around zero: filter weights. */
export const signedPalette =
  (max: number): Palette =>
  (v) => {
    const t = max > 0 ? Math.max(-1, Math.min(1, v / max)) : 0;
    return t >= 0
      ? [mix(255, 214, t), mix(255, 51, t), mix(255, 65, t)]
      : [mix(255, 37, -t), mix(255, 99, -t), mix(255, 235, -t)];
  };

/** The largest absolute value of every map of a layer: one scale per layer keeps maps comparable. */
export function maxAbs(maps: FeatureMaps): number {
  let max = 0;
  for (const v of maps.data) max = Math.max(max, Math.abs(v));
  return max;
}

export interface MapCanvasProps {
  /** Values row by row, `count` interleaved channels per pixel (channels last). */
  data: Float32Array;
  width: number;
  height: number;
  count?: number;
  /** Which channel to draw. */
  channel?: number;
  palette: Palette;
  label: string;
  className?: string;
}

/** The props that draw map `channel` of a layer's feature maps. */
export const mapProps = (maps: FeatureMaps, channel: number) => ({
  data: maps.data,
  width: maps.size,
  height: maps.size,
  count: maps.count,
  channel,
});

/** One feature map (or filter, or image) as a tiny canvas, scaled up by CSS with crisp square pixels. */
export function MapCanvas({
  data,
  width,
  height,
  count = 1,
  channel = 0,
  palette,
  label,
  className,
}: MapCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    const image = ctx.createImageData(width, height);
    for (let i = 0; i < width * height; i++) {
      const [r, g, b] = palette(data[i * count + channel] ?? 0);
      image.data[i * 4] = r;
      image.data[i * 4 + 1] = g;
      image.data[i * 4 + 2] = b;
      image.data[i * 4 + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
  }, [data, width, height, count, channel, palette]);
  return (
    <canvas
      ref={ref}
      className={['np-map', className].filter(Boolean).join(' ')}
      width={width}
      height={height}
      role="img"
      aria-label={label}
    />
  );
}
