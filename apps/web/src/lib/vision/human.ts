/**
 * On-device vision: one TensorFlow.js instance, one backend choice, and cached `Human` instances
 * (@vladmandic/human) whose models and WASM binaries come from our own origin (`/vision/models/`,
 * `/vision/wasm/`, copied from node_modules at build by apps/web/build/vision-assets.ts), never a CDN.
 *
 * We use human's "nobundle" build: it imports tfjs-core/converter/backends from node_modules, the same files
 * `@tensorflow/tfjs` uses, so human and our own trainers share one tf engine, one backend and one memory
 * count. Import this module only from a lab's chunk (it pulls in tfjs).
 */
import type * as TfModule from '@tensorflow/tfjs';
import type { Config, Human } from '@vladmandic/human';
import { DownloadTracker, observeFetches } from '../download-progress.ts';
import { humanModelBytes, humanModelNames } from './human-files.ts';
import { modelUrl } from '../model-assets.ts';

export type { Config, Human, Result, FaceResult } from '@vladmandic/human';

/** Where the build puts the assets (absolute: labs live at nested routes). */
export const VISION_MODELS_URL = modelUrl('/vision/models/');
export const VISION_WASM_URL = modelUrl('/vision/wasm/');

export type VisionBackend = 'webgl' | 'wasm';

/** Partial at every level: `{ face: { emotion: { enabled: false } } }`. */
export type VisionConfig = {
  [K in keyof Config]?: Config[K] extends object
    ? { [P in keyof Config[K]]?: DeepPartialValue<Config[K][P]> }
    : Config[K];
};
type DeepPartialValue<T> = T extends object ? { [P in keyof T]?: DeepPartialValue<T[P]> } : T;

/**
 * Our defaults: the face pipeline (detector, mesh, iris, emotion, age/gender) on, everything else off, so
 * a page downloads only what it uses. Pages turn on more (antispoof, body, hand …) with overrides.
 */
const BASE_CONFIG: VisionConfig = {
  modelBasePath: VISION_MODELS_URL,
  wasmPath: VISION_WASM_URL,
  // Our HTTP cache (ETag) is enough; IndexedDB copies would outlive a model update.
  cacheModels: false,
  debug: false,
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 5 },
    mesh: { enabled: true },
    iris: { enabled: true },
    emotion: { enabled: true },
    description: { enabled: true },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
  filter: { enabled: true, equalization: false, flip: false },
};

type Tf = typeof TfModule;
let tfReady: Promise<Tf> | undefined;
let wasmInfo: Pick<VisionBackendInfo, 'threads' | 'build'> = { threads: 0, build: null };

/**
 * Software WebGL (SwiftShader, llvmpipe: headless browsers, some school PCs without a GPU driver) is slower
 * than WASM with SIMD, so WebGL is used only when it is backed by a real GPU.
 */
function hardwareWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(
      info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER),
    );
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !/swiftshader|llvmpipe|software|basic render/i.test(renderer);
  } catch {
    return false;
  }
}

