/** Messages between the page and the OpenCV worker (opencv.worker.ts); pixels travel as transferred buffers. */
import type { DownloadProgress } from '../../lib/download-progress.ts';

export type InpaintMethod = 'telea' | 'ns';
export type DenoiseMethod = 'median' | 'bilateral';

/** Strengths 0 (off) to 1 (strongest) of each enhancement the worker applies. */
export interface EnhanceSettings {
  contrast: number;
  denoise: number;
  denoiseMethod: DenoiseMethod;
  sharpen: number;
}

interface Pixels {
  width: number;
  height: number;
  /** RGBA bytes. */
  pixels: ArrayBuffer;
}

export type CvRequest =
  | { type: 'init'; url: string; expectedBytes?: number }
  | (Pixels & { type: 'inpaint'; id: number; mask: ArrayBuffer; method: InpaintMethod; radius: number })
  | (Pixels & { type: 'enhance'; id: number; settings: EnhanceSettings });

export type CvReply =
  | { type: 'download'; progress: DownloadProgress }
  | { type: 'ready'; version: string }
  | { type: 'initFailed'; message: string }
  | (Pixels & { type: 'done'; id: number; millis: number })
  | { type: 'failed'; id: number; message: string };
