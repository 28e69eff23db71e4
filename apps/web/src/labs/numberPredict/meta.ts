/**
 * The lab's own facts: drawing size and pen, the in-browser training choices, where the model files are.
 * Slug, title and description come from the registry entry.
 */
import { DIGITS_BASE_URL, MODEL_FILE, PACK_FILE } from '@ai-edu/ml/digits/files.ts';
import { PAD } from '@ai-edu/ml/digits/strokes.ts';

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
const base = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${DIGITS_BASE_URL}`;
export const MODEL_URL = `${base}${MODEL_FILE}`;
export const PACK_URL = `${base}${PACK_FILE}`;
