/**
 * The lab's recogniser: starts loading the models as soon as the page opens (the MB bar), then reads pictures
 * with a stage bar. A newer picture wins: an older reading still under way is dropped when it ends.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DownloadMirror } from '../../lib/download-progress.ts';
import { loadOcrEngine, type OcrResult, type OcrStage } from '../../lib/ocr/index.ts';

export type EngineStatus = 'loading' | 'ready' | 'error';

export interface StageProgress {
  stage: OcrStage;
  done: number;
  total: number;
}

export interface OcrReading {
  engine: EngineStatus;
  downloads: DownloadMirror;
  busy: boolean;
  stage: StageProgress | null;
  result: OcrResult | null;
  /** The picture the result belongs to. */
  picture: HTMLCanvasElement | null;
  error: string | null;
  /** Readings finished so far (the benchmark waits on it: data-readings on the result card). */
  readings: number;
  read: (picture: HTMLCanvasElement) => Promise<void>;
  retryLoad: () => void;
}

export function useOcr(): OcrReading {
  const downloads = useMemo(() => new DownloadMirror(), []);
  const [engine, setEngine] = useState<EngineStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<StageProgress | null>(null);
  const [result, setResult] = useState<OcrResult | null>(null);
  const [picture, setPicture] = useState<HTMLCanvasElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [readings, setReadings] = useState(0);
  const generation = useRef(0);

  useEffect(() => {
    let live = true;
    loadOcrEngine((received, total) => downloads.set({ received, total, done: false })).then(
      () => {
        downloads.set({ ...downloads.snapshot(), done: true });
        if (live) setEngine('ready');
      },
      () => {
        downloads.set({ ...downloads.snapshot(), done: true });
        if (live) setEngine('error');
      },
    );
    return () => {
      live = false;
    };
  }, [downloads, attempt]);

  const read = useCallback(async (next: HTMLCanvasElement) => {
    const mine = ++generation.current;
    setBusy(true);
    setError(null);
    setResult(null);
    setPicture(next);
    setStage({ stage: 'detect', done: 0, total: 1 });
    try {
      const ocr = await loadOcrEngine();
      const found = await ocr.recognise(next, (s, done, total) => {
        if (mine === generation.current) setStage({ stage: s, done, total });
      });
      if (mine === generation.current) setResult(found);
    } catch (problem) {
      if (mine === generation.current) setError(problem instanceof Error ? problem.message : String(problem));
    } finally {
      if (mine === generation.current) {
        setBusy(false);
        setStage(null);
        setReadings((n) => n + 1);
      }
    }
  }, []);

  const retryLoad = useCallback(() => {
    setEngine('loading');
    setAttempt((n) => n + 1);
  }, []);

  return { engine, downloads, busy, stage, result, picture, error, readings, read, retryLoad };
}
