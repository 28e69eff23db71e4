/**
 * One training session per page: the client (one worker), the live state of a run (features progress,
 * epochs), the finished model (kept in IndexedDB, loaded back when the page opens) and its test-split
 * evaluation. The page's tabs (Train, Evaluate, Try, Export) share it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TrainImage, TrainKind, TrainProject, TrainSettingsWire } from '@ai-edu/contract';
import { trainRequests, useCreateEvaluation, useMultipartContext, useUpdateProject } from '../api/index.ts';
import { logTrainApiUse } from '../onnx/experience.ts';
import { createTrainingClient } from './client.ts';
import { splitCounts, toTrainingImages } from './images.ts';
import { decodeLastModel, encodeLastModel, fromTfjsExport, newerCopy } from './last-model-codec.ts';
import { getModel, putModel, type StoredModel } from './model-store.ts';
import type { MultipartContext } from '../api/multipart.ts';
import type {
  EpochReport,
  Evaluation,
  LocalModelInfo,
  PrepareProgress,
  TrainingClient,
  TrainOutcome,
} from './types.ts';

export type SessionStatus =
  'loading' | 'idle' | 'preparing' | 'training' | 'paused' | 'evaluating' | 'done' | 'failed';

export interface TrainingSession {
  kind: TrainKind;
  project: TrainProject;
  client: TrainingClient;
  status: SessionStatus;
  progress: PrepareProgress | null;
  history: EpochReport[];
  /** The model in the worker (just trained or loaded from IndexedDB). */
  model: LocalModelInfo | null;
  error: string | null;
  /**
   * tf.memory().numTensors in the worker after the last training (shown as `data-tensors` on the status line:
   * the e2e and the bench check it stays flat across trainings).
   */
  tensors: number | null;
  /** Trainings finished in this page (`data-runs` on the status line). */
  runs: number;
  /** Images usable for training, per split. */
  counts: { train: number; val: number; test: number };
  start: (settings: TrainSettingsWire) => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

