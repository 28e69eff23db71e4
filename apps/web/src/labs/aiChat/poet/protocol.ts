/**
 * Messages between the tiny poet's page and its worker (poet.worker.ts). TF.js and the model live in the
 * worker, so writing and fine-tuning never freeze the page; types only here.
 */
import type { ModelLoadReply, ModelLoadRequest } from '../../../lib/model-worker-protocol.ts';
import type { NearPoem } from '@ai-edu/ml/poet/nearest.ts';
import type { PoetAttention } from '@ai-edu/ml/poet/runtime.ts';
import type { WritingDials } from '@ai-edu/ml/poet/writing.ts';

export interface Choice {
  /** '' for the end mark. */
  char: string;
  p: number;
  /** The one drawn (shown after the top 5 when it was not among them). */
  drawn?: boolean;
}

/** What the page knows of the poet once it is loaded. */
export interface PoetInfo {
  parameters: number;
  alphabet: number;
  trainPoems: number;
  /** Held-out bits per character of each held-out set (`tang`, `song`, `sonnets`), from model.json. */
  heldOut: { set: string; bits: number }[];
  trainingMinutes: number | undefined;
  /** The most characters a poem may have (the window less its start mark). */
  maxChars: number;
}

export type PoetRequest =
  | ModelLoadRequest
  /** `paceMs`: the least time between two characters (slow enough to watch; 0: as fast as it can). */
  | ({ type: 'write'; id: number; start: string; seed: number; paceMs: number } & WritingDials)
  | { type: 'stop' }
  | { type: 'fineTune'; id: number; text: string }
  | { type: 'reset' };

export type PoetReply =
  | ModelLoadReply<PoetInfo>
  /** One character written (`char` is '' when the poem ended), with what it was drawn from. */
  | { type: 'step'; id: number; char: string; ended: boolean; choices: Choice[] }
  /** Writing is over: the poem ended, reached its length, or was stopped; `unknown` lists start characters it does not know. */
  | {
      type: 'written';
      id: number;
      reason: 'end' | 'length' | 'stopped';
      unknown: string[];
      /** Characters written (the end mark not counted) and the model's time drawing them (pace apart). */
      chars: number;
      seconds: number;
    }
  /** After a poem: where the model looked as it read it, and the training poems closest to it. */
  | { type: 'attention'; id: number; attention: PoetAttention }
  | { type: 'nearest'; id: number; matches: NearPoem[] }
  | { type: 'tuneStart'; id: number; pieces: number; unknown: string[]; bitsBefore: number; steps: number }
  | { type: 'tuneStep'; id: number; step: number; steps: number; bits: number }
  | { type: 'tuned'; id: number; steps: number; bitsBefore: number; bitsAfter: number }
  /** A request the worker could not do (e.g. too few texts to fine-tune on): said on the page. */
  | { type: 'failed'; id: number; reason: 'tooFewTexts' | 'tooLong' | 'error'; message: string }
  | { type: 'resetDone' };
