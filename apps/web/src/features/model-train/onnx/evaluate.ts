/**
 * Evaluates an uploaded ONNX model on a project's test images in the browser with onnxruntime-web (WASM from
 * our origin, single thread, as the OCR engine does): each picture is cropped/stretched and resized exactly as
 * the training page does (`rgbaToInput`), run, decoded (det: `decodeDetections`), and scored with the same
 * metric functions as the page's own evaluation.
 */
import * as ort from 'onnxruntime-web/wasm';
import type { EvaluationMetrics, TrainImage, TrainProject } from '@ai-edu/contract';
import { decodeDetections, type Detection } from '@ai-edu/ml/model-train/decode.ts';
import { evaluateClassification, evaluateDetection } from '@ai-edu/ml/model-train/metrics.ts';
import { rgbaToInput } from '@ai-edu/ml/model-train/preprocess.ts';
import { modelUrl } from '../../../lib/model-assets.ts';
import { mapLabels, pickClass, toChannelsFirst, type OnnxEvalConfig } from './model-config.ts';

const WASM_DIR = '/models/ocr-wasm/';

export interface OnnxEvalProgress {
  done: number;
  total: number;
}

export interface OnnxImagePrediction {
  imageId: number;
  /** cls: the project class index picked (-1: none of the model's labels is a project class). */
  predicted?: number;
  /** det: boxes as fractions, labels as project class indices. */
  detections?: Detection[];
}

export interface OnnxEvalResult {
  metrics: EvaluationMetrics;
  predictions: OnnxImagePrediction[];
  imageCount: number;
}

export class OnnxEvalError extends Error {
  constructor(
    readonly code: 'noLabelsMatch' | 'noImages' | 'badOutput' | 'loadFailed',
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'OnnxEvalError';
  }
}

/** The picture's RGBA pixels, decoded by the browser. */
async function pixels(url: string, signal?: AbortSignal) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** onnxruntime-web with its WASM from our origin (build/vision-assets.ts serves it for the OCR engine too). */
function createSession(bytes: Uint8Array): Promise<ort.InferenceSession> {
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.wasm.wasmPaths = modelUrl(WASM_DIR);
  return ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
}

async function openSession(
  url: string,
  create: (bytes: Uint8Array) => Promise<ort.InferenceSession>,
  signal?: AbortSignal,
): Promise<ort.InferenceSession> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new OnnxEvalError('loadFailed', `HTTP ${response.status}`);
  try {
    return await create(new Uint8Array(await response.arrayBuffer()));
  } catch (error) {
    throw new OnnxEvalError('loadFailed', error instanceof Error ? error.message : String(error));
  }
}

function outputByName(
  outputs: ort.InferenceSession.ReturnType,
  names: readonly string[],
  wanted: string,
  fallback: number,
) {
  const name = names.includes(wanted) ? wanted : names[fallback];
  const tensor = name ? outputs[name] : undefined;
  if (!tensor) throw new OnnxEvalError('badOutput', `no output ${wanted}`);
  return tensor;
}

export async function evaluateOnnxModel(options: {
  url: string;
  config: OnnxEvalConfig;
  project: Pick<TrainProject, 'kind' | 'classes'>;
  images: readonly TrainImage[];
  onProgress?: (p: OnnxEvalProgress) => void;
  signal?: AbortSignal;
  /** Tests in Node: a session without the page's WASM location, pixels without a canvas. */
  createSession?: (bytes: Uint8Array) => Promise<ort.InferenceSession>;
  loadPixels?: (
    url: string,
    signal?: AbortSignal,
  ) => Promise<{ data: Uint8ClampedArray | Uint8Array; width: number; height: number }>;
}): Promise<OnnxEvalResult> {
  const { config, project, images, onProgress, signal } = options;
  const classes = project.classes;
  const labelMap = mapLabels(config.labels, classes);
  if (!labelMap.some((i) => i >= 0)) throw new OnnxEvalError('noLabelsMatch');
  if (images.length === 0) throw new OnnxEvalError('noImages');

  const loadPixels = options.loadPixels ?? pixels;
  const session = await openSession(options.url, options.createSession ?? createSession, signal);
  try {
    const size = config.inputSize;
    const inputName = session.inputNames[0]!;
    const predictions: OnnxImagePrediction[] = [];
    const truthClasses: number[] = [];
    const predictedClasses: number[] = [];
    const truthBoxes: { label: number; x: number; y: number; w: number; h: number }[][] = [];
    const predictedBoxes: Detection[][] = [];
    onProgress?.({ done: 0, total: images.length });

    for (const [n, image] of images.entries()) {
      signal?.throwIfAborted();
      const { data, width, height } = await loadPixels(image.url, signal);
      const nhwc = rgbaToInput(data, width, height, config.task, size);
      const input =
        config.layout === 'nchw'
          ? new ort.Tensor('float32', toChannelsFirst(nhwc, size), [1, 3, size, size])
          : new ort.Tensor('float32', nhwc, [1, size, size, 3]);
      const outputs = await session.run({ [inputName]: input });
      input.dispose();
      try {
        if (config.task === 'cls') {
          const scores = outputByName(outputs, session.outputNames, 'probabilities', 0).data as Float32Array;
          const predicted = pickClass(scores, labelMap);
          truthClasses.push(classes.indexOf(image.label ?? ''));
          // A pick of no project class counts as wrong: it is scored as some other class than the truth.
          predictedClasses.push(
            predicted >= 0 ? predicted : (classes.indexOf(image.label ?? '') + 1) % classes.length,
          );
          predictions.push({ imageId: image.id, predicted });
        } else {
          const heat = outputByName(outputs, session.outputNames, 'heatmap', 0);
          const boxes = outputByName(outputs, session.outputNames, 'boxes', 1);
          const [, H, W, K] = heat.dims as number[];
          if (!H || !W || !K || K !== config.labels.length) {
            throw new OnnxEvalError(
              'badOutput',
              `heatmap ${heat.dims.join('×')} for ${config.labels.length} labels`,
            );
          }
          const detections = decodeDetections({
            heatmap: heat.data as Float32Array,
            boxes: boxes.data as Float32Array,
            H,
            W,
            K,
            threshold: config.threshold,
            maxDetections: config.maxDetections,
          })
            .map((d) => ({ ...d, label: labelMap[d.label] ?? -1 }))
            .filter((d) => d.label >= 0);
          predictedBoxes.push(detections);
          truthBoxes.push(
            image.boxes
              .map((b) => ({
                label: classes.indexOf(b.label),
                x: b.x / image.width,
                y: b.y / image.height,
                w: b.w / image.width,
                h: b.h / image.height,
              }))
              .filter((b) => b.label >= 0),
          );
          predictions.push({ imageId: image.id, detections });
        }
      } finally {
        for (const tensor of Object.values(outputs)) tensor.dispose();
      }
      onProgress?.({ done: n + 1, total: images.length });
    }

    const metrics: EvaluationMetrics =
      config.task === 'cls'
        ? {
            task: 'cls',
            classes: [...classes],
            ...evaluateClassification(truthClasses, predictedClasses, classes.length),
          }
        : (() => {
            const det = evaluateDetection(predictedBoxes, truthBoxes, classes.length, 0.5);
            return {
              task: 'det' as const,
              classes: [...classes],
              map: det.map,
              perClassAp: det.perClassAp,
              iouThreshold: det.iouThreshold,
            };
          })();
    return { metrics, predictions, imageCount: images.length };
  } finally {
    await session.release();
  }
}
