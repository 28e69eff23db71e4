/**
 * The page's side of the tiny painter: starts its worker once the mode opens, keeps the painting under way
 * (its progress) and the last one painted (every step's picture and guess), and ends the worker with the page.
 */
import { useCallback, useRef, useState } from 'react';
import { modelUrl } from '../../../lib/model-assets.ts';
import { useModelWorker } from '../../../lib/use-model-worker.ts';
import type { ModelLoadReply } from '../../../lib/model-worker-protocol.ts';
import type { PaintJob, PainterInfo, PainterReply, PainterRequest, Recognised } from './protocol.ts';

const RECOGNISER_BASE = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${modelUrl('/models/doodles/')}`;

/** A finished painting: what was asked, and every step (see PainterReply 'painted'). */
export interface Painted extends PaintJob {
  frames: Float32Array;
  guesses: Float32Array;
  noise: number[];
  seconds: number;
  /** The doodle recogniser's likeliest names for it, once it has looked. */
  recognised?: Recognised[];
}

export interface PainterState {
  /** Steps done of the painting under way. */
  painting?: { done: number; total: number };
  painted?: Painted;
  problem?: string;
}

export function usePainter() {
  const [state, setState] = useState<PainterState>({});
  const nextId = useRef(1);
  /** The job under way and what it asked: a reply to an older one is dropped. */
  const current = useRef<PaintJob | null>(null);

  const receive = useCallback((reply: Exclude<PainterReply, ModelLoadReply<PainterInfo>>) => {
    switch (reply.type) {
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
      case 'recognised':
        if (reply.id === current.current?.id)
          setState((s) => (s.painted ? { ...s, painted: { ...s.painted, recognised: reply.top } } : s));
        return;
      case 'failed':
        if (reply.id === current.current?.id)
          setState((s) => ({ ...s, painting: undefined, problem: reply.message }));
    }
  }, []);

  const { model, downloads, send, retry } = useModelWorker<PainterRequest, PainterReply, PainterInfo>(
    () => new Worker(new URL('./painter.worker.ts', import.meta.url), { type: 'module', name: 'painter' }),
    '/models/painter/',
    receive,
  );

  const paint = useCallback(
    (asked: Omit<PaintJob, 'id'>) => {
      const job = { ...asked, id: nextId.current++ };
      current.current = job;
      setState((s) => ({ ...s, problem: undefined, painting: { done: 0, total: asked.steps } }));
      send({ type: 'paint', recogniserBase: RECOGNISER_BASE, ...job });
    },
    [send],
  );

  return { model, state, downloads, paint, retry };
}
