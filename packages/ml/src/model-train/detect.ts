/**
 * Object detection: a small CenterNet-style head trained over a frozen backbone feature map.
 *
 * Head: a tf.LayersModel of conv2d layers only ('same' padding, stride 1): `layers` × (k×k conv, `hidden`
 * channels, relu) then a 1×1 linear conv with K + 4 output channels — K heat-map logits, then dx, dy,
 * log(w/stride), log(h/stride) (see decode.ts). Its input is [H, W, C] with H and W free.
 *
 * Targets (CenterNet, "Objects as Points"): for every labelled box, a Gaussian bump on its class's heat map
 * centred on the cell holding the box centre (value 1 there; radius from the box size, as CenterNet's
 * `gaussian_radius` with overlap 0.7, σ = diameter / 6); the 4 regression targets are set at that cell only.
 * Loss = CenterNet's focal loss on the heat maps (α = 2, β = 4, divided by the number of objects) + L1 on the
 * regression at object centres (divided by the number of objects). The heat bias starts at −2.19 (a prior of
 * 0.1), as CenterNet does, so the first epochs are not swamped by the many empty cells.
 */
import type * as TF from '@tensorflow/tfjs';
import { seededRandom } from '../random.ts';
import { shuffledIndices } from '../trainer/dataset.ts';
import type { Tf } from './backbone.ts';
import { NO_CONTROL, type TrainControl } from './control.ts';
import { decodeDetections, type Detection } from './decode.ts';
import type { FeatureMapShape } from './features.ts';
import { evaluateDetection } from './metrics.ts';

export { decodeDetections, DET_DECODE, type DecodeInput, type Detection } from './decode.ts';