/** A forced backend for tests and benchmarks: `localStorage['vision.backend'] = 'wasm' | 'webgl'`. */
function forcedBackend(): VisionBackend | undefined {
  try {
    const value = localStorage.getItem('vision.backend');
    return value === 'wasm' || value === 'webgl' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shared tf instance with its backend ready: WebGL on a real GPU, else WASM (SIMD, threads when the page
 * is cross-origin isolated), else the plain JS CPU backend as a last resort.
 */
export function visionTf(): Promise<Tf> {
  tfReady ??= (async () => {
    const [tf, wasm] = await Promise.all([
      import('@tensorflow/tfjs'),
      import('@tensorflow/tfjs-backend-wasm'),
    ]);
    wasm.setWasmPaths(VISION_WASM_URL);
    // WASM threads share memory (SharedArrayBuffer), which browsers allow only on a cross-origin isolated page
    // (our server sends COOP/COEP). Without it (an old proxy stripping the headers, the dev server) we say so
    // up front and tfjs loads the single-threaded SIMD build; with it tfjs checks the browser itself, and the
    // workers load the unbundled glue from our origin (wasm-threaded-glue.ts), so the CSP needs no change.
    if (globalThis.crossOriginIsolated !== true) tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    const forced = forcedBackend();
    const order: string[] =
      forced === 'wasm'
        ? ['wasm', 'webgl']
        : forced === 'webgl' || hardwareWebGl()
          ? ['webgl', 'wasm']
          : ['wasm', 'webgl'];
    for (const name of [...order, 'cpu']) {
      try {
        if (await tf.setBackend(name)) {
          await tf.ready();
          if (name === 'wasm') wasmInfo = { threads: wasm.getThreadsCount(), build: wasmBuild(tf) };
          return tf;
        }
      } catch (error) {
        console.warn(`vision backend ${name} unavailable`, error);
      }
    }
    throw new Error('no TensorFlow.js backend available');
  })();
  tfReady.catch(() => {
    tfReady = undefined;
  });
  return tfReady;
}

export interface VisionBackendInfo {
  /** tf's backend name: 'wasm', 'webgl' or 'cpu'. */
  name: string;
  /**
   * Threads in the WASM backend's pool, the page's own included (0 for the other backends). tfjs uses half
   * the logical cores, 1 to 8: hyper-threaded CPUs count each core twice. So a 2-core PC gets 1 even on the
   * threaded build, a 4-core one 2.
   */
  threads: number;
  /** Which WASM binary tfjs loaded (null for the other backends). */
  build: WasmBuild | null;
}

export type WasmBuild = 'threaded-simd' | 'simd' | 'plain';

/** The binary tfjs picks from the flags it has just evaluated (the same test as its getPathToWasmBinary). */
function wasmBuild(tf: Tf): WasmBuild {
  const simd = tf.env().getBool('WASM_HAS_SIMD_SUPPORT');
  if (simd && tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT')) return 'threaded-simd';
  return simd ? 'simd' : 'plain';
}

/** The backend in use, once visionTf() has resolved. */
export async function visionBackend(): Promise<VisionBackendInfo> {
  const tf = await visionTf();
  const name = tf.getBackend();
  return name === 'wasm' ? { name, ...wasmInfo } : { name, threads: 0, build: null };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge<T>(base: T, extra: unknown): T {
  if (!isObject(base) || !isObject(extra)) return (extra === undefined ? base : extra) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) out[key] = merge(out[key], value);
  return out as T;
}

export interface HumanLoad {
  human: Promise<Human>;
  /** Its model files' download, for a progress bar (a later page with the same needs shares it). */
  downloads: DownloadTracker;
}

const humans = new Map<string, HumanLoad>();

/**
 * A ready `Human` for this configuration (models loaded, warmed up), cached per configuration so every page
 * with the same needs shares one instance and one download.
 */
export function loadHuman(overrides?: VisionConfig | Partial<Config>): Promise<Human> {
  return loadHumanWithProgress(overrides).human;
}

/** loadHuman, with the download of its model files counted as human fetches them. */
export function loadHumanWithProgress(overrides?: VisionConfig | Partial<Config>): HumanLoad {
  const config = merge(BASE_CONFIG, overrides ?? {});
  const key = JSON.stringify(config);
  let load = humans.get(key);
  if (!load) {
    const downloads = new DownloadTracker();
    const pending = (async () => {
      const tf = await visionTf();
      const { Human: HumanClass } = await import('@vladmandic/human/dist/human.esm-nobundle.js');
      const human = new HumanClass({
        ...config,
        backend: tf.getBackend(),
      } as Partial<Config>);
      // human has no download hook: its model fetches (global fetch) are counted while it loads.
      downloads.expect(humanModelBytes(humanModelNames(human.config)));
      const base = new URL(String(config.modelBasePath), window.location.href).pathname;
      await observeFetches(base, downloads, () => human.load()).finally(() => downloads.finish());
      // Compiles shaders / allocates kernels once, so the first real frame is not the slow one. human's own
      // warmup() fetches a data: URL, which our CSP (connect-src 'self') refuses: a blank frame does the same.
      const blank = document.createElement('canvas');
      blank.width = 256;
      blank.height = 256;
      blank.getContext('2d')?.fillRect(0, 0, 256, 256);
      await human.detect(blank);
      return human;
    })();
    // The bar goes when the files are in (before the warm-up) or the load failed on the way.
    pending.then(
      () => downloads.finish(),
      () => {
        downloads.finish();
        humans.delete(key);
      },
    );
    load = { human: pending, downloads };
    humans.set(key, load);
  }
  return load;
}

/**
 * A canvas's pixels as the tensor human takes as it is (int32, [height, width, 3]); the caller disposes it.
 * Handing human a tensor skips its own input path: three canvas copies and a WebGL filter pass, which is
 * software rendering on a PC without a GPU driver (about 10 ms of a 640 × 480 frame on our 2-core machine).
 * The canvas should have been made with `willReadFrequently` (its pixels stay in memory, not on the GPU).
 */
export async function frameTensor(canvas: HTMLCanvasElement): Promise<TfModule.Tensor3D> {
  const tf = await visionTf();
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('the frame canvas has no 2D context');
  return tf.browser.fromPixels(ctx.getImageData(0, 0, canvas.width, canvas.height));
}
