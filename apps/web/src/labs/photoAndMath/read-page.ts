/**
 * Reads a page into lines of text with how sure the reader was: printed pages with the shared OCR engine
 * (apps/web/src/lib/ocr, loaded only here), handwritten ones with our symbol network (TF.js, imported only
 * when a handwritten page is read). Both answer the same `PageLine`s, which the page marks.
 */
import type * as TF from '@tensorflow/tfjs';
import type { Box } from '@ai-edu/ml/digits/preprocess.ts';
import { normaliseLine } from '@ai-edu/ml/math/normalise.ts';
import { spacedText, type readHandwrittenPage, type SymbolGuess } from '@ai-edu/ml/math/read-handwriting.ts';
import { countingFetch, DownloadTracker } from '../../lib/download-progress.ts';
import { loadOcrEngine, type OcrBox } from '../../lib/ocr/index.ts';
import { MODEL_BYTES, MODEL_URL } from './meta.ts';

export interface PageChar {
  text: string;
  confidence: number;
  box: OcrBox;
  /** Handwritten only: the network's three best guesses and the 28×28 image it saw (null for a dot). */
  guesses?: SymbolGuess[];
  input?: Float32Array | null;
}

export interface PageLine {
  box: OcrBox;
  /** What was read, in maths symbols ("7 × 8 = 54"). */
  text: string;
  /** The least sure character's probability (0–1). */
  confidence: number;
  chars: PageChar[];
}

export type ReadMode = 'printed' | 'handwritten';

const toOcrBox = (b: Box): OcrBox => ({ x: b.x0, y: b.y0, width: b.x1 - b.x0 + 1, height: b.y1 - b.y0 + 1 });

/** "7x8=54" as read → "7 × 8 = 54": look-alikes mapped, spaced like a person writes it. */
export function displayText(read: string): string {
  return spacedText(Array.from(normaliseLine(read)));
}

export async function readPrinted(
  canvas: HTMLCanvasElement,
  onProgress: (loaded: number, total: number | undefined) => void,
): Promise<PageLine[]> {
  const engine = await loadOcrEngine(onProgress);
  const result = await engine.recognise(canvas);
  return (
    result.lines
      // A sum has digits; a heading or a name on the page is not marked.
      .filter((line) => /\d/.test(line.text))
      .map((line) => ({
        box: line.box,
        text: displayText(line.text),
        confidence: Math.min(line.confidence, ...line.chars.map((c) => c.confidence)),
        chars: line.chars.map((c) => ({ text: c.text, confidence: c.confidence, box: c.box })),
      }))
  );
}

interface HandwritingReader {
  tf: typeof TF;
  model: TF.LayersModel;
  read: typeof readHandwrittenPage;
}

let reader: Promise<HandwritingReader> | undefined;

/** TF.js (CPU backend: a few dozen small images need no graphics card) and the network, once per page. */
function loadHandwritingReader(tracker: DownloadTracker): Promise<HandwritingReader> {
  reader ??= (async () => {
    const [tf, { installFastCpuKernels }, { readHandwrittenPage }] = await Promise.all([
      import('@tensorflow/tfjs'),
      import('@ai-edu/ml/digits/fast-cpu-kernels.ts'),
      import('@ai-edu/ml/math/read-handwriting.ts'),
    ]);
    await tf.setBackend('cpu');
    installFastCpuKernels(tf);
    const model = await tf.loadLayersModel(MODEL_URL, { fetchFunc: countingFetch(tracker) });
    tracker.finish();
    return { tf, model, read: readHandwrittenPage };
  })().catch((error: unknown) => {
    reader = undefined;
    tracker.finish();
    throw error;
  });
  return reader;
}

/** A fresh tracker for the network's download bar. */
export const handwritingDownloads = () => new DownloadTracker(MODEL_BYTES);

export async function readHandwritten(
  canvas: HTMLCanvasElement,
  tracker: DownloadTracker,
): Promise<PageLine[]> {
  const { tf, model, read } = await loadHandwritingReader(tracker);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  const lines = await read(tf, model, context.getImageData(0, 0, canvas.width, canvas.height));
  return lines.map((line) => ({
    box: toOcrBox(line.box),
    text: line.text,
    confidence: line.confidence,
    chars: line.chars.map((c) => ({
      text: c.guesses[0]?.symbol ?? '?',
      confidence: c.guesses[0]?.probability ?? 0,
      box: toOcrBox(c.box),
      guesses: c.guesses,
      input: c.input,
    })),
  }));
}
