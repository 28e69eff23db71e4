/**
 * Stick-figure prediction lab (writingPredict), in Node: what one live prediction costs while a student
 * draws — the drawing's strokes to the 28×28 input (`strokesToInput`), the served doodle model's answer and
 * description in one pass (TF.js CPU backend with the lab's faster kernels, as the page runs it), and the vote
 * that mixes in taught labels (the model's 240 example drawings plus 3 labels of 5 examples). Drawings are
 * held-out Quick, Draw! drawings traced back into pen strokes on the lab's 480-pixel pad.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import {
  mixPredictions,
  type TaughtFeatures,
} from '../../../apps/web/src/labs/writingPredict/predictions.ts';
import { installFastCpuKernels } from '../../../packages/ml/src/digits/fast-cpu-kernels.ts';
import { DOODLE_CATEGORIES } from '../../../packages/ml/src/doodles/categories.ts';
import { EXAMPLES_FILE, EXAMPLES_PER_CATEGORY } from '../../../packages/ml/src/doodles/files.ts';
import { knnExample, type KnnExample } from '../../../packages/ml/src/doodles/knn.ts';
import { withFeatures } from '../../../packages/ml/src/doodles/model.ts';
import {
  DOODLE_MODEL_DIR,
  loadServedDoodleModel,
} from '../../../packages/ml/src/doodles/model-files-node.ts';
import { inkStrokes, placeStrokes, stickFigure } from '../../../packages/ml/src/doodles/trace.ts';
import { loadDoodleSplit } from '../../../packages/ml/src/doodles/quickdraw-node.ts';
import { DOODLE_PIXELS, DOODLE_SIZE, strokesToInput } from '../../../packages/ml/src/doodles/raster.ts';
import type { Figure } from '../lab-figure.ts';

export const name = 'stick-figure prediction';

const PAD_PIXELS = 480;

/** A bitmap as pen strokes across the lab's 480-pixel pad (as the e2e draws). */
const padStrokes = (bitmap: Float32Array) => placeStrokes(inkStrokes(bitmap), PAD_PIXELS / DOODLE_SIZE);

/** A stick figure on the pad, a little different each time (as the e2e draws). */
const stickFigureOnPad = (arms: number, legs: number, head: number, dx: number) =>
  placeStrokes(stickFigure({ arms, legs, head, dx }), 3.84, { x: 48, y: 48 });

async function msPerCall(seconds: number, work: (i: number) => void): Promise<number> {
  for (let i = 0; i < 20; i++) work(i);
  let calls = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) work(calls++);
  return (performance.now() - start) / calls;
}

