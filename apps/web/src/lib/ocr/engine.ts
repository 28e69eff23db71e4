/**
 * The OCR engine: PaddleOCR PP-OCRv4 (detector → angle classifier → recogniser) on onnxruntime-web's WASM,
 * single-threaded (no cross-origin isolation needed). Models and WASM come from our origin (build/vision-assets.ts);
 * the pre/post-processing is plain code in @ai-edu/ml/ocr (unit-tested in Node).
 */
import * as ort from 'onnxruntime-web/wasm';
import {
  binarise,
  boundsOf,
  charPolygon,
  cropLine,
  ctcAlphabet,
  ctcGreedyDecode,
  detectionInput,
  detectionSize,
  detectRegions,
  padCropWidth,
  readingOrder,
  rotateCrop180,
  scaleRect,
  type RgbaImage,
  type RotatedRect,
} from '@ai-edu/ml/ocr/index.ts';
import { DownloadTracker, countingFetch, observeFetches, sumKnown } from '../download-progress';
import { modelBytes, modelUrl } from '../model-assets';
import type { OcrEngine, OcrLine, OcrResult, OcrStage } from './index';

const FILES = {
  detector: '/models/ocr/ch_PP-OCRv4_det_infer.onnx',
  recogniser: '/models/ocr/ch_PP-OCRv4_rec_infer.onnx',
  classifier: '/models/ocr/ch_ppocr_mobile_v2.0_cls_infer.onnx',
  dictionary: '/models/ocr/ppocr_keys_v1.txt',
} as const;
const WASM_DIR = '/models/ocr-wasm/';
const WASM_FILE = `${WASM_DIR}ort-wasm-simd-threaded.wasm`;

/** The angle classifier's input width; a line it finds upside down (this sure) is turned round. */
const CLASSIFY_WIDTH = 192;
const UPSIDE_DOWN_CONFIDENCE = 0.9;

type Session = ort.InferenceSession;

async function run(session: Session, data: Float32Array, dims: number[]) {
  const input = new ort.Tensor('float32', data, dims);
  const outputs = await session.run({ [session.inputNames[0]!]: input });
  const output = outputs[session.outputNames[0]!]!;
  const result = { data: output.data as Float32Array, dims: [...output.dims] };
  input.dispose();
  output.dispose();
  return result;
}

/** Draws any accepted input onto a canvas of the given size (scaled) and reads its pixels. */
function pixelsOf(
  image: HTMLCanvasElement | ImageBitmap | ImageData,
  width = image.width,
  height = image.height,
): RgbaImage {
  if (image instanceof ImageData && width === image.width && height === image.height) return image;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  if (image instanceof ImageData) {
    const source = document.createElement('canvas');
    source.width = image.width;
    source.height = image.height;
    source.getContext('2d')!.putImageData(image, 0, 0);
    context.drawImage(source, 0, 0, width, height);
  } else {
    context.drawImage(image, 0, 0, width, height);
  }
  return context.getImageData(0, 0, width, height);
}

