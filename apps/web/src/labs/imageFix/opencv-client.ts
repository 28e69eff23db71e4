/**
 * The page's side of the OpenCV worker: starts it (the download bar mirrors the worker's byte count), sends
 * photos for repair or enhancement and hands back the results as promises. One per page; `dispose` ends it.
 */
import type { RgbaImage } from '@ai-edu/ml/image-fix/image.ts';
import { DownloadMirror } from '../../lib/download-progress.ts';
import { modelBytes, modelUrl } from '../../lib/model-assets.ts';
import type { CvReply, CvRequest, EnhanceSettings, InpaintMethod } from './opencv-protocol.ts';

const OPENCV_SOURCE = '/models/opencv/opencv.js';

export interface CvResult {
  image: RgbaImage;
  millis: number;
}

export class OpenCvClient {
  readonly downloads = new DownloadMirror();
  /** Resolves when OpenCV has started in the worker; rejects with why it could not. */
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: CvResult) => void; reject: (e: Error) => void }
  >();

  constructor() {
    // A classic worker (no `type: 'module'`): OpenCV's script is loaded into it with importScripts.
    this.worker = new Worker(new URL('./opencv.worker.ts', import.meta.url), { name: 'opencv' });
    let markReady: () => void = () => undefined;
    let markFailed: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    // Nobody may be waiting yet; a failure is still reported through `ready`.
    this.ready.catch(() => undefined);
    this.worker.onmessage = (event: MessageEvent<CvReply>) => {
      const reply = event.data;
      switch (reply.type) {
        case 'download':
          this.downloads.set(reply.progress);
          break;
        case 'ready':
          this.downloads.set({ ...this.downloads.snapshot(), done: true });
          markReady();
          break;
        case 'initFailed':
          this.downloads.set({ ...this.downloads.snapshot(), done: true });
          markFailed(new Error(reply.message));
          break;
        case 'done':
        case 'failed': {
          const waiting = this.pending.get(reply.id);
          this.pending.delete(reply.id);
          if (!waiting) break;
          if (reply.type === 'failed') waiting.reject(new Error(reply.message));
          else
            waiting.resolve({
              image: { width: reply.width, height: reply.height, data: new Uint8ClampedArray(reply.pixels) },
              millis: reply.millis,
            });
          break;
        }
      }
    };
    this.worker.onerror = (event) => {
      markFailed(new Error(event.message || 'the OpenCV worker failed'));
      for (const waiting of this.pending.values())
        waiting.reject(new Error(event.message || 'worker failed'));
      this.pending.clear();
    };
    const url = new URL(modelUrl(OPENCV_SOURCE), globalThis.location.href).href;
    this.send({ type: 'init', url, expectedBytes: modelBytes(OPENCV_SOURCE) });
  }

  private send(request: CvRequest, transfer: Transferable[] = []) {
    this.worker.postMessage(request, transfer);
  }

  private async run(
    build: (id: number, pixels: ArrayBuffer) => CvRequest,
    image: RgbaImage,
    extra: Transferable[] = [],
  ) {
    await this.ready;
    const id = this.nextId++;
    // A copy travels (transferred), so the caller's picture stays usable.
    const pixels = new Uint8ClampedArray(image.data).buffer;
    return new Promise<CvResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send(build(id, pixels), [pixels, ...extra]);
    });
  }

  /** Fills the masked pixels (mask: 255 = repair) from their surroundings. */
  inpaint(image: RgbaImage, mask: Uint8Array, method: InpaintMethod, radius: number): Promise<CvResult> {
    const maskBytes = new Uint8Array(mask).buffer;
    return this.run(
      (id, pixels) => ({
        type: 'inpaint',
        id,
        width: image.width,
        height: image.height,
        pixels,
        mask: maskBytes,
        method,
        radius,
      }),
      image,
      [maskBytes],
    );
  }

  enhance(image: RgbaImage, settings: EnhanceSettings): Promise<CvResult> {
    return this.run(
      (id, pixels) => ({ type: 'enhance', id, width: image.width, height: image.height, pixels, settings }),
      image,
    );
  }

  dispose() {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new Error('closed'));
    this.pending.clear();
  }
}
