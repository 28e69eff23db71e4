/**
 * The tiny painter's worker: TF.js on its CPU backend (with the poet's fast kernels: a picture takes a second
 * or two, no graphics card needed) and the served model. It paints one picture at a time, telling the page
 * after each step, and answers every step's picture and guess at the end.
 */
import * as tf from '@tensorflow/tfjs';
import {
  parsePainterManifest,
  unpackPainterWeights,
  type PainterManifest,
} from '@ai-edu/ml/painter/files.ts';
import { painterParameters, painterWeightsFrom, type PainterWeights } from '@ai-edu/ml/painter/model.ts';
import { paint } from '@ai-edu/ml/painter/sample.ts';
import { alphaBars } from '@ai-edu/ml/painter/schedule.ts';
import { DOODLE_CATEGORIES } from '@ai-edu/ml/doodles/categories.ts';
import { doodleProbabilities, topK } from '@ai-edu/ml/doodles/model.ts';
import { loadModelFiles, messageOf } from '../../../lib/model-worker-files.ts';
import type { PaintJob, PainterReply, PainterRequest, Recognised } from './protocol.ts';

// The app's TypeScript lib is the DOM one; this is the part of a dedicated worker's scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PainterRequest>) => void) | null;
  postMessage: (message: PainterReply, transfer?: Transferable[]) => void;
};
const post = (message: PainterReply, transfer?: Transferable[]) => scope.postMessage(message, transfer);

let painter:
  { manifest: PainterManifest; weights: PainterWeights; alphaBar: Float64Array; side: number } | undefined;
/** The doodle recogniser (the quick-draw lab's network), loaded once; a failed load is tried again later. */
let recogniser: Promise<tf.LayersModel> | undefined;

/** How many of the recogniser's names the page shows. */
const RECOGNISED_SHOWN = 3;

function loadRecogniser(base: string): Promise<tf.LayersModel> {
  if (!recogniser) {
    recogniser = tf.loadLayersModel(`${base}model.json`);
    recogniser.catch(() => (recogniser = undefined));
  }
  return recogniser;
}

/** The recogniser's likeliest names for a finished picture (values in [0, 1], 1: ink, as it was trained). */
async function recognise(base: string, picture: Float32Array): Promise<Recognised[]> {
  const model = await loadRecogniser(base);
  const [probabilities] = doodleProbabilities(tf, model, [picture]);
  return topK(probabilities!, RECOGNISED_SHOWN).map(({ index, probability }) => ({
    category: DOODLE_CATEGORIES[index]?.id ?? String(index),
    probability,
  }));
}

async function load(base: string, expectedBytes: number | undefined) {
  try {
    const files = await loadModelFiles(tf, base, expectedBytes, post);
    const manifest = parsePainterManifest(files.manifest);
    const bytes = files.weights;
    const { config, figures } = manifest;
    painter = {
      manifest,
      weights: painterWeightsFrom(tf, config, unpackPainterWeights(config, bytes)),
      alphaBar: alphaBars(config.levels),
      side: Math.round(Math.sqrt(config.pixels)),
    };
    post({
      type: 'ready',
      info: {
        categories: manifest.categories,
        parameters: painterParameters(config),
        trainingPictures: figures.trainingPictures ?? 0,
        trainingMinutes: figures.trainingMinutes,
        recognised: figures.recognised,
        perCategory: figures.perCategory,
        defaults: manifest.defaults,
        side: painter.side,
      },
    });
  } catch (error) {
    post({ type: 'loadFailed', message: messageOf(error) });
  }
}

function paintOne(job: PaintJob, recogniserBase: string) {
  if (!painter) {
    post({ type: 'failed', id: job.id, message: 'the painter is not loaded' });
    return;
  }
  const { manifest, weights, alphaBar } = painter;
  try {
    const began = performance.now();
    const [painting] = paint(
      tf,
      weights,
      manifest.config,
      alphaBar,
      [{ classIndex: job.classIndex, seed: job.seed }],
      { guidance: job.guidance, steps: job.steps },
      (done, total) => post({ type: 'progress', id: job.id, done, total }),
    );
    const seconds = (performance.now() - began) / 1000;
    const joined = (pictures: Float32Array[]) => {
      const out = new Float32Array(pictures.reduce((sum, p) => sum + p.length, 0));
      pictures.reduce((at, p) => (out.set(p, at), at + p.length), 0);
      return out;
    };
    const frames = joined(painting!.frames);
    const guesses = joined(painting!.guesses);
    const last = painting!.levels.length - 1;
    // How much of each frame is noise: √(1 − ᾱ) at its level; the finished picture has none.
    const noise = painting!.levels.map((level, k) => (k === last ? 0 : Math.sqrt(1 - alphaBar[level]!)));
    const finished = painting!.frames.at(-1)!;
    post({ type: 'painted', id: job.id, frames, guesses, noise, seconds }, [frames.buffer, guesses.buffer]);
    // The verdict is a bonus: a recogniser that cannot load leaves the painting as it is.
    recognise(recogniserBase, finished).then(
      (top) => post({ type: 'recognised', id: job.id, top }),
      () => undefined,
    );
  } catch (error) {
    post({ type: 'failed', id: job.id, message: messageOf(error) });
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'load') void load(request.base, request.expectedBytes);
  else paintOne(request, request.recogniserBase);
};
