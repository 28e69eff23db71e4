/**
 * The trainer's engine: loads the input adapter's models, trains the head on the project's samples (on
 * the adapter's tf instance, epoch by epoch so the page stays responsive), predicts, and frees the model
 * when it is replaced or the page closes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as TF from '@tensorflow/tfjs';
import {
  predictProbabilities,
  trainClassifier,
  type EpochReport,
  type Tf,
  type TrainResult,
  type TrainSettings,
} from '@ai-edu/ml/trainer/index.ts';
import type { DownloadSource } from '../../lib/download-progress.ts';
import { trainingData, type TrainerState } from './project-state.ts';
import type { InputAdapter } from './types.ts';

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

export interface Trained {
  readonly model: TF.LayersModel;
  readonly labels: readonly string[];
  /** Null for an imported model. */
  readonly result: TrainResult | null;
  readonly settings: TrainSettings | null;
  /** The project's data revision it was trained on (null: imported). */
  readonly dataRevision: number | null;
  readonly classIds: readonly number[];
}

export interface TrainingProgress {
  readonly running: boolean;
  readonly epochs: number;
  readonly history: readonly EpochReport[];
}

export function useTrainer(adapter: InputAdapter) {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** The models' download while they load (the page shows its progress in MB). */
  const [downloads, setDownloads] = useState<DownloadSource | null>(null);
  const tfRef = useRef<Tf | null>(null);
  const [trained, setTrainedState] = useState<Trained | null>(null);
  const trainedRef = useRef<Trained | null>(null);
  const [progress, setProgress] = useState<TrainingProgress>({ running: false, epochs: 0, history: [] });
  const stopRef = useRef(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    let cancelled = false;
    adapter
      .load((source) => {
        if (!cancelled) setDownloads(source);
      })
      .then(
        (tf) => {
          if (cancelled) return;
          tfRef.current = tf;
          setLoad({ status: 'ready' });
        },
        (error: unknown) => {
          if (!cancelled)
            setLoad({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [adapter, attempt]);

  const setTrained = useCallback((next: Trained | null) => {
    const previous = trainedRef.current;
    trainedRef.current = next;
    setTrainedState(next);
    if (previous && previous.model !== next?.model) previous.model.dispose();
  }, []);

  useEffect(
    () => () => {
      alive.current = false;
      stopRef.current = true;
      trainedRef.current?.model.dispose();
      trainedRef.current = null;
      adapter.dispose();
    },
    [adapter],
  );

  const train = useCallback(
    async (state: TrainerState) => {
      const tf = tfRef.current;
      if (!tf) return;
      stopRef.current = false;
      const settings = state.settings;
      setProgress({ running: true, epochs: settings.epochs, history: [] });
      const history: EpochReport[] = [];
      try {
        const result = await trainClassifier(tf, trainingData(state), state.classes.length, settings, {
          onEpoch: async (report) => {
            history.push(report);
            if (alive.current) setProgress({ running: true, epochs: settings.epochs, history: [...history] });
            // Lets the page draw the curve and stay responsive between epochs.
            await new Promise((resolve) => setTimeout(resolve, 0));
            return !stopRef.current;
          },
        });
        if (!alive.current) {
          result.model.dispose();
          return;
        }
        setTrained({
          model: result.model,
          labels: state.classes.map((c) => c.name),
          result,
          settings,
          dataRevision: state.dataRevision,
          classIds: state.classes.map((c) => c.id),
        });
      } finally {
        if (alive.current) setProgress((p) => ({ ...p, running: false, history: [...history] }));
      }
    },
    [setTrained],
  );

  const stop = useCallback(() => {
    stopRef.current = true;
  }, []);

  /** Class probabilities of one feature vector with the current model (null without one). */
  const predict = useCallback((features: Float32Array): Float32Array | null => {
    const tf = tfRef.current;
    const current = trainedRef.current;
    if (!tf || !current) return null;
    return predictProbabilities(tf, current.model, [features])[0] ?? null;
  }, []);

  return {
    load,
    downloads,
    retryLoad: () => {
      setLoad({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
    tf: () => tfRef.current,
    trained,
    setTrained,
    progress,
    train,
    stop,
    predict,
  };
}
