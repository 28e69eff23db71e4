/**
 * Painting: start from noise (seeded: the same seed, the same picture) and walk down the schedule in a few
 * big steps (DDIM): at each, the network guesses the clean picture, and the next, less noisy picture mixes
 * that guess with the noise it implies. Guidance: at each step the network guesses the noise
 * twice, once told the class and once not, and the painting moves `guidance` times the difference away from
 * "no class": 0 ignores the word, 1 follows it as trained, more follows it more strongly (and less varied).
 */
import type * as TF from '@tensorflow/tfjs';
import { gaussian, seededRandom } from '../random.ts';
import { levelCodes, painterForward, type PainterConfig, type PainterWeights } from './model.ts';
import { paintingLevels } from './schedule.ts';

type Tf = typeof TF;

export interface PaintRequest {
  classIndex: number;
  seed: number;
}

export interface PaintOptions {
  guidance: number;
  steps: number;
}

export interface Painting {
  /** The picture at each step, as pixels in [0, 1]: the starting noise first, the finished picture last. */
  frames: Float32Array[];
  /** At each step, the network's guess of the finished picture (what it is aiming at). */
  guesses: Float32Array[];
  /** The noise level of each frame (the last is 0: clean). */
  levels: number[];
}

/** Pixels in [−1, 1] as [0, 1] for showing and for the doodle classifier. */
export function toImage(values: Float32Array, from = 0, count = values.length): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.min(1, Math.max(0, (values[from + i]! + 1) / 2));
  return out;
}

/** The starting noise of a seed. */
export function startingNoise(seed: number, pixels: number): Float32Array {
  const rng = seededRandom(seed);
  return Float32Array.from({ length: pixels }, () => gaussian(rng));
}

/** Paints every request (in one batch), keeping each one's steps. `onStep` hears after each step. */
export function paint(
  tf: Tf,
  weights: PainterWeights,
  config: PainterConfig,
  alphaBar: Float64Array,
  requests: readonly PaintRequest[],
  options: PaintOptions,
  onStep?: (done: number, total: number) => void,
): Painting[] {
  const n = requests.length;
  const p = config.pixels;
  const x = new Float32Array(n * p);
  requests.forEach((r, i) => x.set(startingNoise(r.seed, p), i * p));
  const levels = paintingLevels(config.levels, options.steps);
  const paintings: Painting[] = requests.map(() => ({ frames: [], guesses: [], levels: [] }));
  paintings.forEach((painting, i) => {
    painting.frames.push(toImage(x, i * p, p));
    painting.levels.push(config.levels - 1);
  });
  // Told the class (rows 0 … n−1) and not (rows n … 2n−1), in one batch.
  const classes = Int32Array.from([
    ...requests.map((r) => r.classIndex),
    ...requests.map(() => config.classes),
  ]);
  levels.forEach((level, k) => {
    const next = levels[k + 1];
    const ab = alphaBar[level]!;
    const abNext = next === undefined ? 1 : alphaBar[next]!;
    const cleanGuess = tf.tidy(() => {
      const rows = tf.tensor2d(x, [n, p]);
      const predicted = painterForward(
        tf,
        weights,
        config,
        tf.concat<TF.Tensor2D>([rows, rows]),
        levelCodes(tf, config, new Array<number>(2 * n).fill(level)),
        tf.tensor1d(classes, 'int32'),
      );
      return predicted.dataSync() as Float32Array;
    });
    const [keep, mix] = [Math.sqrt(ab), Math.sqrt(1 - ab)];
    for (let i = 0; i < n; i++) {
      const guess = new Float32Array(p);
      for (let j = 0; j < p; j++) {
        const told = cleanGuess[i * p + j]!;
        const plain = cleanGuess[(n + i) * p + j]!;
        const value = x[i * p + j]!;
        // The clean picture guided away from "no class" (kept within the pixels' range), and the noise that
        // implies: guidance on the picture is guidance on the noise, the two being linked by the input.
        const clean = Math.min(1, Math.max(-1, plain + options.guidance * (told - plain)));
        const implied = (value - keep * clean) / mix;
        guess[j] = clean;
        x[i * p + j] = Math.sqrt(abNext) * clean + Math.sqrt(1 - abNext) * implied;
      }
      paintings[i]!.guesses.push(toImage(guess));
      paintings[i]!.frames.push(toImage(x, i * p, p));
      paintings[i]!.levels.push(next ?? 0);
    }
    onStep?.(k + 1, levels.length);
  });
  return paintings;
}
