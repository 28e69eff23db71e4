/**
 * One training run, as messages: the epochs (paced so the loss curve can be watched), the finished model,
 * then the cross-validation fold by fold. The same function runs inside the Web Worker (the page stays
 * responsive, even for ten classes of 200 sentences) and, where workers are missing, on the page itself.
 */
import {
  crossValidate,
  foldsFor,
  SoftmaxTrainer,
  type EpochReport,
  type Evaluation,
  type LabelledSentence,
  type TextClassifier,
  type TokenKind,
  type TrainSettings,
} from '@ai-edu/ml/text/index.ts';

export interface TrainRequest {
  readonly data: readonly LabelledSentence[];
  readonly numClasses: number;
  readonly settings: Partial<TrainSettings> & { seed: number };
  /** The whole run lasts at least this long (0: as fast as possible), spread over the epochs. */
  readonly animationMs: number;
}

/** A model in a form that survives postMessage (the vocabulary's Map is rebuilt on arrival). */
export interface ModelMessage {
  readonly numClasses: number;
  readonly bigrams: boolean;
  readonly terms: readonly string[];
  readonly kinds: readonly TokenKind[];
  readonly weights: Float64Array;
  readonly bias: Float64Array;
}

export type TrainMessage =
  | { type: 'epoch'; report: EpochReport }
  | { type: 'model'; model: ModelMessage }
  | { type: 'evaluation'; evaluation: Evaluation | null }
  | { type: 'failed'; message: string };

export function toMessage(model: TextClassifier): ModelMessage {
  return {
    numClasses: model.numClasses,
    bigrams: model.bigrams,
    terms: model.vocabulary.terms,
    kinds: model.vocabulary.kinds,
    weights: model.weights,
    bias: model.bias,
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Trains and evaluates, posting progress. `cancelled` is checked between epochs so a run replaced by a newer
 * one stops at once when it runs on the page.
 */
export async function runTraining(
  request: TrainRequest,
  post: (message: TrainMessage) => void,
  cancelled: () => boolean = () => false,
): Promise<void> {
  try {
    const trainer = new SoftmaxTrainer(request.data, request.numClasses, request.settings);
    const epochs = trainer.settings.epochs;
    const perEpoch = request.animationMs / epochs;
    const start = Date.now();
    post({ type: 'epoch', report: trainer.report() });
    while (!trainer.done) {
      const report = trainer.step();
      if (cancelled()) return;
      post({ type: 'epoch', report });
      const due = start + report.epoch * perEpoch - Date.now();
      // Yielding lets the page (or the worker's message queue) breathe even when no pacing is asked for.
      await pause(Math.max(0, due));
      if (cancelled()) return;
    }
    post({ type: 'model', model: toMessage(trainer.model()) });
    await pause(0);
    if (cancelled()) return;
    const sizes = Array.from(
      { length: request.numClasses },
      (_, k) => request.data.filter((d) => d.label === k).length,
    );
    const evaluation =
      foldsFor(sizes) > 0 ? crossValidate(request.data, request.numClasses, request.settings) : null;
    if (cancelled()) return;
    post({ type: 'evaluation', evaluation });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
