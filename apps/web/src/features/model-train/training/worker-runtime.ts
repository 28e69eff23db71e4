/**
 * TF.js inside the training worker: the WASM backend (SIMD, one thread: workers of the WASM thread pool would
 * need the threaded glue that only the page's bundle rewires, and a 2-core school PC gets one thread anyway),
 * its binaries from our own origin; the plain JS CPU backend when WASM cannot start.
 * Also the backbone's files, fetched once from our origin and kept (the exports need them too).
 */
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { backboneFiles, loadBackbone, type GraphJson } from '@ai-edu/ml/model-train/backbone.ts';
import { countingFetch, DownloadTracker } from '../../../lib/download-progress.ts';
import { modelBytes, modelUrl } from '../../../lib/model-assets.ts';

export { tf };
export type Tf = typeof tf;

const WASM_URL = modelUrl('/vision/wasm/');
const MODELS_SOURCE = '/vision/models/';

let ready: Promise<string> | undefined;

/** Starts the backend once; resolves to its name. */
export function initTf(): Promise<string> {
  ready ??= (async () => {
    try {
      setWasmPaths(new URL(WASM_URL, self.location.href).href);
      tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
      if (await tf.setBackend('wasm')) {
        await tf.ready();
        return 'wasm';
      }
    } catch (error) {
      console.warn('model-train: WASM backend unavailable', error);
    }
    await tf.setBackend('cpu');
    await tf.ready();
    return 'cpu';
  })();
  return ready;
}

export interface Backbone {
  model: tf.GraphModel;
  /** The graph description as served (the exports copy it). */
  json: GraphJson;
  /** The weight files, in the order of its manifest. */
  weights: { name: string; bytes: Uint8Array }[];
}

let backbone: Promise<Backbone> | undefined;

/** The backbone, downloaded once per worker; `onBytes` counts the download. */
export function loadServedBackbone(onBytes?: (received: number, total: number | undefined) => void) {
  backbone ??= (async () => {
    await initTf();
    const files = backboneFiles();
    const expected = [files.json, ...files.weights]
      .map((name) => modelBytes(MODELS_SOURCE + name))
      .reduce<number | undefined>(
        (sum, n) => (sum === undefined || n === undefined ? undefined : sum + n),
        0,
      );
    const tracker = new DownloadTracker(expected);
    const unsubscribe = tracker.subscribe(() => {
      const s = tracker.snapshot();
      onBytes?.(s.received, s.total);
    });
    const fetcher = countingFetch(tracker);
    const base = new URL(modelUrl(MODELS_SOURCE), self.location.href).href;
    const get = async (name: string) => {
      const response = await fetcher(base + name);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      return response;
    };
    try {
      const json = (await (await get(files.json)).json()) as GraphJson;
      const names = json.weightsManifest.flatMap((g) => g.paths);
      const weights = await Promise.all(
        names.map(async (name) => ({ name, bytes: new Uint8Array(await (await get(name)).arrayBuffer()) })),
      );
      const model = await loadBackbone(
        tf,
        json,
        weights.map((w) => w.bytes),
      );
      return { model, json, weights };
    } finally {
      tracker.finish();
      unsubscribe();
    }
  })();
  backbone.catch(() => {
    backbone = undefined;
  });
  return backbone;
}

/** RGBA pixels of a picture (a Blob or an ImageBitmap), decoded with an OffscreenCanvas. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export async function decodePixels(source: Blob | ImageBitmap): Promise<Pixels> {
  const bitmap = source instanceof Blob ? await createImageBitmap(source) : source;
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas in this browser');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { data, width: bitmap.width, height: bitmap.height };
  } finally {
    if (source instanceof Blob) bitmap.close();
  }
}

/** Fetches one dataset image (same origin, with the session cookie) and decodes it. */
export async function fetchPixels(url: string): Promise<Pixels> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return decodePixels(await response.blob());
}