/** The binarised map as a picture: text white on black. */
function mapImage(mask: Uint8Array, width: number, height: number): ImageData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < mask.length; i++) {
    const value = mask[i] ? 255 : 0;
    data[i * 4] = value;
    data[i * 4 + 1] = value;
    data[i * 4 + 2] = value;
    data[i * 4 + 3] = 255;
  }
  return new ImageData(data, width, height);
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class PaddleOcrEngine implements OcrEngine {
  constructor(
    private readonly detector: Session,
    private readonly classifier: Session,
    private readonly recogniser: Session,
    private readonly alphabet: string[],
  ) {}

  async recognise(
    image: HTMLCanvasElement | ImageBitmap | ImageData,
    onStage?: (stage: OcrStage, done: number, total: number) => void,
  ): Promise<OcrResult> {
    const { width, height } = image;
    const pixels = pixelsOf(image);

    // 1. Where is there text? A probability for every pixel of a (resized) copy.
    let started = performance.now();
    onStage?.('detect', 0, 1);
    const size = detectionSize(width, height);
    const small = pixelsOf(image, size.width, size.height);
    const map = await run(this.detector, detectionInput(small.data, size.width, size.height), [
      1,
      3,
      size.height,
      size.width,
    ]);
    const regions = detectRegions(map.data, size.width, size.height);
    const rects = regions.map((r) => scaleRect(r.rect, width / size.width, height / size.height));
    const detectionMap = mapImage(binarise(map.data), size.width, size.height);
    onStage?.('detect', 1, 1);
    const detect = performance.now() - started;

    // 2. Is any line upside down?
    started = performance.now();
    const crops = rects.map((rect) => cropLine(pixels, rect));
    for (const [i, rect] of rects.entries()) {
      onStage?.('classify', i, rects.length);
      const small = padCropWidth(cropLine(pixels, rect, 48, CLASSIFY_WIDTH), CLASSIFY_WIDTH);
      const out = await run(this.classifier, small.tensor, [1, 3, small.height, small.width]);
      if ((out.data[1] ?? 0) > UPSIDE_DOWN_CONFIDENCE) crops[i] = rotateCrop180(crops[i]!);
    }
    onStage?.('classify', rects.length, rects.length);
    const classify = performance.now() - started;

    // 3. Read each line: a column of character probabilities per step along it.
    started = performance.now();
    const lines: OcrLine[] = [];
    for (const [i, crop] of crops.entries()) {
      onStage?.('recognise', i, crops.length);
      await yieldToPage(); // lets the progress bar paint between lines
      const out = await run(this.recogniser, crop.tensor, [1, 3, crop.height, crop.width]);
      const [, steps = 0, classes = 0] = out.dims;
      const decoded = ctcGreedyDecode(out.data, steps, classes, this.alphabet);
      if (!decoded.text) continue;
      lines.push(toLine(rects[i]!, decoded, width, height));
    }
    onStage?.('recognise', crops.length, crops.length);
    const recognise = performance.now() - started;

    return {
      width,
      height,
      lines: readingOrder(lines),
      detectionMap,
      millis: { detect, classify, recognise },
    };
  }
}

function toLine(
  rect: RotatedRect,
  decoded: ReturnType<typeof ctcGreedyDecode>,
  width: number,
  height: number,
): OcrLine {
  return {
    text: decoded.text,
    confidence: decoded.confidence,
    box: boundsOf(rect.corners, width, height),
    polygon: rect.corners.map(([x, y]) => [x, y] as [number, number]),
    chars: decoded.chars.map((char, index) => ({
      text: char.text,
      confidence: char.confidence,
      box: boundsOf(charPolygon(rect, decoded, index), width, height),
    })),
  };
}

/** Downloads the three models, the dictionary and the WASM (counted in `onProgress`), and opens the sessions. */
export async function createOcrEngine(
  onProgress: (loadedBytes: number, totalBytes: number | undefined) => void,
): Promise<OcrEngine> {
  const all = [...Object.values(FILES), WASM_FILE];
  const tracker = new DownloadTracker(sumKnown(all.map(modelBytes)));
  const unsubscribe = tracker.subscribe(() => {
    const { received, total } = tracker.snapshot();
    onProgress(received, total);
  });
  const fetchCounted = countingFetch(tracker);
  const download = async (file: string) => {
    const response = await fetchCounted(modelUrl(file));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return response;
  };
  try {
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    ort.env.wasm.wasmPaths = modelUrl(WASM_DIR);
    const options: ort.InferenceSession.SessionOptions = {
      executionProviders: ['wasm'],
      graphOptimizationLevel: 'all',
    };
    const open = async (file: string) =>
      ort.InferenceSession.create(new Uint8Array(await (await download(file)).arrayBuffer()), options);
    // The WASM is fetched by onnxruntime itself when the first session opens: counted through the fetch hook.
    const [detector, classifier, recogniser, dictionary] = await observeFetches(
      modelUrl(WASM_DIR),
      tracker,
      async () => {
        // The detector first: opening it loads the WASM; the others then reuse the runtime.
        const detector = await open(FILES.detector);
        const [classifier, recogniser, dictionary] = await Promise.all([
          open(FILES.classifier),
          open(FILES.recogniser),
          download(FILES.dictionary).then((r) => r.text()),
        ]);
        return [detector, classifier, recogniser, dictionary] as const;
      },
    );
    return new PaddleOcrEngine(detector, classifier, recogniser, ctcAlphabet(dictionary));
  } finally {
    tracker.finish();
    unsubscribe();
  }
}
