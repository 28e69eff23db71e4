/**
 * What the computer makes of drawings: one drawing as the game reads it (the network's probabilities, its
 * 128-number description and the school's model's guesses), and many at once for the school's set.
 */
import type * as TF from '@tensorflow/tfjs';
import { DOODLE_PIXELS, DOODLE_SIZE } from '@ai-edu/ml/doodles/raster.ts';
import { readDoodle, type DoodleModel } from '../../features/doodles/doodle-model.ts';
import type { Guess } from './game.ts';
import { combinedGuesses, type SchoolModel } from './school-model.ts';

export interface Reading {
  /** The network input (28×28 in [0, 1]) the guesses are about. */
  input: Float32Array;
  /** Best first: the network's categories and, with a school model, the class's words. */
  guesses: Guess[];
  /** Milliseconds from the strokes to the guesses (preprocessing included), when the game timed it. */
  ms?: number;
}

export function readDrawing(model: DoodleModel, school: SchoolModel | null, input: Float32Array): Reading {
  const { probs, features } = readDoodle(model, input);
  return { input, guesses: combinedGuesses(probs, features, school) };
}

/** Drawings per batch when describing many: small enough to keep the page responsive between batches. */
const BATCH = 64;

/**
 * The `features` description of many network inputs, a batch at a time with a pause for the page between
 * batches; `onProgress` gets the count done so far.
 */
export async function describeMany(
  { tf, model }: DoodleModel,
  inputs: readonly Float32Array[],
  onProgress: (done: number) => void = () => undefined,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let start = 0; start < inputs.length; start += BATCH) {
    const batch = inputs.slice(start, start + BATCH);
    const data = new Float32Array(batch.length * DOODLE_PIXELS);
    batch.forEach((input, i) => data.set(input, i * DOODLE_PIXELS));
    const features = tf.tidy(() => {
      const [f] = model.predict(
        tf.tensor4d(data, [batch.length, DOODLE_SIZE, DOODLE_SIZE, 1]),
      ) as TF.Tensor[];
      return f!.dataSync() as Float32Array;
    });
    const size = features.length / batch.length;
    for (let i = 0; i < batch.length; i++) out.push(features.slice(i * size, (i + 1) * size));
    onProgress(out.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return out;
}
