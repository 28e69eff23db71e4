/**
 * What the backbone is fed: float32 0–255 RGB, NHWC.
 * - cls: the image's centred square, resized to 224×224;
 * - det: the whole image stretched to S×S (S = DET_INPUT_SIZE unless the project says otherwise), so box
 *   fractions of the input are box fractions of the original.
 *
 * Resizing is bilinear with the corners aligned (the first and last output pixels sample the first and last
 * pixels of the crop), exactly what tf.image.cropAndResize does; the pure-JS `rgbaToInput` and the tensor
 * path `inputTensor` give the same numbers, so the page, a worker without TF.js (onnxruntime-web evaluation)
 * and the ONNX export see the same input. Augmented variants are other crops of the same picture (a
 * `Crop` with another square or a mirror flag), cut from the original pixels, not from the resized input.
 */
import type * as TF from '@tensorflow/tfjs';
import { CLS_INPUT_SIZE, DET_INPUT_SIZE, type Tf } from './backbone.ts';

export type TrainTask = 'cls' | 'det';

/** RGBA pixels, row-major (an ImageData's `data`). */
export interface RgbaImage {
  readonly data: Uint8Array | Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** A region of the original, in pixel indices (x1, y1 inclusive), and whether to mirror it left–right. */
export interface Crop {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly flip: boolean;
}

export function defaultInputSize(task: TrainTask): number {
  return task === 'cls' ? CLS_INPUT_SIZE : DET_INPUT_SIZE;
}

/** cls: the centred square; det: the whole image. */
export function inputCrop(task: TrainTask, width: number, height: number): Crop {
  if (task === 'det') return { x0: 0, y0: 0, x1: width - 1, y1: height - 1, flip: false };
  const side = Math.min(width, height);
  const x0 = Math.floor((width - side) / 2);
  const y0 = Math.floor((height - side) / 2);
  return { x0, y0, x1: x0 + side - 1, y1: y0 + side - 1, flip: false };
}

/** The backbone input of one crop from RGBA pixels: size×size×3 float32 0–255 (no TF.js needed). */
export function cropToInput(image: RgbaImage, crop: Crop, size: number): Float32Array {
  const { data, width, height } = image;
  if (data.length < width * height * 4) throw new Error('pixel data shorter than width × height × 4');
  const out = new Float32Array(size * size * 3);
  const stepY = size > 1 ? (crop.y1 - crop.y0) / (size - 1) : 0;
  const stepX = size > 1 ? (crop.x1 - crop.x0) / (size - 1) : 0;
  for (let i = 0; i < size; i++) {
    const y = crop.y0 + i * stepY;
    const ya = Math.max(0, Math.min(height - 1, Math.floor(y)));
    const yb = Math.min(height - 1, ya + 1);
    const fy = y - ya;
    for (let j = 0; j < size; j++) {
      const x = crop.x0 + j * stepX;
      const xa = Math.max(0, Math.min(width - 1, Math.floor(x)));
      const xb = Math.min(width - 1, xa + 1);
      const fx = x - xa;
      const col = crop.flip ? size - 1 - j : j;
      const o = (i * size + col) * 3;
      const p00 = (ya * width + xa) * 4;
      const p01 = (ya * width + xb) * 4;
      const p10 = (yb * width + xa) * 4;
      const p11 = (yb * width + xb) * 4;
      for (let c = 0; c < 3; c++) {
        const top = data[p00 + c]! + (data[p01 + c]! - data[p00 + c]!) * fx;
        const bottom = data[p10 + c]! + (data[p11 + c]! - data[p10 + c]!) * fx;
        out[o + c] = top + (bottom - top) * fy;
      }
    }
  }
  return out;
}

/** The backbone input of a picture for a task (cls: centred square; det: stretched), pure JS. */
export function rgbaToInput(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  task: TrainTask,
  size = defaultInputSize(task),
): Float32Array {
  return cropToInput({ data: rgba, width, height }, inputCrop(task, width, height), size);
}

/**
 * The backbone input as a [n, size, size, 3] tensor, one row per crop (default: the task's crop), from RGBA
 * pixels or from an image tensor [h, w, 3 | 4] (0–255, e.g. tf.browser.fromPixels).
 */
export function inputTensor(
  tf: Tf,
  source: RgbaImage | TF.Tensor3D,
  task: TrainTask,
  size = defaultInputSize(task),
  crops?: readonly Crop[],
): TF.Tensor4D {
  if (!(source instanceof tf.Tensor)) {
    const list = crops ?? [inputCrop(task, source.width, source.height)];
    const flat = new Float32Array(list.length * size * size * 3);
    list.forEach((crop, i) => flat.set(cropToInput(source, crop, size), i * size * size * 3));
    return tf.tensor4d(flat, [list.length, size, size, 3]);
  }
  const [height, width] = source.shape;
  const list = crops ?? [inputCrop(task, width, height)];
  return tf.tidy(() => {
    const rgb = (source.shape[2] === 3 ? source : source.slice([0, 0, 0], [height, width, 3]))
      .toFloat()
      .expandDims<TF.Tensor4D>(0);
    const dy = Math.max(1, height - 1);
    const dx = Math.max(1, width - 1);
    const boxes = list.map((c) => [c.y0 / dy, c.x0 / dx, c.y1 / dy, c.x1 / dx]);
    const cut = tf.image.cropAndResize(
      rgb,
      boxes,
      list.map(() => 0),
      [size, size],
      'bilinear',
    );
    if (!list.some((c) => c.flip)) return cut;
    const rows = tf.unstack(cut);
    return tf.stack(rows.map((row, i) => (list[i]!.flip ? tf.reverse(row, 1) : row))) as TF.Tensor4D;
  });
}
