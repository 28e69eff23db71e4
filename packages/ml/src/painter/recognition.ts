/**
 * The painter's check (issue 28: ≥ 60 % recognised as asked): `perClass` pictures of every class, seeds
 * 1000, 1001, …, painted at the given settings and named by a recogniser (in practice the doodle
 * recogniser's probabilities). The training script writes its result into model.json; the bench repeats it.
 */
import type * as TF from '@tensorflow/tfjs';
import type { PainterConfig, PainterWeights } from './model.ts';
import { paint, type PaintOptions } from './sample.ts';
import { alphaBars } from './schedule.ts';

const FIRST_SEED = 1000;

export interface Recognition {
  /** The share of all pictures named as asked. */
  recognised: number;
  /** The share named as asked, per class index. */
  perClass: number[];
}

export function recognitionCheck(
  tf: typeof TF,
  weights: PainterWeights,
  config: PainterConfig,
  options: PaintOptions,
  /** One row of probabilities per finished picture (values in [0, 1], 1: ink). */
  name: (pictures: Float32Array[]) => ArrayLike<number>[],
  perClass = 10,
): Recognition {
  const requests = Array.from({ length: config.classes }, (_, classIndex) =>
    Array.from({ length: perClass }, (__, k) => ({ classIndex, seed: FIRST_SEED + k })),
  ).flat();
  const pictures = paint(tf, weights, config, alphaBars(config.levels), requests, options).map((painting) =>
    painting.frames.at(-1)!,
  );
  const right = new Array<number>(config.classes).fill(0);
  name(pictures).forEach((probs, i) => {
    const asked = requests[i]!.classIndex;
    const row = Array.from(probs);
    if (row.indexOf(Math.max(...row)) === asked) right[asked]! += 1;
  });
  return {
    recognised: right.reduce((a, b) => a + b, 0) / requests.length,
    perClass: right.map((count) => count / perClass),
  };
}