/** A labelled box as fractions 0–1 of the image (x, y: top-left). */
export interface DetBox {
  readonly label: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface DetSample {
  /** The feature map H×W×C of the image (or of its mirror image when `flip`). */
  readonly features: Float32Array;
  /** The boxes of the ORIGINAL image; mirrored here when `flip`. */
  readonly boxes: readonly DetBox[];
  readonly flip?: boolean;
}

export interface DetHeadOptions {
  /** Channels of each hidden conv layer. */
  readonly hidden?: number;
  /** Hidden conv layers (0: only the 1×1 output conv). */
  readonly layers?: number;
  /** Kernel side of the hidden convs (odd): one for all, or one per layer. */
  readonly kernel?: number | readonly number[];
}

export const DEFAULT_DET_HEAD: Required<DetHeadOptions> = { hidden: 64, layers: 2, kernel: 3 };

export interface DetEpoch {
  /** 1-based. */
  readonly epoch: number;
  readonly loss: number;
  /** null without validation images. */
  readonly valLoss: number | null;
  /** mAP@0.5 on the validation images; null without them or on epochs it was not measured. */
  readonly valMap: number | null;
}

export interface DetTrainOptions {
  readonly epochs: number;
  readonly learningRate: number;
  readonly batchSize: number;
  readonly seed?: number;
  readonly control?: TrainControl;
  readonly onEpoch?: (report: DetEpoch) => void | Promise<void>;
  readonly head?: DetHeadOptions;
  /** Measure validation mAP every this many epochs (and on the last). */
  readonly mapEvery?: number;
}

export interface DetTrainResult {
  /** Input [null, null, C] → [null, null, K + 4]. Its optimizer is already disposed. */
  readonly model: TF.LayersModel;
  readonly history: DetEpoch[];
  readonly stopped: boolean;
}

const HEAT_PRIOR_BIAS = -2.19;

export function buildDetectionHead(
  tf: Tf,
  channels: number,
  classes: number,
  options: DetHeadOptions = {},
  seed = 1,
): TF.Sequential {
  const { hidden, layers, kernel } = { ...DEFAULT_DET_HEAD, ...options };
  const seeds = seededRandom(seed);
  const init = () => tf.initializers.heNormal({ seed: Math.floor(seeds() * 2 ** 31) });
  const model = tf.sequential({ name: 'det_head' });
  for (let i = 0; i < layers; i++) {
    model.add(
      tf.layers.conv2d({
        name: `det_conv${i + 1}`,
        ...(i === 0 ? { inputShape: [null, null, channels] } : {}),
        filters: hidden,
        kernelSize: typeof kernel === 'number' ? kernel : (kernel[i] ?? 3),
        padding: 'same',
        strides: 1,
        activation: 'relu',
        kernelInitializer: init(),
      }),
    );
  }
  model.add(
    tf.layers.conv2d({
      name: 'det_out',
      ...(layers === 0 ? { inputShape: [null, null, channels] } : {}),
      filters: classes + 4,
      kernelSize: 1,
      padding: 'same',
      strides: 1,
      activation: 'linear',
      kernelInitializer: tf.initializers.randomNormal({ stddev: 0.01, seed: Math.floor(seeds() * 2 ** 31) }),
    }),
  );
  const out = model.getLayer('det_out');
  // getWeights() hands out the variables themselves: only the new bias tensor is ours to dispose.
  const [kernelWeights] = out.getWeights();
  const start = new Float32Array(classes + 4);
  start.fill(HEAT_PRIOR_BIAS, 0, classes);
  start.set([0.5, 0.5, 0, 0], classes);
  const biasInit = tf.tensor1d(start);
  out.setWeights([kernelWeights!, biasInit]);
  biasInit.dispose();
  return model;
}

/** CenterNet's Gaussian radius (in cells) for a box of h × w cells to keep IoU ≥ minOverlap. */
export function gaussianRadius(h: number, w: number, minOverlap = 0.7): number {
  const b1 = h + w;
  const c1 = (w * h * (1 - minOverlap)) / (1 + minOverlap);
  const r1 = (b1 + Math.sqrt(b1 * b1 - 4 * c1)) / 2;
  const b2 = 2 * (h + w);
  const c2 = (1 - minOverlap) * w * h;
  const r2 = (b2 + Math.sqrt(b2 * b2 - 16 * c2)) / 2;
  const a3 = 4 * minOverlap;
  const b3 = -2 * minOverlap * (h + w);
  const c3 = (minOverlap - 1) * w * h;
  const r3 = (b3 + Math.sqrt(b3 * b3 - 4 * a3 * c3)) / 2;
  return Math.min(r1, r2, r3);
}

export function mirrorBox<T extends DetBox>(box: T): T {
  return { ...box, x: 1 - box.x - box.w };
}

/** Training targets of one image: heat H×W×K (1 at centres), regression H×W×4, centre mask H×W. */
export function detectionTargets(boxes: readonly DetBox[], H: number, W: number, K: number, flip = false) {
  const heat = new Float32Array(H * W * K);
  const reg = new Float32Array(H * W * 4);
  const mask = new Float32Array(H * W);
  for (const raw of boxes) {
    const box = flip ? mirrorBox(raw) : raw;
    if (box.label < 0 || box.label >= K || !(box.w > 0 && box.h > 0)) continue;
    const cx = (box.x + box.w / 2) * W;
    const cy = (box.y + box.h / 2) * H;
    const col = Math.min(W - 1, Math.max(0, Math.floor(cx)));
    const row = Math.min(H - 1, Math.max(0, Math.floor(cy)));
    const radius = Math.max(0, Math.floor(gaussianRadius(box.h * H, box.w * W)));
    const sigma = (2 * radius + 1) / 6;
    for (let r = Math.max(0, row - radius); r <= Math.min(H - 1, row + radius); r++) {
      for (let c = Math.max(0, col - radius); c <= Math.min(W - 1, col + radius); c++) {
        const g = Math.exp(-((r - row) ** 2 + (c - col) ** 2) / (2 * sigma * sigma));
        const i = (r * W + c) * K + box.label;
        heat[i] = Math.max(heat[i]!, g);
      }
    }
    heat[(row * W + col) * K + box.label] = 1;
    const o = (row * W + col) * 4;
    reg.set([cx - col, cy - row, Math.log(box.w * W), Math.log(box.h * H)], o);
    mask[row * W + col] = 1;
  }
  return { heat, reg, mask };
}

/** The head's weights as trainable variables (copies; written back to the model when training ends). */
interface ConvVariables {
  readonly kernel: TF.Variable;
  readonly bias: TF.Variable;
  readonly relu: boolean;
  readonly conv: ConvOp;
}

function headVariables(tf: Tf, model: TF.LayersModel): ConvVariables[] {
  return model.layers.map((layer, i) => {
    const [kernel, bias] = layer.getWeights();
    const copy = (t: TF.Tensor) => {
      const init = t.clone();
      const v = tf.variable(init, true);
      init.dispose();
      return v;
    };
    return {
      kernel: copy(kernel!),
      bias: copy(bias!),
      relu: (layer.getConfig().activation as string) === 'relu',
      conv: sameConv(tf, kernel!.shape[0], i > 0),
    };
  });
}

type ConvOp = (x: TF.Tensor4D, kernel: TF.Tensor4D) => TF.Tensor4D;

/**
 * A stride-1 'same' conv2d (odd kernel) with its gradients written as forward convolutions: TF.js WASM has
 * no Conv2DBackpropFilter kernel (training the layers model directly fails there), and its conv2d is fast.
 * - kernel gradient: dW[dy,dx,ci,co] = Σ xpad[b,y+dy,x+dx,ci]·g[b,y,x,co] = conv2d of xpad (as
 *   [ci, H+k−1, W+k−1, b]) with g (as [H, W, b, co]), 'valid' → [ci, k, k, co];
 * - input gradient: conv2d of g with the kernel turned 180° and its in/out channels swapped, 'same' (skipped
 *   for the first layer: the backbone features are not trained).
 */
export function sameConv(tf: Tf, k: number, inputGradient: boolean): ConvOp {
  if (k % 2 !== 1) throw new Error('the head uses odd kernel sizes');
  const before = (k - 1) / 2;
  const op = tf.customGrad((...args: (TF.Tensor | TF.GradSaveFunc)[]) => {
    const [input, kernel, save] = args as [TF.Tensor4D, TF.Tensor4D, TF.GradSaveFunc];
    save([input, kernel]);
    return {
      value: tf.conv2d(input, kernel, 1, 'same'),
      gradFunc: (dy: TF.Tensor | TF.Tensor[], saved: TF.Tensor[]) => {
        const [xs, ws] = saved as [TF.Tensor4D, TF.Tensor4D];
        const g = dy as TF.Tensor4D;
        const padded =
          before > 0
            ? tf.pad(xs, [
                [0, 0],
                [before, before],
                [before, before],
                [0, 0],
              ])
            : xs;
        const dw = tf.transpose(
          tf.conv2d(
            tf.transpose<TF.Tensor4D>(padded, [3, 1, 2, 0]),
            tf.transpose<TF.Tensor4D>(g, [1, 2, 0, 3]),
            1,
            'valid',
          ),
          [1, 2, 0, 3],
        );
        const dx = inputGradient
          ? tf.conv2d(g, tf.transpose<TF.Tensor4D>(tf.reverse(ws, [0, 1]), [0, 1, 3, 2]), 1, 'same')
          : tf.zerosLike(xs);
        return [dx, dw];
      },
    };
  });
  return (x, kernel) => op(x, kernel);
}

/** The head's computation with the trainable copies (the same as the layers model's predict). */
function headForward(tf: Tf, x: TF.Tensor4D, convs: readonly ConvVariables[]): TF.Tensor4D {
  let h = x;
  for (const c of convs) {
    const out = tf.add<TF.Tensor4D>(c.conv(h, c.kernel as TF.Tensor4D), c.bias);
    h = c.relu ? tf.relu(out) : out;
  }
  return h;
}

function stack(tf: Tf, samples: readonly DetSample[], shape: FeatureMapShape, K: number) {
  const { H, W, C } = shape;
  const n = samples.length;
  const x = new Float32Array(n * H * W * C);
  const heat = new Float32Array(n * H * W * K);
  const reg = new Float32Array(n * H * W * 4);
  const mask = new Float32Array(n * H * W);
  samples.forEach((s, i) => {
    if (s.features.length !== H * W * C) throw new Error(`sample ${i} has ${s.features.length} features`);
    x.set(s.features, i * H * W * C);
    const t = detectionTargets(s.boxes, H, W, K, s.flip ?? false);
    heat.set(t.heat, i * H * W * K);
    reg.set(t.reg, i * H * W * 4);
    mask.set(t.mask, i * H * W);
  });
  return {
    x: tf.tensor4d(x, [n, H, W, C]),
    heat: tf.tensor4d(heat, [n, H, W, K]),
    reg: tf.tensor4d(reg, [n, H, W, 4]),
    mask: tf.tensor4d(mask, [n, H, W, 1]),
  };
}

/** Focal loss on the heat maps + L1 at centres, both per object (a scalar tensor). */
export function detectionLoss(
  tf: Tf,
  out: TF.Tensor4D,
  heat: TF.Tensor4D,
  reg: TF.Tensor4D,
  mask: TF.Tensor4D,
  K: number,
): TF.Scalar {
  return tf.tidy(() => {
    const logits = out.slice([0, 0, 0, 0], [-1, -1, -1, K]);
    const boxes = out.slice([0, 0, 0, K], [-1, -1, -1, 4]);
    const p = tf.sigmoid(logits);
    const logP = tf.neg(tf.softplus(tf.neg(logits)));
    const log1mP = tf.neg(tf.softplus(logits));
    const pos = tf.cast(tf.greaterEqual(heat, 1 - 1e-6), 'float32');
    const neg = tf.sub(1, pos);
    const posLoss = tf.sum(tf.mul(tf.mul(pos, tf.square(tf.sub(1, p))), logP));
    const negWeight = tf.pow(tf.sub(1, heat), 4);
    const negLoss = tf.sum(tf.mul(tf.mul(tf.mul(neg, negWeight), tf.square(p)), log1mP));
    const objects = tf.maximum(tf.sum(mask), 1);
    const focal = tf.div(tf.neg(tf.add(posLoss, negLoss)), objects);
    const l1 = tf.div(tf.sum(tf.mul(tf.abs(tf.sub(boxes, reg)), mask)), objects);
    return tf.add<TF.Scalar>(focal, l1);
  });
}

export async function trainDetectionHead(
  tf: Tf,
  train: readonly DetSample[],
  val: readonly DetSample[],
  shape: FeatureMapShape,
  classes: number,
  options: DetTrainOptions,
): Promise<DetTrainResult> {
  if (train.length === 0) throw new Error('no training images');
  if (classes < 1) throw new Error('detection needs at least one class');
  const seed = options.seed ?? 1;
  const control = options.control ?? NO_CONTROL;
  const mapEvery = Math.max(1, options.mapEvery ?? 1);
  const size = shape.H * shape.W * shape.C;
  [...train, ...val].forEach((s, i) => {
    if (s.features.length !== size)
      throw new Error(`sample ${i} has ${s.features.length} features, not ${size}`);
  });
  const model = buildDetectionHead(tf, shape.C, classes, options.head, seed);
  const convs = headVariables(tf, model);
  const optimizer = tf.train.adam(options.learningRate);
  const rng = seededRandom(seed + 1);
  const all = stack(tf, train, shape, classes);
  const valSet = val.length ? stack(tf, val, shape, classes) : null;
  const batchSize = Math.max(1, Math.min(options.batchSize, train.length));
  const history: DetEpoch[] = [];
  let stopped = false;
  let finished = false;
  try {
    for (let epoch = 1; epoch <= options.epochs && !stopped; epoch++) {
      const order = shuffledIndices(train.length, rng);
      let lossSum = 0;
      let seen = 0;
      for (let start = 0; start < order.length; start += batchSize) {
        await control.waitWhilePaused();
        if (control.shouldStop()) {
          stopped = true;
          break;
        }
        const idx = tf.tensor1d(order.slice(start, start + batchSize), 'int32');
        const batch = tf.tidy(() => ({
          x: tf.gather(all.x, idx),
          heat: tf.gather(all.heat, idx),
          reg: tf.gather(all.reg, idx),
          mask: tf.gather(all.mask, idx),
        }));
        try {
          const cost = optimizer.minimize(
            () =>
              detectionLoss(tf, headForward(tf, batch.x, convs), batch.heat, batch.reg, batch.mask, classes),
            true,
            convs.flatMap((c) => [c.kernel, c.bias]),
          );
          const n = idx.shape[0];
          lossSum += (await cost!.data())[0]! * n;
          seen += n;
          cost!.dispose();
        } finally {
          tf.dispose([idx, batch.x, batch.heat, batch.reg, batch.mask]);
        }
      }
      if (seen === 0) break;
      let valLoss: number | null = null;
      let valMap: number | null = null;
      if (valSet) {
        const out = predictInBatches(tf, (x) => headForward(tf, x, convs), valSet.x);
        const lossT = detectionLoss(tf, out, valSet.heat, valSet.reg, valSet.mask, classes);
        valLoss = (await lossT.data())[0]!;
        lossT.dispose();
        if (epoch % mapEvery === 0 || epoch === options.epochs) {
          const found = await decodeBatch(tf, out, classes);
          valMap = evaluateDetection(
            found,
            val.map((s) => (s.flip ? s.boxes.map(mirrorBox) : [...s.boxes])),
            classes,
          ).map;
        }
        out.dispose();
      }
      const report: DetEpoch = { epoch, loss: lossSum / seen, valLoss, valMap };
      history.push(report);
      await options.onEpoch?.(report);
      if (control.shouldStop()) stopped = epoch < options.epochs;
    }
    finished = true;
  } finally {
    tf.dispose([all.x, all.heat, all.reg, all.mask]);
    if (valSet) tf.dispose([valSet.x, valSet.heat, valSet.reg, valSet.mask]);
    optimizer.dispose();
    if (finished) model.setWeights(convs.flatMap((c) => [c.kernel, c.bias]));
    else model.dispose();
    tf.dispose(convs.flatMap((c) => [c.kernel, c.bias]));
  }
  return { model, history, stopped };
}

function predictInBatches(
  tf: Tf,
  forward: (x: TF.Tensor4D) => TF.Tensor4D,
  x: TF.Tensor4D,
  batch = 32,
): TF.Tensor4D {
  return tf.tidy(() => {
    const parts: TF.Tensor4D[] = [];
    for (let i = 0; i < x.shape[0]; i += batch) {
      const size = Math.min(batch, x.shape[0] - i);
      parts.push(forward(x.slice([i, 0, 0, 0], [size, -1, -1, -1])));
    }
    return parts.length === 1 ? parts[0]! : tf.concat(parts);
  });
}

/** Sigmoid on the heat channels, then decodeDetections per image. */
async function decodeBatch(
  tf: Tf,
  out: TF.Tensor4D,
  classes: number,
  threshold?: number,
  maxDetections?: number,
): Promise<Detection[][]> {
  const [n, H, W] = out.shape;
  const { heat, boxes } = tf.tidy(() => ({
    heat: tf.sigmoid(out.slice([0, 0, 0, 0], [-1, -1, -1, classes])),
    boxes: out.slice([0, 0, 0, classes], [-1, -1, -1, 4]),
  }));
  const heatData = (await heat.data()) as Float32Array;
  const boxData = (await boxes.data()) as Float32Array;
  tf.dispose([heat, boxes]);
  return Array.from({ length: n }, (_, i) =>
    decodeDetections({
      heatmap: heatData.subarray(i * H * W * classes, (i + 1) * H * W * classes),
      boxes: boxData.subarray(i * H * W * 4, (i + 1) * H * W * 4),
      H,
      W,
      K: classes,
      threshold,
      maxDetections,
    }),
  );
}

export interface FeatureMapInput extends FeatureMapShape {
  readonly features: Float32Array;
}

/** The head's two outputs for one feature map, as the ONNX model gives them: heat (after sigmoid) and boxes. */
export async function detectionOutputs(
  tf: Tf,
  head: TF.LayersModel,
  map: FeatureMapInput,
): Promise<{ heatmap: Float32Array; boxes: Float32Array; H: number; W: number; K: number }> {
  const out = tf.tidy(() => head.predict(tf.tensor4d(map.features, [1, map.H, map.W, map.C])) as TF.Tensor4D);
  const K = out.shape[3] - 4;
  const { heat, boxes } = tf.tidy(() => ({
    heat: tf.sigmoid(out.slice([0, 0, 0, 0], [-1, -1, -1, K])),
    boxes: out.slice([0, 0, 0, K], [-1, -1, -1, 4]),
  }));
  out.dispose();
  const heatmap = (await heat.data()) as Float32Array;
  const boxData = (await boxes.data()) as Float32Array;
  tf.dispose([heat, boxes]);
  return { heatmap, boxes: boxData, H: map.H, W: map.W, K };
}

/** Boxes found in one feature map (fractions 0–1 of the image): sigmoid + decodeDetections. */
export async function predictDetections(
  tf: Tf,
  head: TF.LayersModel,
  map: FeatureMapInput,
  options: { threshold?: number; maxDetections?: number } = {},
): Promise<Detection[]> {
  const outputs = await detectionOutputs(tf, head, map);
  return decodeDetections({ ...outputs, ...options });
}

/** Boxes found in many feature maps of one shape (batched; for evaluating a test split). */
export async function predictDetectionsBatch(
  tf: Tf,
  head: TF.LayersModel,
  maps: readonly Float32Array[],
  shape: FeatureMapShape,
  options: { threshold?: number; maxDetections?: number } = {},
): Promise<Detection[][]> {
  if (maps.length === 0) return [];
  const { H, W, C } = shape;
  const flat = new Float32Array(maps.length * H * W * C);
  maps.forEach((m, i) => flat.set(m, i * H * W * C));
  const x = tf.tensor4d(flat, [maps.length, H, W, C]);
  const out = predictInBatches(tf, (input) => head.predict(input) as TF.Tensor4D, x);
  x.dispose();
  const classes = out.shape[3] - 4;
  try {
    return await decodeBatch(tf, out, classes, options.threshold, options.maxDetections);
  } finally {
    out.dispose();
  }
}
