/**
 * The lab's own facts: drawing size and pen, the in-browser training choices, where the model files are.
 * Slug, title and description come from the registry entry.
 */
import { DIGITS_BASE_URL, MODEL_FILE, PACK_FILE } from '@ai-edu/ml/digits/files.ts';
import { PAD } from '@ai-edu/ml/digits/strokes.ts';
import { modelBytes, modelUrl } from '../../lib/model-assets.ts';
import { sumKnown } from '../../lib/download-progress.ts';

export const SLUG = 'numberPredict';

/** The drawing's own pixels (the canvas is shown at any CSS size and scaled) and the pen's width in them. */
export const CANVAS_PIXELS = PAD.pixels;
export const PEN_WIDTH = PAD.pen;

export const EPOCH_CHOICES = [1, 3, 5, 10] as const;
export const DEFAULT_EPOCHS = 5;
export const LEARNING_RATES = [0.001, 0.003, 0.01, 0.03] as const;
export const DEFAULT_LEARNING_RATE = 0.01;
export const TRAIN_BATCH = 32;
/** Seed of the browser network's batch order (its initial weights have their own, see BROWSER_NET). */
export const TRAIN_SEED = 11;

/** URLs of the lab's files on our own origin (Vite's base path first). */
const base = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${modelUrl(DIGITS_BASE_URL)}`;
export const MODEL_URL = `${base}${MODEL_FILE}`;
export const PACK_URL = `${base}${PACK_FILE}`;

/** The served network's weights file (named in model.json's weightsManifest). */
const WEIGHTS_FILE = 'weights.bin';
/** Uncompressed bytes of the network's files, when the build measured them (the download bar's total). */
export const MODEL_BYTES = sumKnown([
  modelBytes(`${DIGITS_BASE_URL}${MODEL_FILE}`),
  modelBytes(`${DIGITS_BASE_URL}${WEIGHTS_FILE}`),
]);
/** Uncompressed bytes of the training pack, when measured. */
export const PACK_BYTES = modelBytes(`${DIGITS_BASE_URL}${PACK_FILE}`);
