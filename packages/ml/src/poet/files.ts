/**
 * The poet's files under /models/poet/ (written by `npm run train:poet`, read by the browser): `model.json`
 * (this manifest: shape, alphabet, held-out figures) and `weights.bin` (every weight as float32, in
 * `weightShapes` order).
 */
import { parameterCount, sizeOf, weightShapes, type PoetConfig } from './model.ts';

export const POET_FORMAT = 'ai-edu-poet/1';

export interface PoetManifest {
  format: typeof POET_FORMAT;
  config: PoetConfig;
  /** The alphabet's characters in token order, after the special tokens. */
  chars: string;
  /** Held-out bits per character by corpus, training time and the like, for the page and the docs. */
  figures: Record<string, number>;
}

/** All weights in one buffer, in the manifest's order. */
export function packWeights(config: PoetConfig, values: ReadonlyMap<string, Float32Array>): Uint8Array {
  const parts = weightShapes(config).map(([name, shape]) => {
    const data = values.get(name);
    const size = sizeOf(shape);
    if (!data || data.length !== size) throw new Error(`Weight ${name} should hold ${size} numbers`);
    return data;
  });
  const all = new Float32Array(parts.reduce((s, p) => s + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return new Uint8Array(all.buffer);
}

/** The weights of a buffer `packWeights` wrote; throws when its size does not match the shape. */
export function unpackWeights(config: PoetConfig, bytes: ArrayBuffer): Map<string, Float32Array> {
  const shapes = weightShapes(config);
  const expected = parameterCount(config);
  if (bytes.byteLength !== expected * 4) {
    throw new Error(`The poet's weights file holds ${bytes.byteLength} bytes, expected ${expected * 4}`);
  }
  const all = new Float32Array(bytes);
  const values = new Map<string, Float32Array>();
  let offset = 0;
  for (const [name, shape] of shapes) {
    const size = sizeOf(shape);
    values.set(name, all.slice(offset, offset + size));
    offset += size;
  }
  return values;
}
