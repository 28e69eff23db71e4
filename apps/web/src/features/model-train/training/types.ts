/**
 * The training client's public types (both kinds, cls and det). The page talks to one worker through a
 * `TrainingClient` (client.ts); these are the values that cross that boundary.
 */
import type { EvaluationMetrics, TrainKind, TrainSettingsWire, TrainSplit } from '@ai-edu/contract';

/** A box as the worker sees it: label = class index, position and size as fractions (0–1) of the image. */
export interface TrainingBox {
  label: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One image of the dataset, as the worker needs it (see `toTrainingImages` in images.ts). */
export interface TrainingImage {
  id: number;
  /** Same-origin URL the worker fetches (the server's expiring link). */
  url: string;
  split: TrainSplit;
  /** cls: the class index; det: null. */
  label: number | null;
  /** det: the labelled boxes; cls: empty. */
  boxes: TrainingBox[];
}

export interface PrepareProgress {
  done: number;
  total: number;
  /** 'backbone': downloading the pretrained network (bytes); 'features': one image at a time. */
  phase: 'backbone' | 'features';
}

/** One epoch's figures. cls: accuracy/valAccuracy; det: valMap (when computed that epoch). */
export interface EpochReport {
  epoch: number;
  loss: number;
  valLoss: number | null;
  accuracy?: number | null;
  valAccuracy?: number | null;
  valMap?: number | null;
  /** Milliseconds since the training started. */
  elapsedMs: number;
}

export interface TrainRequest extends TrainSettingsWire {
  classes: string[];
}

export interface TrainOutcome {
  /** Epochs completed (fewer than asked when stopped). */
  epochs: number;
  /** Milliseconds spent in the head's training (features excluded). */
  trainMs: number;
  /** Milliseconds spent computing features in the last `prepare`. */
  featureMs: number;
  stopped: boolean;
  history: EpochReport[];
}

/** A detection (class index, score, box as fractions 0–1 of the image). */
export interface Detection {
  label: number;
  score: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What the model made of one test image. */
export interface ImagePrediction {
  imageId: number;
  /** cls: the predicted class index and all class probabilities. */
  predicted?: number;
  probabilities?: number[];
  /** det: the decoded boxes. */
  detections?: Detection[];
}

export interface Evaluation {
  metrics: EvaluationMetrics;
  predictions: ImagePrediction[];
}

export interface Prediction {
  probabilities?: number[];
  detections?: Detection[];
}

/** A finished model kept in IndexedDB (per project and kind) and loaded back into the worker. */
export interface LocalModelInfo {
  projectId: number;
  kind: TrainKind;
  classes: string[];
  settings: TrainSettingsWire;
  outcome: Omit<TrainOutcome, 'history'> & { history: EpochReport[] };
  /** The test-split evaluation, when one was run after training. */
  evaluation: Evaluation | null;
  savedAt: string;
}

export interface TrainingClient {
  /**
   * Loads the backbone (once per page) and computes the features of every image not yet cached (cached by
   * image id + kind + augment, kept across trainings in the page).
   */
  prepare(
    kind: TrainKind,
    images: TrainingImage[],
    opts: { augment: boolean },
    onProgress?: (p: PrepareProgress) => void,
  ): Promise<void>;
  /** Trains a new head on the prepared train split (val split for the val curves). */
  train(request: TrainRequest, onEpoch?: (r: EpochReport) => void): Promise<TrainOutcome>;
  pause(): void;
  resume(): void;
  /** Ends the training at its next batch; `train` resolves with what was learnt so far (`stopped: true`). */
  stop(): void;
  /** Runs the current head on the prepared test split. */
  evaluate(): Promise<Evaluation>;
  /** Runs backbone + head on one picture. */
  predict(image: ImageBitmap | Blob): Promise<Prediction>;
  /** The whole model (backbone included) as ONNX bytes. */
  exportOnnx(): Promise<Uint8Array>;
  /** A zip: head model.json + weights, the backbone's files, labels.json, preprocessing.json, README.txt. */
  exportTfjs(): Promise<Blob>;
  /** Keeps the current head + info in IndexedDB under (projectId, kind). */
  saveLocal(info: Omit<LocalModelInfo, 'savedAt'>): Promise<LocalModelInfo>;
  /** Loads the kept model into the worker; null when there is none. */
  loadLocal(projectId: number, kind: TrainKind): Promise<LocalModelInfo | null>;
  /** Whether the worker holds a trained head. */
  hasModel(): boolean;
  /** tf.memory().numTensors in the worker (tests and the bench check it stays flat). */
  tensorCount(): Promise<number>;
  /** Ends the worker. */
  dispose(): void;
}
