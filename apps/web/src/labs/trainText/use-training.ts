/**
 * Runs training in a Web Worker (one at a time: a new run stops the old one; leaving the lab stops it too)
 * and collects what it reports: the loss per epoch, the model, the cross-validation.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  vocabularyFrom,
  type EpochReport,
  type Evaluation,
  type LabelledSentence,
  type TextClassifier,
} from '@ai-edu/ml/text/index.ts';
import { runTraining, type ModelMessage, type TrainMessage, type TrainRequest } from './training-run.ts';

export interface TrainedModel {
  readonly model: TextClassifier;
  /** The project's data revision it was trained on (a newer one means the model is out of date). */
  readonly dataRevision: number;
  /** Class ids and names at training time, by label. */
  readonly classIds: readonly number[];
  readonly classNames: readonly string[];
}

export interface TrainingState {
  readonly status: 'idle' | 'training' | 'evaluating' | 'done' | 'failed';
  readonly epochs: number;
  readonly history: readonly EpochReport[];
  readonly trained: TrainedModel | null;
  /** null: the classes were too small to hold examples out. */
  readonly evaluation: Evaluation | null;
  /** The sentences of the run (the evaluation's mistakes point into them). */
  readonly data: readonly LabelledSentence[];
  readonly error: string | null;
}

export interface TrainStart {
  readonly request: TrainRequest;
  readonly dataRevision: number;
  readonly classIds: readonly number[];
  readonly classNames: readonly string[];
}

const IDLE: TrainingState = {
  status: 'idle',
  epochs: 0,
  history: [],
  trained: null,
  evaluation: null,
  data: [],
  error: null,
};

function fromMessage(message: ModelMessage): TextClassifier {
  return {
    numClasses: message.numClasses,
    bigrams: message.bigrams,
    vocabulary: vocabularyFrom(message.terms, message.kinds),
    weights: message.weights,
    bias: message.bias,
  };
}

function startWorker(): Worker | null {
  try {
    return typeof Worker === 'undefined'
      ? null
      : new Worker(new URL('./training.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

export function useTraining() {
  const [state, setState] = useState<TrainingState>(IDLE);
  const worker = useRef<Worker | null>(null);
  const runId = useRef(0);

  const stop = useCallback(() => {
    runId.current += 1;
    worker.current?.terminate();
    worker.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    ({ request, dataRevision, classIds, classNames }: TrainStart) => {
      stop();
      const id = runId.current;
      const epochs = request.settings.epochs ?? 0;
      setState({ ...IDLE, status: 'training', epochs, data: request.data });
      const receive = (message: TrainMessage) => {
        if (runId.current !== id) return;
        setState((s) => {
          switch (message.type) {
            case 'epoch':
              return { ...s, history: [...s.history, message.report] };
            case 'model':
              return {
                ...s,
                status: 'evaluating',
                trained: { model: fromMessage(message.model), dataRevision, classIds, classNames },
              };
            case 'evaluation':
              return { ...s, status: 'done', evaluation: message.evaluation };
            case 'failed':
              return { ...s, status: 'failed', error: message.message };
          }
        });
        if (message.type === 'evaluation' || message.type === 'failed') {
          worker.current?.terminate();
          worker.current = null;
        }
      };
      const thread = startWorker();
      if (thread) {
        worker.current = thread;
        thread.onmessage = (event: MessageEvent<TrainMessage>) => receive(event.data);
        thread.onerror = (event) => receive({ type: 'failed', message: event.message || 'worker error' });
        thread.postMessage(request);
      } else {
        void runTraining(request, receive, () => runId.current !== id);
      }
    },
    [stop],
  );

  /** Forgets the model and its history (a different project was opened). */
  const reset = useCallback(() => {
    stop();
    setState(IDLE);
  }, [stop]);

  return { training: state, start, reset };
}
