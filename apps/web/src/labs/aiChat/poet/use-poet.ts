/**
 * The page's side of the tiny poet: starts its worker once the mode opens, keeps what the page shows (the
 * poem so far with every step's choices, the attention over it, the nearest training poems, fine-tuning)
 * and ends the worker with the page.
 */
import { useCallback, useRef, useState } from 'react';
import type { NearPoem } from '@ai-edu/ml/poet/nearest.ts';
import type { PoetAttention } from '@ai-edu/ml/poet/runtime.ts';
import type { WritingDials } from '@ai-edu/ml/poet/writing.ts';
import type { ModelLoadReply } from '../../../lib/model-worker-protocol.ts';
import { useModelWorker } from '../../../lib/use-model-worker.ts';
import type { Choice, PoetInfo, PoetReply, PoetRequest } from './protocol.ts';

/** One character of the poem: typed by the student, or written by the poet (with what it chose from). */
export interface PoemChar {
  char: string;
  written: boolean;
  choices?: Choice[];
}

export interface Tuning {
  running: boolean;
  step: number;
  steps: number;
  pieces: number;
  unknown: string[];
  bitsBefore: number;
  /** Each step's loss (bits per character), for the curve. */
  curve: number[];
  bitsAfter?: number;
}

export type PoetProblem =
  | { kind: 'tooFewTexts'; count: string }
  | { kind: 'tooLong'; count: string }
  | { kind: 'error'; message: string };

export interface PoetState {
  poem: PoemChar[];
  writing: boolean;
  /** Why the last poem stopped, once it has. */
  ended?: 'end' | 'length' | 'stopped';
  /** How fast the last poem was written. */
  speed?: { chars: number; seconds: number };
  /** Characters of the start the poet does not know. */
  unknown: string[];
  attention?: PoetAttention;
  nearest?: NearPoem[];
  tuning?: Tuning;
  /** True once the poet has been fine-tuned and not reset. */
  tuned: boolean;
  problem?: PoetProblem;
}

const INITIAL: PoetState = { poem: [], writing: false, unknown: [], tuned: false };

const newSeed = () => Math.floor(Math.random() * 2 ** 31);

/** The poet of one corpus; the page remounts it (a fresh worker) to switch. */
export function usePoet(source: string) {
  const [state, setState] = useState<PoetState>(INITIAL);
  const nextId = useRef(1);
  const currentWrite = useRef(0);

  const receive = useCallback((reply: Exclude<PoetReply, ModelLoadReply<PoetInfo>>) => {
    switch (reply.type) {
      case 'step':
        if (reply.id !== currentWrite.current) return;
        setState((s) => ({
          ...s,
          poem: reply.ended
            ? s.poem
            : [...s.poem, { char: reply.char, written: true, choices: reply.choices }],
        }));
        return;
      case 'written': {
        if (reply.id !== currentWrite.current) return;
        setState((s) => ({
          ...s,
          writing: false,
          ended: reply.reason,
          unknown: reply.unknown,
          speed: { chars: reply.chars, seconds: reply.seconds },
        }));
        return;
      }
      case 'attention':
        if (reply.id === currentWrite.current) setState((s) => ({ ...s, attention: reply.attention }));
        return;
      case 'nearest':
        if (reply.id === currentWrite.current) setState((s) => ({ ...s, nearest: reply.matches }));
        return;
      case 'tuneStart':
        setState((s) => ({
          ...s,
          problem: undefined,
          tuning: {
            running: true,
            step: 0,
            steps: reply.steps,
            pieces: reply.pieces,
            unknown: reply.unknown,
            bitsBefore: reply.bitsBefore,
            curve: [],
          },
        }));
        return;
      case 'tuneStep':
        setState((s) =>
          s.tuning
            ? { ...s, tuning: { ...s.tuning, step: reply.step, curve: [...s.tuning.curve, reply.bits] } }
            : s,
        );
        return;
      case 'tuned':
        setState((s) => ({
          ...s,
          tuned: reply.steps > 0 || s.tuned,
          tuning: s.tuning && { ...s.tuning, running: false, bitsAfter: reply.bitsAfter },
        }));
        return;
      case 'failed':
        setState((s) => ({
          ...s,
          writing: false,
          tuning: s.tuning && { ...s.tuning, running: false },
          problem:
            reply.reason === 'error'
              ? { kind: 'error', message: reply.message }
              : { kind: reply.reason, count: reply.message },
        }));
        return;
      case 'resetDone':
        setState((s) => ({ ...s, tuned: false, tuning: undefined }));
    }
  }, []);

  const { model, downloads, send, retry } = useModelWorker<PoetRequest, PoetReply, PoetInfo>(
    () => new Worker(new URL('./poet.worker.ts', import.meta.url), { type: 'module', name: 'poet' }),
    source,
    receive,
  );

  /** Continues `start` (the student's own characters) with these dials, a character per `paceMs` at most. */
  const write = useCallback(
    (startText: string, dials: WritingDials, paceMs: number) => {
      const id = nextId.current++;
      currentWrite.current = id;
      setState((s) => ({
        ...s,
        writing: true,
        ended: undefined,
        problem: undefined,
        attention: undefined,
        nearest: undefined,
        unknown: [],
        poem: [...startText].map((char) => ({ char, written: false })),
      }));
      send({ type: 'write', id, start: startText, seed: newSeed(), paceMs, ...dials });
    },
    [send],
  );

  return {
    model,
    state,
    downloads,
    // A fresh worker holds the shipped poet: nothing written or tuned before it stays.
    retry: useCallback(() => {
      setState(INITIAL);
      retry();
    }, [retry]),
    write,
    stop: useCallback(() => send({ type: 'stop' }), [send]),
    fineTune: useCallback((text: string) => send({ type: 'fineTune', id: nextId.current++, text }), [send]),
    reset: useCallback(() => send({ type: 'reset' }), [send]),
  };
}
