/**
 * The poet's files under /models/poet/ (written by `npm run train:poet`, read by the browser): `model.json`
 * (this manifest: shape, alphabet, held-out figures) and `weights.bin` (every weight as float32, in
 * `weightShapes` order).
 */
import { packFloat32, unpackFloat32 } from '../float32-weights.ts';
import { weightShapes, type PoetConfig } from './model.ts';

export const POET_FORMAT = 'ai-edu-poet/1';

export interface PoetManifest {
  format: typeof POET_FORMAT;
  config: PoetConfig;
  /** The alphabet's characters in token order, after the special tokens. */
  chars: string;
  /** Held-out bits per character by corpus, training time and the like, for the page and the docs. */
  figures: Record<string, number>;
}

/** All weights in one buffer, in `weightShapes` order. */
export const packWeights = (config: PoetConfig, values: ReadonlyMap<string, Float32Array>): Uint8Array =>
  packFloat32(weightShapes(config), values);

/** The weights of a buffer `packWeights` wrote; throws when its size does not match the shape. */
export const unpackWeights = (config: PoetConfig, bytes: ArrayBuffer): Map<string, Float32Array> =>
  unpackFloat32(weightShapes(config), bytes, 'poet');