export async function run(settings: { durationSec: number }): Promise<Figure[]> {
  await tf.setBackend('cpu');
  await tf.ready();
  installFastCpuKernels(tf);
  const model = withFeatures(tf, (await loadServedDoodleModel(tf)).model);
  const read = (input: Float32Array) =>
    tf.tidy(() => {
      const [features, probs] = model.predict(
        tf.tensor4d(input, [1, DOODLE_SIZE, DOODLE_SIZE, 1]),
      ) as tf.Tensor[];
      return { features: features!.dataSync(), probs: probs!.dataSync() };
    });

  const { heldOut, heldOutBitmaps } = loadDoodleSplit();
  const drawings = heldOutBitmaps.filter((_, i) => i % 8 === 0).map(padStrokes);
  const inputs = drawings.map((strokes) => strokesToInput(strokes)!).filter(Boolean);

  // The vote's examples: the model's own (examples.bin), and 3 taught labels of 5 held-out drawings each.
  const examples = new Uint8Array(await readFile(path.join(DOODLE_MODEL_DIR, EXAMPLES_FILE)));
  const baseExamples: KnnExample[] = DOODLE_CATEGORIES.flatMap((_, category) =>
    Array.from({ length: EXAMPLES_PER_CATEGORY }, (_, k) => {
      const at = (category * EXAMPLES_PER_CATEGORY + k) * DOODLE_PIXELS;
      const input = Float32Array.from(examples.subarray(at, at + DOODLE_PIXELS), (v) => v / 255);
      return knnExample(`base:${category}`, read(input).features);
    }),
  );
  const taught: TaughtFeatures[] = ['one', 'two', 'three'].map((label, j) => ({
    name: label,
    features: Array.from({ length: 5 }, (_, k) => {
      const at = (j * 5 + k) * DOODLE_PIXELS;
      return Array.from(
        read(Float32Array.from(heldOut.images.subarray(at, at + DOODLE_PIXELS), (v) => v / 255)).features,
      );
    }),
  }));

  const share = Math.max(0.5, settings.durationSec / 4);
  const readings = inputs.map(read);
  const figures: Figure[] = [
    {
      label: 'preprocess a drawing (strokes → 28²)',
      value: await msPerCall(share, (i) => void strokesToInput(drawings[i % drawings.length]!)),
      unit: 'ms',
      note: `held-out drawings traced as ~${Math.round(drawings.reduce((s, d) => s + d.length, 0) / drawings.length)} strokes`,
    },
    {
      label: 'answer + description (cpu)',
      value: await msPerCall(share, (i) => void read(inputs[i % inputs.length]!)),
      unit: 'ms',
      note: '40 probabilities and the 128 features, one pass',
    },
    {
      label: 'vote with taught labels',
      value: await msPerCall(share, (i) => {
        const reading = readings[i % readings.length]!;
        mixPredictions({ probs: reading.probs, features: reading.features, baseExamples, taught });
      }),
      unit: 'ms',
      note: `${baseExamples.length} model examples + 3 labels × 5`,
    },
    {
      label: 'one live prediction',
      value: await msPerCall(share, (i) => {
        const input = strokesToInput(drawings[i % drawings.length]!);
        if (!input) return;
        const reading = read(input);
        mixPredictions({ probs: reading.probs, features: reading.features, baseExamples, taught });
      }),
      unit: 'ms',
      note: 'what the page does per drawn frame (at most 60 a second)',
    },
  ];

  // A label taught from 3 stick figures: is a 4th guessed as it, and does it take over drawings of the 40
  // things the model knows? (Held-out drawings, every 8th.)
  const figuresTaught = [
    [-8, 0, 10, 0],
    [8, 4, 9, 3],
    [0, -4, 11, -2],
    [4, 2, 10, 1],
  ].map(([arms, legs, head, dx]) => read(strokesToInput(stickFigureOnPad(arms!, legs!, head!, dx!))!));
  const robot: TaughtFeatures = {
    name: 'robot',
    features: figuresTaught.slice(0, 3).map((r) => Array.from(r.features)),
  };
  const fourth = figuresTaught[3]!;
  const [fourthGuess] = mixPredictions({
    probs: fourth.probs,
    features: fourth.features,
    baseExamples,
    taught: [robot],
  });
  let takenOver = 0;
  let keptRight = 0;
  let rightBefore = 0;
  const checked = heldOut.count / 8;
  for (let i = 0; i < heldOut.count; i += 8) {
    const input = Float32Array.from(
      heldOut.images.subarray(i * DOODLE_PIXELS, (i + 1) * DOODLE_PIXELS),
      (v) => v / 255,
    );
    const reading = read(input);
    const before = mixPredictions({
      probs: reading.probs,
      features: reading.features,
      baseExamples,
      taught: [],
    })[0];
    const [after] = mixPredictions({
      probs: reading.probs,
      features: reading.features,
      baseExamples,
      taught: [robot],
    });
    if (after?.kind === 'taught') takenOver++;
    if (before?.key === heldOut.labels[i]) {
      rightBefore++;
      if (after?.kind === 'base' && after.key === heldOut.labels[i]) keptRight++;
    }
  }
  figures.push(
    {
      label: '4th stick figure guessed as the taught label',
      value: fourthGuess?.kind === 'taught' ? 100 : 0,
      unit: '%',
      note: `its share ${Math.round((fourthGuess?.share ?? 0) * 100)}% (label taught from 3)`,
    },
    {
      label: 'held-out drawings taken by the taught label',
      value: (100 * takenOver) / checked,
      unit: '%',
      note: `${takenOver} of ${checked} drawings of the 40 known things`,
    },
    {
      label: 'right first guesses kept after teaching',
      value: rightBefore ? (100 * keptRight) / rightBefore : Number.NaN,
      unit: '%',
      note: `${keptRight} of ${rightBefore}`,
    },
  );
  model.dispose();
  return figures;
}
