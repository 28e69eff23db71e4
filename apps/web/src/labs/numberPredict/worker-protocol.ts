/**
 * Messages between the lab's page and its worker (digits.worker.ts). All of TF.js lives in the worker: it
 * is bundled with it, so TF.js is downloaded only when the lab opens, and recognition and training never
 * block the page. Types only here; nothing of TF.js.
 */
import type { DigitSet } from '@ai-edu/ml/digits/dataset.ts';
import type { DownloadProgress } from '../../lib/download-progress.ts';

export type BackendName = 'webgl' | 'cpu';

/** Which network: the served one, or the one trained in this tab. */
export type NetworkId = 'ready' | 'yours';

/** `count` maps of `size`×`size`, channels last (value of map `c` at (x, y): `data[(y·size + x)·count + c]`). */
export interface FeatureMaps {
  size: number;
  count: number;
  data: Float32Array;
}

/** Everything the lab shows about one digit going through a network. */
export interface Inspection {
  conv1: FeatureMaps;
  pool1: FeatureMaps;
  conv2: FeatureMaps;
  pool2: FeatureMaps;
  /** The ten scores before softmax. */
  scores: number[];
  probabilities: number[];
}

/** What `npm run train:digits` writes into model.json's user metadata. */
export interface ServedModelInfo {
  heldOutAccuracy: number;
  heldOutCount: number;
  trainCount: number;
}

export interface EpochPoint {
  /** 0 is the untrained network. */
  epoch: number;
  test: number;
  /** Accuracy on the training digits during the epoch (none for epoch 0). */
  train?: number;
}

export type WorkerRequest =
  /** Absolute URL of model.json (a worker resolves relative URLs against its own script). */
  | {
      type: 'init';
      modelUrl: string;
      /** The model files' uncompressed bytes, when the build measured them (the progress bar's total). */
      expectedBytes?: number;
    }
  | { type: 'inspect'; id: number; network: NetworkId; pixels: Float32Array }
  | {
      type: 'train';
      run: number;
      epochs: number;
      learningRate: number;
      batchSize: number;
      seed: number;
      train: DigitSet;
      test: DigitSet;
    }
  | { type: 'stop' };

export type WorkerReply =
  | { type: 'ready'; backend: BackendName; info: ServedModelInfo | null; filters: FeatureMaps }
  | { type: 'initFailed'; message: string }
  /** The model files' download, counted in the worker as they arrive. */
  | { type: 'download'; progress: DownloadProgress }
  | { type: 'inspection'; id: number; network: NetworkId; inspection: Inspection | null }
  | { type: 'trainStart'; run: number; point: EpochPoint }
  | { type: 'trainProgress'; run: number; epoch: number; progress: number; seconds: number }
  | { type: 'trainEpoch'; run: number; point: EpochPoint; seconds: number }
  | {
      type: 'trainEnd';
      run: number;
      stopped: boolean;
      epochs: number;
      seconds: number;
      filters: FeatureMaps;
    }
  | { type: 'trainFailed'; run: number; message: string };
