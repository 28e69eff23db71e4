import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { DownloadMirror, type DownloadSource } from '../../lib/download-progress.ts';
import { DigitClient } from './digit-client.ts';
import { MODEL_BYTES, MODEL_URL, TRAIN_BATCH, TRAIN_SEED } from './meta.ts';
import { loadPack, packDownloadProgress } from './pack.ts';
import type {
  BackendName,
  EpochPoint,
  FeatureMaps,
  Inspection,
  NetworkId,
  ServedModelInfo,
  WorkerReply,
} from './worker-protocol.ts';

export type TrainingPhase = 'idle' | 'loading' | 'training' | 'stopped' | 'done' | 'error';

export interface Training {
  phase: TrainingPhase;
  run: number;
  /** Test accuracy after each epoch (epoch 0: untrained). */
  points: EpochPoint[];
  /** Epochs asked for (after the end: epochs completed). */
  epochs: number;
  /** The epoch under way (1-based) and how far through it, 0–1. */
  epoch: number;
  progress: number;
  seconds: number;
}

export interface LabState {
  status: 'loading' | 'ready' | 'error';
  backend: BackendName | null;
  info: ServedModelInfo | null;
  /** First-layer filters of each network (the trained one's once it exists). */
  filters: Record<NetworkId, FeatureMaps | null>;
  /** The latest answer, with the network that gave it. */
  answer: { network: NetworkId; inspection: Inspection } | null;
  training: Training;
  /** Grows each time a newly trained network is ready (drawings are recognised again). */
  yoursVersion: number;
}

type Action =
  | { type: 'reset' }
  | { type: 'reply'; reply: WorkerReply }
  | { type: 'clearAnswer' }
  | { type: 'trainLoading'; run: number; epochs: number }
  | { type: 'trainFailed'; run: number };

const idleTraining: Training = {
  phase: 'idle',
  run: 0,
  points: [],
  epochs: 0,
  epoch: 0,
  progress: 0,
  seconds: 0,
};

const initial: LabState = {
  status: 'loading',
  backend: null,
  info: null,
  filters: { ready: null, yours: null },
  answer: null,
  training: idleTraining,
  yoursVersion: 0,
};

function reduce(state: LabState, action: Action): LabState {
  switch (action.type) {
    case 'reset':
      return initial;
    case 'clearAnswer':
      return { ...state, answer: null };
    case 'trainLoading':
      return {
        ...state,
        filters: { ...state.filters, yours: null },
        training: { ...idleTraining, phase: 'loading', run: action.run, epochs: action.epochs },
      };
    case 'trainFailed':
      return action.run === state.training.run
        ? { ...state, training: { ...state.training, phase: 'error' } }
        : state;
    case 'reply':
      return reduceReply(state, action.reply);
  }
}

function reduceReply(state: LabState, reply: WorkerReply): LabState {
  const training = state.training;
  // Replies of an earlier training run are late news.
  if ('run' in reply && reply.run !== training.run) return state;
  switch (reply.type) {
    case 'download':
      return state;
    case 'ready':
      return {
        ...state,
        status: 'ready',
        backend: reply.backend,
        info: reply.info,
        filters: { ...state.filters, ready: reply.filters },
      };
    case 'initFailed':
      return { ...state, status: 'error' };
    case 'inspection':
      return {
        ...state,
        answer: reply.inspection ? { network: reply.network, inspection: reply.inspection } : null,
      };
    case 'trainStart':
      return { ...state, training: { ...training, phase: 'training', points: [reply.point], epoch: 1 } };
    case 'trainProgress':
      return {
        ...state,
        training: { ...training, epoch: reply.epoch, progress: reply.progress, seconds: reply.seconds },
      };
    case 'trainEpoch':
      return {
        ...state,
        training: {
          ...training,
          points: [...training.points, reply.point],
          epoch: reply.point.epoch + 1,
          progress: 0,
          seconds: reply.seconds,
        },
      };
    case 'trainEnd':
      return {
        ...state,
        filters: { ...state.filters, yours: reply.filters },
        training: {
          ...training,
          phase: reply.stopped ? 'stopped' : 'done',
          epochs: reply.epochs,
          progress: 0,
          seconds: reply.seconds,
        },
        yoursVersion: state.yoursVersion + 1,
      };
    case 'trainFailed':
      return { ...state, training: { ...training, phase: 'error' } };
  }
}

/**
 * The lab's state and actions: the worker (started when the lab opens, ended when it closes, taking TF.js,
 * the networks and every tensor with it), the latest answer, and the training run.
 */
export function useDigitLab() {
  const [state, dispatch] = useReducer(reduce, initial);
  const [attempt, setAttempt] = useState(0);
  const client = useRef<DigitClient | null>(null);
  const run = useRef(0);
  // One per worker (a retry starts afresh): the network's download, counted in the worker.
  const [modelDownloads, setModelDownloads] = useState(() => new DownloadMirror());
  const [packDownloads, setPackDownloads] = useState<DownloadSource | null>(null);

  useEffect(() => {
    const worker = new DigitClient();
    client.current = worker;
    worker.subscribe((reply) => {
      if (reply.type === 'download') modelDownloads.set(reply.progress);
      else dispatch({ type: 'reply', reply });
    });
    worker.init(new URL(MODEL_URL, window.location.href).href, MODEL_BYTES);
    return () => {
      client.current = null;
      worker.terminate();
    };
  }, [attempt, modelDownloads]);

  const recognise = useCallback((network: NetworkId, pixels: Float32Array | null) => {
    if (pixels) client.current?.inspect(network, pixels);
    else dispatch({ type: 'clearAnswer' });
  }, []);

  const startTraining = useCallback(async (epochs: number, learningRate: number) => {
    const id = ++run.current;
    dispatch({ type: 'trainLoading', run: id, epochs });
    try {
      const pack = loadPack();
      setPackDownloads(packDownloadProgress());
      const { train, test } = await pack;
      if (run.current !== id) return;
      client.current?.train({
        run: id,
        epochs,
        learningRate,
        batchSize: TRAIN_BATCH,
        seed: TRAIN_SEED,
        train,
        test,
      });
    } catch (error) {
      console.warn('digit pack failed to load', error);
      dispatch({ type: 'trainFailed', run: id });
    }
  }, []);

  const stopTraining = useCallback(() => client.current?.stop(), []);

  /** After a failed start: a fresh worker tries again. */
  const retry = useCallback(() => {
    dispatch({ type: 'reset' });
    setModelDownloads(new DownloadMirror());
    setAttempt((n) => n + 1);
  }, []);

  return { state, recognise, startTraining, stopTraining, retry, modelDownloads, packDownloads };
}
