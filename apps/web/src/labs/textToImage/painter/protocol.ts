/**
 * Messages between the tiny painter's page and its worker (painter.worker.ts). TF.js and the model live in
 * the worker, so painting never freezes the page; types only here.
 */
import type { ModelLoadReply, ModelLoadRequest } from '../../../lib/model-worker-protocol.ts';

/** What the page knows of the painter once it is loaded (from its model.json). */
export interface PainterInfo {
  /** The doodle category id of each class, in class order. */
  categories: string[];
  parameters: number;
  /** The pictures it learnt from. */
  trainingPictures: number;
  trainingMinutes: number;
  /** The share of its pictures the doodle recogniser named as asked (all, and per category). */
  recognised: number;
  perCategory: Record<string, number>;
  defaults: { guidance: number; steps: number };
  /** A picture's side in pixels (28). */
  side: number;
}

export interface PaintJob {
  id: number;
  classIndex: number;
  seed: number;
  guidance: number;
  steps: number;
}

/** `recogniserBase`: the doodle recogniser's folder, loaded on the first painting to name what was painted. */
export type PainterRequest = ModelLoadRequest | ({ type: 'paint'; recogniserBase: string } & PaintJob);

/** One of the doodle recogniser's likeliest names for a painting. */
export interface Recognised {
  /** A doodle category id. */
  category: string;
  probability: number;
}

export type PainterReply =
  | ModelLoadReply<PainterInfo>
  | { type: 'progress'; id: number; done: number; total: number }
  /**
   * The painting, as pictures of side × side values in [0, 1] (1: ink) end to end: `frames` holds
   * `steps + 1` (the starting noise first, the finished picture last), `guesses` holds `steps` (guess k: the
   * finished picture the network aimed at while turning frame k into frame k + 1). `noise[k]`: how much of
   * frame k is still noise (1: all, 0: none).
   */
  | {
      type: 'painted';
      id: number;
      frames: Float32Array;
      guesses: Float32Array;
      noise: number[];
      seconds: number;
    }
  /** The doodle recogniser's three likeliest names for the finished picture (after 'painted'). */
  | { type: 'recognised'; id: number; top: Recognised[] }
  | { type: 'failed'; id: number; message: string };
