/** Messages between the page (client.ts) and the training worker (worker.ts). */
import type { TrainKind } from '@ai-edu/contract';
import type {
  EpochReport,
  Evaluation,
  LocalModelInfo,
  Prediction,
  PrepareProgress,
  TrainingImage,
  TrainOutcome,
  TrainRequest,
} from './types.ts';

/** Requests that get one answer (`done` or `failed`) under their `id`. */
export type CallRequest =
  | { type: 'prepare'; kind: TrainKind; images: TrainingImage[]; augment: boolean }
  | { type: 'train'; request: TrainRequest }
  | { type: 'evaluate' }
  | { type: 'predict'; image: ImageBitmap | Blob }
  | { type: 'exportOnnx' }
  | { type: 'exportTfjs' }
  | { type: 'saveLocal'; info: Omit<LocalModelInfo, 'savedAt'> }
  | { type: 'loadLocal'; projectId: number; kind: TrainKind }
  | { type: 'tensorCount' };

/** What each call resolves to. */
export interface CallResults {
  prepare: void;
  train: TrainOutcome;
  evaluate: Evaluation;
  predict: Prediction;
  exportOnnx: Uint8Array;
  exportTfjs: Blob;
  saveLocal: LocalModelInfo;
  loadLocal: LocalModelInfo | null;
  tensorCount: number;
}

/** Signals with no answer: they steer the training under way. */
export type Signal = { type: 'pause' } | { type: 'resume' } | { type: 'stop' };

export type WorkerRequest = (CallRequest & { id: number }) | Signal;

export type WorkerReply =
  | { id: number; type: 'progress'; progress: PrepareProgress }
  | { id: number; type: 'epoch'; report: EpochReport }
  | { id: number; type: 'done'; result: unknown }
  | { id: number; type: 'failed'; message: string };
