/**
 * The painter's files under /models/painter/ (written by `npm run train:painter`, read by the browser):
 * `model.json` (this manifest: shape, the things it draws, its defaults and measured figures) and
 * `weights.bin` (every weight as float32, in `painterShapes` order: the averaged weights it paints with).
 */
import { packFloat32, unpackFloat32 } from '../float32-weights.ts';
import { painterShapes, type PainterConfig } from './model.ts';

export const PAINTER_FORMAT = 'ai-edu-painter/1';

export interface PainterManifest {
  format: typeof PAINTER_FORMAT;
  config: PainterConfig;
  /** The doodle category id of each class, in class order. */
  categories: string[];
  /** What the page starts with. */
  defaults: { guidance: number; steps: number };
  /** Training time, and how often the doodle classifier recognised its pictures (all, and per category). */
  figures: {
    steps: number;
    /** The doodles it learnt from (absent in models written before it was recorded). */
    trainingPictures?: number;
    trainingMinutes: number;
    recognised: number;
    perCategory: Record<string, number>;
  };
}

export const packPainterWeights = (config: PainterConfig, values: ReadonlyMap<string, Float32Array>) =>
  packFloat32(painterShapes(config), values);

export const unpackPainterWeights = (config: PainterConfig, bytes: ArrayBuffer) =>
  unpackFloat32(painterShapes(config), bytes, 'painter');

/** Checks a fetched model.json; throws with a reason a person can act on. */
export function parsePainterManifest(json: unknown): PainterManifest {
  const manifest = json as Partial<PainterManifest> | null;
  if (manifest?.format !== PAINTER_FORMAT || !manifest.config || !Array.isArray(manifest.categories)) {
    throw new Error(`This is not a painter model (${PAINTER_FORMAT}): rebuild it with npm run train:painter`);
  }
  if (manifest.categories.length !== manifest.config.classes) {
    throw new Error('The painter model’s categories do not match its shape');
  }
  return manifest as PainterManifest;
}