export function useTrainingSession(
  kind: TrainKind,
  project: TrainProject,
  images: readonly TrainImage[],
): TrainingSession {
  const [client] = useState(() => createTrainingClient());
  useEffect(() => () => client.dispose(), [client]);
  const updateProject = useUpdateProject();
  const multipartContext = useMultipartContext();
  const createEvaluation = useCreateEvaluation();
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [progress, setProgress] = useState<PrepareProgress | null>(null);
  const [history, setHistory] = useState<EpochReport[]>([]);
  const [model, setModel] = useState<LocalModelInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tensors, setTensors] = useState<number | null>(null);
  const [runs, setRuns] = useState(0);
  const running = useRef(false);

  const prepared = useMemo(
    () => toTrainingImages(kind, images, project.classes, project.splitSeed),
    [kind, images, project.classes, project.splitSeed],
  );

  // The last model comes back into the worker: this browser's (IndexedDB), or the server's copy when that
  // is newer or the browser has none (another device, cleared storage: issue 25).
  useEffect(() => {
    let live = true;
    void loadLastModel(client, project, kind, multipartContext, () => live).then((info) => {
      if (!live) return;
      if (info) {
        setModel(info);
        setHistory(info.outcome.history);
      }
      setStatus((s) => (s === 'loading' ? (info ? 'done' : 'idle') : s));
    });
    return () => {
      live = false;
    };
    // Once per project page: a later refetch of the project must not load the model again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, project.id, kind]);

  const start = useCallback(
    async (settings: TrainSettingsWire) => {
      if (running.current) return;
      running.current = true;
      setError(null);
      setHistory([]);
      setProgress(null);
      try {
        setStatus('preparing');
        await client.prepare(kind, prepared.images, { augment: settings.augment }, setProgress);
        setStatus('training');
        const outcome: TrainOutcome = await client.train({ ...settings, classes: project.classes }, (epoch) =>
          setHistory((h) => [...h, epoch]),
        );
        setStatus('evaluating');
        const evaluation: Evaluation | null =
          splitCounts(prepared.images).test > 0 ? await client.evaluate() : null;
        const info = await client.saveLocal({
          projectId: project.id,
          kind,
          classes: project.classes,
          settings,
          outcome,
          evaluation,
        });
        setModel(info);
        void keepOnServer(project.id, kind, multipartContext());
        setTensors(await client.tensorCount());
        setRuns((n) => n + 1);
        setStatus('done');
        // Spec §7 `evaluation`: the page's own model on the test split is recorded (and logged) like an ONNX one.
        if (evaluation) {
          createEvaluation.mutate(
            {
              projectId: project.id,
              model: { source: 'page' },
              imageCount: evaluation.predictions.length,
              metrics: evaluation.metrics,
            },
            { onSuccess: () => logTrainApiUse('/api/evaluation') },
          );
        }
        if (!project.readOnly) {
          const metrics = evaluation?.metrics;
          updateProject.mutate({
            id: project.id,
            settings,
            lastRun: {
              at: info.savedAt,
              epochs: outcome.epochs,
              trainMs: Math.round(outcome.trainMs + outcome.featureMs),
              accuracy: metrics?.task === 'cls' ? metrics.accuracy : null,
              map: metrics?.task === 'det' ? metrics.map : null,
            },
          });
        }
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        setStatus('failed');
      } finally {
        running.current = false;
      }
    },
    [
      client,
      kind,
      prepared.images,
      project.classes,
      project.id,
      project.readOnly,
      updateProject,
      createEvaluation,
      multipartContext,
    ],
  );

  const pause = useCallback(() => {
    client.pause();
    setStatus('paused');
  }, [client]);
  const resume = useCallback(() => {
    client.resume();
    setStatus('training');
  }, [client]);
  const stop = useCallback(() => {
    client.resume();
    client.stop();
  }, [client]);

  return {
    kind,
    project,
    client,
    status,
    progress,
    history,
    model,
    error,
    tensors,
    runs,
    counts: splitCounts(prepared.images),
    start,
    pause,
    resume,
    stop,
  };
}

/**
 * The model to start the page with: the browser's copy, replaced by the server's when that is newer (or the
 * only one); with neither, the newest saved model in the TF.js format. A server that cannot be reached, or a
 * file that cannot be read, leaves what the browser has.
 */
async function loadLastModel(
  client: TrainingClient,
  project: TrainProject,
  kind: TrainKind,
  context: () => MultipartContext,
  live: () => boolean,
): Promise<LocalModelInfo | null> {
  const local = await client.loadLocal(project.id, kind).catch(() => null);
  try {
    const remote = await trainRequests.getLastModel(project.id);
    if (!live()) return local;
    const newer = newerCopy(local?.savedAt ?? null, remote?.savedAt ?? null);
    // This browser's copy is newer than the server's (its upload was cut short by a reload): send it again.
    if (newer === 'local' && local!.savedAt !== remote?.savedAt)
      void keepOnServer(project.id, kind, context());
    let stored: StoredModel | null = null;
    if (newer === 'remote') {
      stored = await decodeLastModel(await download(remote!.url));
    } else if (!local) {
      const saved = project.models.find((m) => m.format === 'tfjs');
      if (saved) stored = await fromTfjsExport(await download(saved.url), project, saved);
    }
    if (!stored || stored.info.projectId !== project.id || stored.info.kind !== kind) return local;
    await putModel(stored);
    return (await client.loadLocal(project.id, kind)) ?? local;
  } catch {
    return local;
  }
}

async function download(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.arrayBuffer();
}

/** Puts the model just kept in IndexedDB on the server too; the browser's copy stays whatever happens. */
async function keepOnServer(projectId: number, kind: TrainKind, context: MultipartContext): Promise<void> {
  try {
    const stored = await getModel(projectId, kind);
    if (!stored) return;
    const file = await encodeLastModel(stored);
    await trainRequests.putLastModel(projectId, { file, savedAt: stored.info.savedAt }, context);
  } catch (error) {
    console.warn('the trained model could not be kept on the server', error);
  }
}
