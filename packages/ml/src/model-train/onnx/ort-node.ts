/**
 * Tests only: runs ONNX bytes with onnxruntime-web's wasm backend in Node (one thread, no worker), the same
 * runtime the page uses. onnxruntime-node is not used: its install downloads binaries.
 */
import * as ort from 'onnxruntime-web';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';

export interface OrtOutput {
  dims: readonly number[];
  data: Float32Array;
}

/** Runs the model once with float32 inputs; returns every output. */
export async function runOnnx(
  bytes: Uint8Array,
  inputs: Record<string, { dims: readonly number[]; data: Float32Array }>,
): Promise<Record<string, OrtOutput>> {
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  try {
    const feeds: Record<string, ort.Tensor> = {};
    for (const [name, t] of Object.entries(inputs)) feeds[name] = new ort.Tensor('float32', t.data, t.dims);
    const results = await session.run(feeds);
    const out: Record<string, OrtOutput> = {};
    for (const [name, t] of Object.entries(results)) {
      out[name] = { dims: t.dims, data: t.data as Float32Array };
    }
    return out;
  } finally {
    await session.release();
  }
}

/** The largest absolute difference between two equally long arrays. */
export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`length ${a.length} ≠ ${b.length}`);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** The largest absolute value. */
export function maxAbs(a: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]!));
  return max;
}
