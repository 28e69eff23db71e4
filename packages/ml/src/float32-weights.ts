/**
 * A weights file as our own scripts write it for models built from TF.js operations (the poet, the painter):
 * every weight as float32, one after another in a fixed order of (name, shape), nothing else. The order and
 * shapes come from the model's config, so the file needs no header of its own.
 */
import type * as TF from '@tensorflow/tfjs';

export type WeightShapes = readonly (readonly [name: string, shape: readonly number[]])[];

/** How many numbers a tensor of this shape holds. */
export const sizeOf = (shape: readonly number[]): number => shape.reduce((a, b) => a * b, 1);

export const countOf = (shapes: WeightShapes): number =>
  shapes.reduce((sum, [, shape]) => sum + sizeOf(shape), 0);

/** All weights in one buffer, in `shapes`' order; throws when one is missing or of the wrong size. */
export function packFloat32(shapes: WeightShapes, values: ReadonlyMap<string, Float32Array>): Uint8Array {
  const all = new Float32Array(countOf(shapes));
  let offset = 0;
  for (const [name, shape] of shapes) {
    const data = values.get(name);
    const size = sizeOf(shape);
    if (!data || data.length !== size) throw new Error(`Weight ${name} should hold ${size} numbers`);
    all.set(data, offset);
    offset += size;
  }
  return new Uint8Array(all.buffer);
}

/** The weights of a buffer `packFloat32` wrote; throws (naming `model`) when its size does not match. */
export function unpackFloat32(
  shapes: WeightShapes,
  bytes: ArrayBuffer,
  model: string,
): Map<string, Float32Array> {
  const expected = countOf(shapes);
  if (bytes.byteLength !== expected * 4) {
    throw new Error(`The ${model}'s weights file holds ${bytes.byteLength} bytes, expected ${expected * 4}`);
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

/** TF.js variables (trainable) of stored values, in `shapes`' order; throws naming the first one missing. */
export function variablesFrom(
  tf: typeof TF,
  shapes: WeightShapes,
  values: ReadonlyMap<string, Float32Array>,
  model: string,
): Map<string, TF.Variable> {
  const variables = new Map<string, TF.Variable>();
  for (const [name, shape] of shapes) {
    const data = values.get(name);
    if (!data) throw new Error(`The ${model}'s weights have no ${name}`);
    variables.set(name, tf.variable(tf.tensor(data, [...shape]), true));
  }
  return variables;
}
