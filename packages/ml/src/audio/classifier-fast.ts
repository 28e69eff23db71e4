/**
 * The fast sound classifier, for machines without a real GPU: each second is summarised by its MFCC
 * statistics (how loud each broad band of the spectrum is on average, and how much it changes), and a
 * multinomial logistic regression (one weighted sum per class, softmax into probabilities) learns from them
 * by plain gradient descent. Small enough to train in a blink in plain TypeScript, and saved as JSON.
 */
import { argMax } from '../trainer/metrics.ts';
import { MFCC_COUNT, mfccStatistics } from './features.ts';

export interface FastModel {
  kind: 'fast';
  labels: string[];
  /** Per input feature: the training set's mean and deviation (inputs are standardised with them). */
  mean: number[];
  deviation: number[];
  /** `weights[class][feature]` and one bias per class. */
  weights: number[][];
  bias: number[];
}

export interface FastExample {
  /** The window's dB spectrogram (`soundFeatures(...).db`). */
  db: Float32Array;
  label: number;
}

export interface FastTrainOptions {
  epochs?: number;
  learningRate?: number;
  /** Weight decay: keeps the weights small so the model does not learn the noise of a few samples. */
  l2?: number;
  /** After every `reportEvery` epochs (and the last): training loss and accuracy. */
  onEpoch?: (report: { epoch: number; loss: number; accuracy: number }) => void;
  reportEvery?: number;
}

/** The fast classifier's input for one window. */
export function fastInput(db: Float32Array): Float32Array {
  return mfccStatistics(db);
}

function softmaxInPlace(scores: Float64Array): void {
  let max = -Infinity;
  for (const s of scores) max = Math.max(max, s);
  let sum = 0;
  for (let i = 0; i < scores.length; i++) {
    scores[i] = Math.exp(scores[i]! - max);
    sum += scores[i]!;
  }
  for (let i = 0; i < scores.length; i++) scores[i] = scores[i]! / sum;
}

function scoresOf(model: FastModel, standardised: ArrayLike<number>, out: Float64Array): Float64Array {
  model.weights.forEach((row, c) => {
    let s = model.bias[c]!;
    for (let j = 0; j < row.length; j++) s += row[j]! * standardised[j]!;
    out[c] = s;
  });
  softmaxInPlace(out);
  return out;
}

function standardise(model: Pick<FastModel, 'mean' | 'deviation'>, input: Float32Array): Float64Array {
  const out = new Float64Array(input.length);
  for (let j = 0; j < input.length; j++) out[j] = (input[j]! - model.mean[j]!) / model.deviation[j]!;
  return out;
}

/** Trains on the examples (full-batch gradient descent with momentum); `labels` names the classes. */
export function trainFastClassifier(
  examples: readonly FastExample[],
  labels: readonly string[],
  options: FastTrainOptions = {},
): FastModel {
  const { epochs = 300, learningRate = 0.5, l2 = 1e-3, reportEvery = 10 } = options;
  if (examples.length === 0) throw new Error('no samples to train on');
  if (labels.length < 2) throw new Error('training needs at least two classes');
  const inputs = examples.map((e) => fastInput(e.db));
  const size = inputs[0]!.length;
  const mean = new Array<number>(size).fill(0);
  const deviation = new Array<number>(size).fill(0);
  for (const x of inputs) for (let j = 0; j < size; j++) mean[j]! += x[j]! / inputs.length;
  for (const x of inputs)
    for (let j = 0; j < size; j++) deviation[j]! += (x[j]! - mean[j]!) ** 2 / inputs.length;
  for (let j = 0; j < size; j++) deviation[j] = Math.sqrt(deviation[j]!) || 1;
  const classes = labels.length;
  const model: FastModel = {
    kind: 'fast',
    labels: [...labels],
    mean,
    deviation,
    weights: Array.from({ length: classes }, () => new Array<number>(size).fill(0)),
    bias: new Array<number>(classes).fill(0),
  };
  const xs = inputs.map((x) => standardise(model, x));
  const gradW = Array.from({ length: classes }, () => new Float64Array(size));
  const gradB = new Float64Array(classes);
  const velocityW = Array.from({ length: classes }, () => new Float64Array(size));
  const velocityB = new Float64Array(classes);
  const probs = new Float64Array(classes);
  const momentum = 0.9;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    gradW.forEach((g) => g.fill(0));
    gradB.fill(0);
    let loss = 0;
    let right = 0;
    xs.forEach((x, i) => {
      const label = examples[i]!.label;
      scoresOf(model, x, probs);
      loss -= Math.log(probs[label]! + 1e-12);
      if (argMax(probs) === label) right++;
      for (let c = 0; c < classes; c++) {
        // d(cross-entropy)/d(score_c) = p_c - [c is the right class]
        const delta = probs[c]! - (c === label ? 1 : 0);
        gradB[c]! += delta;
        const g = gradW[c]!;
        for (let j = 0; j < size; j++) g[j]! += delta * x[j]!;
      }
    });
    const n = xs.length;
    for (let c = 0; c < classes; c++) {
      const row = model.weights[c]!;
      for (let j = 0; j < size; j++) {
        const grad = gradW[c]![j]! / n + l2 * row[j]!;
        velocityW[c]![j] = momentum * velocityW[c]![j]! - learningRate * grad;
        row[j] = row[j]! + velocityW[c]![j]!;
      }
      velocityB[c] = momentum * velocityB[c]! - (learningRate * gradB[c]!) / n;
      model.bias[c] = model.bias[c]! + velocityB[c]!;
    }
    if (options.onEpoch && (epoch % reportEvery === 0 || epoch === epochs)) {
      options.onEpoch({ epoch, loss: loss / n, accuracy: right / n });
    }
  }
  return model;
}

/** Class probabilities (in `model.labels` order) for one window's dB spectrogram. */
export function predictFast(model: FastModel, db: Float32Array): number[] {
  const probs = new Float64Array(model.labels.length);
  return Array.from(scoresOf(model, standardise(model, fastInput(db)), probs));
}

/** Checks a parsed JSON value is a fast model (shapes agree); throws a readable Error otherwise. */
export function parseFastModel(value: unknown): FastModel {
  const v = value as Partial<FastModel> | null;
  const isNumbers = (a: unknown, n?: number): a is number[] =>
    Array.isArray(a) &&
    a.every((x) => typeof x === 'number' && Number.isFinite(x)) &&
    (n === undefined || a.length === n);
  if (!v || v.kind !== 'fast' || !Array.isArray(v.labels) || v.labels.length < 2) {
    throw new Error('not a fast sound model');
  }
  if (!v.labels.every((l) => typeof l === 'string')) throw new Error('model labels must be text');
  const size = v.mean?.length ?? 0;
  if (
    size === 0 ||
    !isNumbers(v.mean, size) ||
    !isNumbers(v.deviation, size) ||
    !isNumbers(v.bias, v.labels.length) ||
    !Array.isArray(v.weights) ||
    v.weights.length !== v.labels.length ||
    !v.weights.every((row) => isNumbers(row, size)) ||
    size !== 2 * MFCC_COUNT
  ) {
    throw new Error('the fast sound model’s numbers do not fit together');
  }
  return v as FastModel;
}
