/**
 * Whole-model ONNX export: frozen backbone (TF.js graph, up to the cut node) + trained head, one file that
 * onnxruntime (web or Python) runs without our code. The image goes in already cropped/stretched and resized:
 *
 *   input  `image`          float32 [1, S, S, 3], RGB 0–255, NHWC
 *   cls    `probabilities`  [1, K]              (softmax)
 *   det    `heatmap`        [1, H, W, K]        (sigmoid applied)
 *          `boxes`          [1, H, W, 4]        (raw regression, decoded as metadata `decode` says)
 *
 * metadata_props: labels (JSON array), task, input_size, preprocessing (JSON), decode (det, JSON), producer,
 * plus any `extra` entries.
 */
import type * as TF from '@tensorflow/tfjs';
import { OnnxGraphBuilder, ONNX_PRODUCER } from './builder.ts';
import { addTfGraph, type NamedWeights, type TfGraphTopology } from './tf-graph.ts';
import { addLayersHead, headEndsInSoftmax, type OnnxValue } from './tf-layers.ts';

export interface BackboneSource {
  /** The graph JSON's `modelTopology` (its `node` list); the Placeholder's declared size is ignored. */
  topology: TfGraphTopology;
  /** Its constants by node name (see weights.ts). */
  weights: NamedWeights;
}

interface CommonExport {
  backbone: BackboneSource;
  cutNode: string;
  /** S: the side of the square image fed. */
  inputSize: number;
  head: TF.LayersModel;
  labels: readonly string[];
  /** More metadata_props (for example the extractor id); never overrides the standard keys. */
  extra?: Record<string, string>;
}

export type ClassifierExport = CommonExport;

export interface DetectorExport extends CommonExport {
  /** How to turn heatmap + boxes into boxes (stored as the `decode` metadata, JSON). */
  decode: Record<string, unknown>;
}

export const ONNX_INPUT_NAME = 'image';

export const PREPROCESSING = {
  cls: {
    resize:
      'centre square crop (side = the shorter side, x0 = floor((width - side) / 2), same for y), then bilinear resize to input_size × input_size with corners aligned (the first and last output pixels sample the first and last pixels of the crop, like tf.image.cropAndResize)',
    color: 'RGB',
    range: '0-255 float32 (not normalised: the model normalises inside)',
    layout: 'NHWC [1, input_size, input_size, 3]',
  },
  det: {
    resize:
      'whole image stretched (aspect ratio not kept) to input_size × input_size, bilinear with corners aligned (the first and last output pixels sample the first and last pixels of the image)',
    color: 'RGB',
    range: '0-255 float32 (not normalised: the model normalises inside)',
    layout: 'NHWC [1, input_size, input_size, 3]',
    boxes: 'fractions 0-1 of the image width/height, so they map back to the original image directly',
  },
} as const;

function checkCommon(options: CommonExport): void {
  if (!Number.isInteger(options.inputSize) || options.inputSize < 32 || options.inputSize > 2048) {
    throw new Error(`ONNX export: input size ${options.inputSize} is not an integer from 32 to 2048`);
  }
  if (options.labels.length === 0) throw new Error('ONNX export: no class labels');
}

/** image NHWC → Transpose → backbone up to the cut node (NCHW). */
function addBackbone(g: OnnxGraphBuilder, options: CommonExport): OnnxValue {
  const S = options.inputSize;
  const image = g.input(ONNX_INPUT_NAME, [1, S, S, 3]);
  const nchw = g.node('Transpose', [image], { name: 'image/nchw', attrs: { perm: [0, 3, 1, 2] } });
  const out = addTfGraph(g, {
    topology: options.backbone.topology,
    weights: options.backbone.weights,
    cutNode: options.cutNode,
    input: nchw,
    inputDims: [1, 3, S, S],
  });
  if (out.dims.length !== 4)
    throw new Error(`ONNX export: the cut node "${options.cutNode}" is not a feature map`);
  return { name: out.output, dims: out.dims };
}

