/**
 * Super-resolution in the browser: the RDN networks of @upscalerjs/esrgan-slim (2× and 4×), plain TF.js
 * layers models served from our own origin, run on the shared TF.js backend (a real graphics card, else
 * WebAssembly). The photo goes through in tiles with a margin (@ai-edu/ml/image-fix/tiles.ts), one at a time,
 * each tensor freed at once, so a large photo never needs more memory than one small tile; between tiles the
 * page gets a frame to draw the progress bar. The networks take and give colours as 0–255 numbers.
 */
import type * as TF from '@tensorflow/tfjs';
import type { RgbaImage } from '@ai-edu/ml/image-fix/image.ts';
import { keptRegion, planTiles } from '@ai-edu/ml/image-fix/tiles.ts';
import { countingFetch, DownloadTracker, sumKnown } from '../../lib/download-progress.ts';
import { modelBytes, modelUrl } from '../../lib/model-assets.ts';
import { visionBackend, visionTf } from '../../lib/vision/human.ts';

export type UpscaleFactor = 2 | 4;

/** The inside of a tile and its margin, in input pixels: the network sees about 10 pixels around each one. */
export const TILE_SIZE = 96;
export const TILE_MARGIN = 10;

const modelSource = (scale: UpscaleFactor) => `/models/upscale-x${scale}/`;

/** A fresh tracker for one network's download bar (its model.json and weights). */
export function upscalerDownloads(scale: UpscaleFactor): DownloadTracker {
  const base = modelSource(scale);
  return new DownloadTracker(
    sumKnown([modelBytes(`${base}model.json`), modelBytes(`${base}group1-shard1of1.bin`)]),
  );
}

const models = new Map<UpscaleFactor, Promise<TF.LayersModel>>();

/** The network for `scale`, loaded once per page. */
export function loadUpscaler(scale: UpscaleFactor, tracker: DownloadTracker): Promise<TF.LayersModel> {
  let model = models.get(scale);
  if (!model) {
    model = (async () => {
      const tf = await visionTf();
      try {
        return await tf.loadLayersModel(modelUrl(`${modelSource(scale)}model.json`), {
          fetchFunc: countingFetch(tracker),
        });
      } finally {
        tracker.finish();
      }
    })();
    model.catch(() => models.delete(scale));
    models.set(scale, model);
  }
  return model;
}

/** Frees the loaded networks (the page calls this when it closes). */
export function disposeUpscalers() {
  for (const model of models.values()) void model.then((m) => m.dispose()).catch(() => undefined);
  models.clear();
}

export interface UpscaleResult {
  image: RgbaImage;
  millis: number;
  tiles: number;
  /** The TF.js backend that ran it: 'webgl', 'wasm' or 'cpu'. */
  backend: string;
}

/** The RGB values of a region as a [1, h, w, 3] float tensor (0–255). */
function tileTensor(tf: typeof TF, image: RgbaImage, x: number, y: number, w: number, h: number) {
  const values = new Float32Array(w * h * 3);
  for (let row = 0; row < h; row++)
    for (let col = 0; col < w; col++) {
      const i = ((y + row) * image.width + (x + col)) * 4;
      const o = (row * w + col) * 3;
      values[o] = image.data[i]!;
      values[o + 1] = image.data[i + 1]!;
      values[o + 2] = image.data[i + 2]!;
    }
  return tf.tensor4d(values, [1, h, w, 3]);
}

/**
 * The photo enlarged `scale` times by the network. `onProgress(done, total)` after every tile; `signal`
 * stops between tiles.
 */
export async function upscale(
  image: RgbaImage,
  scale: UpscaleFactor,
  tracker: DownloadTracker,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UpscaleResult> {
  const tf = await visionTf();
  const model = await loadUpscaler(scale, tracker);
  const started = performance.now();
  const width = image.width * scale;
  const height = image.height * scale;
  const out = new Uint8ClampedArray(width * height * 4);
  const { tiles } = planTiles(image.width, image.height, TILE_SIZE, TILE_MARGIN);
  onProgress(0, tiles.length);
  for (const [n, tile] of tiles.entries()) {
    if (signal?.aborted) throw new DOMException('stopped', 'AbortError');
    const result = tf.tidy(() => {
      const input = tileTensor(tf, image, tile.inX, tile.inY, tile.inWidth, tile.inHeight);
      return (model.predict(input) as TF.Tensor4D).clipByValue(0, 255);
    });
    let values: Float32Array;
    try {
      values = (await result.data()) as Float32Array;
    } finally {
      result.dispose();
    }
    const kept = keptRegion(tile, scale);
    const tileWidth = tile.inWidth * scale;
    for (let row = 0; row < kept.height; row++)
      for (let col = 0; col < kept.width; col++) {
        const from = ((kept.sy + row) * tileWidth + (kept.sx + col)) * 3;
        const to = ((kept.dy + row) * width + (kept.dx + col)) * 4;
        out[to] = values[from]!;
        out[to + 1] = values[from + 1]!;
        out[to + 2] = values[from + 2]!;
        out[to + 3] = 255;
      }
    onProgress(n + 1, tiles.length);
    // Back to the page between tiles (to draw the progress bar), even in a background tab.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return {
    image: { width, height, data: out },
    millis: performance.now() - started,
    tiles: tiles.length,
    backend: (await visionBackend()).name,
  };
}
