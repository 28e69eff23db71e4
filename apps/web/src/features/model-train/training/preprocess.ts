/**
 * Pure-JS preprocessing of RGBA pixels into the backbone's input (float32 0–255 RGB NHWC, size×size): the
 * page, the worker and Node (the e2e compares ONNX outputs) run this same code, so inputs agree exactly.
 *
 * Bilinear with half-pixel centres (as tf.image.resizeBilinear with halfPixelCenters), edges clamped.
 * cls: the centred square crop; det: the whole image stretched. Augmented variants use another crop window
 * and/or a horizontal flip.
 */
import type { TrainKind } from '@ai-edu/contract';

export interface Rgba {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/** A window of the source image, in pixels. */
export interface CropWindow {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function centreSquare(width: number, height: number): CropWindow {
  const side = Math.min(width, height);
  return { x: (width - side) / 2, y: (height - side) / 2, w: side, h: side };
}

export function cropResize(px: Rgba, window: CropWindow, size: number, flip = false): Float32Array {
  const out = new Float32Array(size * size * 3);
  const { data, width, height } = px;
  const sx = window.w / size;
  const sy = window.h / size;
  for (let i = 0; i < size; i++) {
    const fy = Math.min(Math.max(window.y + (i + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, height - 1);
    const wy = fy - y0;
    for (let j = 0; j < size; j++) {
      const col = flip ? size - 1 - j : j;
      const fx = Math.min(Math.max(window.x + (col + 0.5) * sx - 0.5, 0), width - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, width - 1);
      const wx = fx - x0;
      const a = (y0 * width + x0) * 4;
      const b = (y0 * width + x1) * 4;
      const c = (y1 * width + x0) * 4;
      const d = (y1 * width + x1) * 4;
      const o = (i * size + j) * 3;
      for (let k = 0; k < 3; k++) {
        const top = data[a + k]! * (1 - wx) + data[b + k]! * wx;
        const bottom = data[c + k]! * (1 - wx) + data[d + k]! * wx;
        out[o + k] = top * (1 - wy) + bottom * wy;
      }
    }
  }
  return out;
}

/** The model's input for one image: cls centre square, det whole image. */
export function imageToInput(px: Rgba, kind: TrainKind, size: number): Float32Array {
  const window =
    kind === 'cls' ? centreSquare(px.width, px.height) : { x: 0, y: 0, w: px.width, h: px.height };
  return cropResize(px, window, size);
}