function metadata(
  task: 'cls' | 'det',
  options: CommonExport,
  decode?: Record<string, unknown>,
): Record<string, string> {
  return {
    ...options.extra,
    labels: JSON.stringify(options.labels),
    task,
    input_size: String(options.inputSize),
    preprocessing: JSON.stringify(PREPROCESSING[task]),
    ...(decode ? { decode: JSON.stringify(decode) } : {}),
    producer: `${ONNX_PRODUCER}: backbone ${options.cutNode} of human's CenterNet MobileNet-v3 + trained ${task} head`,
  };
}

/**
 * Classifier: backbone → mean over H, W → L2 normalise (x / sqrt(max(Σx², 1e-12)), as the page's features)
 * → head → softmax (unless the head ends in one) → `probabilities` [1, K].
 */
export function exportClassifierOnnx(options: ClassifierExport): Uint8Array {
  checkCommon(options);
  const g = new OnnxGraphBuilder('ai-edu-cls');
  const maps = addBackbone(g, options);
  const pooled = g.node('ReduceMean', [maps.name], {
    name: 'features/mean',
    attrs: { axes: [2, 3], keepdims: 0 },
  });
  const sumSq = g.node('ReduceSumSquare', [pooled], {
    name: 'features/sum_sq',
    attrs: { axes: [1], keepdims: 1 },
  });
  const norm = g.node(
    'Sqrt',
    [g.node('Max', [sumSq, g.scalar('features/eps', 1e-12)], { name: 'features/clamp' })],
    {
      name: 'features/norm',
    },
  );
  const features = g.node('Div', [pooled, norm], { name: 'features/l2' });
  const head = addLayersHead(g, options.head, { name: features, dims: [1, maps.dims[1]!] });
  const K = options.labels.length;
  if (head.dims.length !== 2 || head.dims[1] !== K) {
    throw new Error(
      `ONNX export: the head gives [${head.dims.join(',')}], expected [1,${K}] for ${K} labels`,
    );
  }
  const probabilities = headEndsInSoftmax(options.head)
    ? head.name
    : g.node('Softmax', [head.name], { name: 'probabilities/softmax', attrs: { axis: -1 } });
  g.output('probabilities', probabilities, [1, K]);
  return g.encode({
    metadata: metadata('cls', options),
    docString: 'Image classifier exported by ai-edu model-train',
  });
}

/**
 * Detector: backbone → conv head (K + 4 channels) → `heatmap` = sigmoid(first K) and `boxes` = last 4, both
 * back in NHWC [1, H, W, ·].
 */
export function exportDetectorOnnx(options: DetectorExport): Uint8Array {
  checkCommon(options);
  const g = new OnnxGraphBuilder('ai-edu-det');
  const maps = addBackbone(g, options);
  const head = addLayersHead(g, options.head, maps);
  const K = options.labels.length;
  if (head.dims.length !== 4 || head.dims[1] !== K + 4) {
    throw new Error(
      `ONNX export: the head gives [${head.dims.join(',')}] (NCHW), expected ${K + 4} channels for ${K} labels`,
    );
  }
  const [, , H, W] = head.dims as [number, number, number, number];
  const axis = g.ints('channel_axis', [1]);
  const slice = (from: number, to: number, name: string) =>
    g.node('Slice', [head.name, g.ints(`${name}/starts`, [from]), g.ints(`${name}/ends`, [to]), axis], {
      name,
    });
  const nhwc = (x: string, name: string) => g.node('Transpose', [x], { name, attrs: { perm: [0, 2, 3, 1] } });
  const heat = nhwc(
    g.node('Sigmoid', [slice(0, K, 'heatmap/logits')], { name: 'heatmap/sigmoid' }),
    'heatmap/nhwc',
  );
  const boxes = nhwc(slice(K, K + 4, 'boxes/raw'), 'boxes/nhwc');
  g.output('heatmap', heat, [1, H, W, K]);
  g.output('boxes', boxes, [1, H, W, 4]);
  return g.encode({
    metadata: metadata('det', options, options.decode),
    docString: 'Object detector exported by ai-edu model-train',
  });
}
