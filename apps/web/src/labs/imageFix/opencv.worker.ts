/**
 * OpenCV in a classic worker, so its 7 MB script stays out of the page's bundle and its work never freezes
 * the page. The script (WebAssembly inside) comes from our own origin: first read with a byte count for the
 * download bar, then run with importScripts, which the browser answers from its cache. Repair is OpenCV's
 * inpainting (Telea's fast marching or the Navier–Stokes method); enhancement is CLAHE contrast on the
 * lightness channel, median or bilateral denoising and unsharp-mask sharpening, each by its strength.
 *
 * OpenCV.js makes its bindings with `new Function`: the server lets this one worker script do that
 * (apps/server/src/plugins/security.ts). No runtime imports here: a classic worker cannot load modules.
 */
import type { CvReply, CvRequest, EnhanceSettings, InpaintMethod } from './opencv-protocol.ts';

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- OpenCV.js ships no usable types; its API is used as documented. */

// The app's TypeScript lib is the DOM one; this is the part of a dedicated worker's scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CvRequest>) => void) | null;
  postMessage: (message: CvReply, transfer?: Transferable[]) => void;
  importScripts: (...urls: string[]) => void;
  Module?: Record<string, unknown>;
  cv?: unknown;
};

const post = (message: CvReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

let cv: any;

/** Reads the script once, counting bytes, so the page can show "3.1 / 7.7 MB". */
async function download(url: string, expected: number | undefined) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
  const total = expected ?? (Number(response.headers.get('content-length')) || undefined);
  let received = 0;
  let last = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received - last > 256 * 1024) {
      last = received;
      post({ type: 'download', progress: { received, total, done: false } });
    }
  }
  post({ type: 'download', progress: { received, total, done: true } });
}

async function init(url: string, expected: number | undefined) {
  try {
    await download(url, expected).catch(() =>
      post({ type: 'download', progress: { received: 0, total: undefined, done: true } }),
    );
    const started = new Promise<void>((resolve) => {
      scope.Module = { onRuntimeInitialized: () => resolve() };
    });
    scope.importScripts(url);
    // In a worker the script leaves its factory as `cv`; calling it starts the WebAssembly runtime.
    const instance: any = typeof scope.cv === 'function' ? (scope.cv as () => unknown)() : scope.cv;
    if (instance && typeof instance.Mat === 'function' && instance.inpaint) cv = instance;
    else {
      await started;
      cv = instance ?? scope.Module;
    }
    if (!cv || typeof cv.inpaint !== 'function') throw new Error('OpenCV started without inpaint');
    post({
      type: 'ready',
      version: String(cv.getBuildInformation?.().match(/Version control:\s*(\S+)/)?.[1] ?? '4.5'),
    });
  } catch (error) {
    post({ type: 'initFailed', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Runs `work` with a list of Mats that are always freed (OpenCV's memory is not garbage-collected). */
function withMats<T>(work: (keep: (mat: any) => any) => T): T {
  const mats: any[] = [];
  try {
    return work((mat) => {
      mats.push(mat);
      return mat;
    });
  } finally {
    for (const mat of mats) mat.delete();
  }
}

function rgbOf(width: number, height: number, pixels: ArrayBuffer, keep: (mat: any) => any) {
  const rgba = keep(cv.matFromImageData({ width, height, data: new Uint8ClampedArray(pixels) }));
  const rgb = keep(new cv.Mat());
  cv.cvtColor(rgba, rgb, cv.COLOR_RGBA2RGB);
  return rgb;
}

function rgbaBytes(rgb: any, keep: (mat: any) => any): ArrayBuffer {
  const rgba = keep(new cv.Mat());
  cv.cvtColor(rgb, rgba, cv.COLOR_RGB2RGBA);
  return new Uint8ClampedArray(rgba.data).buffer;
}

function inpaint(
  width: number,
  height: number,
  pixels: ArrayBuffer,
  maskBytes: ArrayBuffer,
  method: InpaintMethod,
  radius: number,
) {
  return withMats((keep) => {
    const rgb = rgbOf(width, height, pixels, keep);
    const mask = keep(new cv.Mat(height, width, cv.CV_8UC1));
    mask.data.set(new Uint8Array(maskBytes));
    const out = keep(new cv.Mat());
    cv.inpaint(rgb, mask, out, radius, method === 'ns' ? cv.INPAINT_NS : cv.INPAINT_TELEA);
    return rgbaBytes(out, keep);
  });
}

function enhance(width: number, height: number, pixels: ArrayBuffer, s: EnhanceSettings) {
  return withMats((keep) => {
    let current = rgbOf(width, height, pixels, keep);
    if (s.denoise > 0) {
      const out = keep(new cv.Mat());
      if (s.denoiseMethod === 'median') {
        cv.medianBlur(current, out, s.denoise < 0.4 ? 3 : s.denoise < 0.75 ? 5 : 7);
      } else {
        cv.bilateralFilter(
          current,
          out,
          5 + Math.round(4 * s.denoise),
          20 + 80 * s.denoise,
          4 + 6 * s.denoise,
        );
      }
      current = out;
    }
    if (s.contrast > 0) {
      // CLAHE on lightness only (Lab's L), so colours do not shift; the result blended by the strength.
      const lab = keep(new cv.Mat());
      cv.cvtColor(current, lab, cv.COLOR_RGB2Lab);
      const channels = new cv.MatVector();
      try {
        cv.split(lab, channels);
        const lightness = keep(channels.get(0));
        const equalised = keep(new cv.Mat());
        const clahe = new cv.CLAHE(1.5 + 2.5 * s.contrast, new cv.Size(8, 8));
        try {
          clahe.apply(lightness, equalised);
        } finally {
          clahe.delete();
        }
        const mixed = keep(new cv.Mat());
        cv.addWeighted(lightness, 1 - s.contrast, equalised, s.contrast, 0, mixed);
        channels.set(0, mixed);
        const merged = keep(new cv.Mat());
        cv.merge(channels, merged);
        const out = keep(new cv.Mat());
        cv.cvtColor(merged, out, cv.COLOR_Lab2RGB);
        current = out;
      } finally {
        channels.delete();
      }
    }
    if (s.sharpen > 0) {
      // Unsharp mask: add back the difference between the photo and a blurred copy (its fine detail).
      const blurred = keep(new cv.Mat());
      cv.GaussianBlur(current, blurred, new cv.Size(0, 0), 1.5);
      const amount = 1.6 * s.sharpen;
      const out = keep(new cv.Mat());
      cv.addWeighted(current, 1 + amount, blurred, -amount, 0, out);
      current = out;
    }
    return rgbaBytes(current, keep);
  });
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'init') {
    void init(request.url, request.expectedBytes);
    return;
  }
  const started = performance.now();
  try {
    if (!cv) throw new Error('OpenCV is not loaded');
    const pixels =
      request.type === 'inpaint'
        ? inpaint(request.width, request.height, request.pixels, request.mask, request.method, request.radius)
        : enhance(request.width, request.height, request.pixels, request.settings);
    post(
      {
        type: 'done',
        id: request.id,
        width: request.width,
        height: request.height,
        pixels,
        millis: performance.now() - started,
      },
      [pixels],
    );
  } catch (error) {
    const message =
      typeof error === 'number' && cv?.exceptionFromPtr
        ? String(cv.exceptionFromPtr(error).msg)
        : error instanceof Error
          ? error.message
          : String(error);
    post({ type: 'failed', id: request.id, message });
  }
};
