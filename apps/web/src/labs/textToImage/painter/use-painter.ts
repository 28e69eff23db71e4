/**
 * The page's side of the tiny painter: starts its worker once the mode opens, keeps the painting under way
 * (its progress) and the last one painted (every step's picture and guess), and ends the worker with the page.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { DownloadMirror, sumKnown } from '../../../lib/download-progress.ts';
import { modelBytes, modelUrl } from '../../../lib/model-assets.ts';
import { useModelWorker } from '../../../lib/use-model-worker.ts';
import type { PaintJob, PainterInfo, PainterReply, PainterRequest } from './protocol.ts';

const SOURCE = '/models/painter/';
const BASE = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${modelUrl(SOURCE)}`;
const EXPECTED_BYTES = sumKnown(['model.json', 'weights.bin'].map((file) => modelBytes(`${SOURCE}${file}`)));

/** A finished painting: what was asked, and every step (see PainterReply 'painted'). */
export interface Painted extends PaintJob {
  frames: Float32Array;
  guesses: Float32Array;
  noise: number[];
  seconds: number;
}

export interface PainterState {
  status: 'loading' | 'ready' | 'failed';
  loadError?: string;
  info?: PainterInfo;
  /** Steps done of the painting under way. */
  painting?: { done: number; total: number };
  painted?: Painted;
  problem?: string;
}

const INITIAL: PainterState = { status: 'loading' };

export function usePainter() {
  const downloads = useMemo(() => new DownloadMirror(), []);
  const [state, setState] = useState<PainterState>(INITIAL);
  const nextId = useRef(1);
  /** The job under way and what it asked: a reply to an older one is dropped. */
  const current = useRef<PaintJob | null>(null);

  const receive = useCallback(
    (reply: PainterReply) => {
      switch (reply.type) {
        case 'download':
          downloads.set(reply.progress);
          return;
        case 'ready':
          setState((s) => ({ ...s, status: 'ready', info: reply.info }));
          return;
        case 'loadFailed':
          setState((s) => ({ ...s, status: 'failed', loadError: reply.message }));
          return;
        case 'progress':
          if (reply.id === current.current?.id)
            setState((s) => ({ ...s, painting: { done: reply.done, total: reply.total } }));
          return;
        case 'painted': {
          const job = current.current;
          if (reply.id !== job?.id) return;
          const { frames, guesses, noise, seconds } = reply;
          setState((s) => ({
            ...s,
            painting: undefined,
            painted: { ...job, frames, guesses, noise, seconds },
          }));
          return;
        }
        case 'failed':
          if (reply.id === current.current?.id)
            setState((s) => ({ ...s, painting: undefined, problem: reply.message }));
      }
    },
    [downloads],
  );

  const { send, restart } = useModelWorker<PainterRequest, PainterReply>(
    () => new Worker(new URL('./painter.worker.ts', import.meta.url), { type: 'module', name: 'painter' }),
    { type: 'load', base: BASE, expectedBytes: EXPECTED_BYTES },
    receive,
    (message) => receive({ type: 'loadFailed', message }),
  );

  const paint = useCallback(
    (asked: Omit<PaintJob, 'id'>) => {
      const job = { ...asked, id: nextId.current++ };
      current.current = job;
      setState((s) => ({ ...s, problem: undefined, painting: { done: 0, total: asked.steps } }));
      send({ type: 'paint', ...job });
    },
    [send],
  );

  return {
    state,
    downloads,
    paint,
    retry: useCallback(() => {
      setState(INITIAL);
      restart();
    }, [restart]),
  };
}
