/**
 * Faster kernels for TF.js's pure-JS CPU backend, for the poet's Transformer — what makes it trainable in
 * Node in an hour and fine-tunable in a browser without WebGL. The original BatchMatMul reads both inputs
 * through computed strides in its innermost loop (about 0.15 GFLOP/s on this machine); this one runs a row of
 * the result as the inner loop over contiguous memory, four rows of B at a time (about 2 GFLOP/s).
 *
 * Same sums in a different order, so results differ from the original kernel by rounding only. Batched
 * inputs broadcast when one side has a single batch; any other broadcast goes to the original kernel.
 */
import type * as TF from '@tensorflow/tfjs';
import { callOriginal, replaceCpuKernel, type KernelArgs } from '../digits/fast-cpu-kernels.ts';

type Tf = typeof TF;

interface CpuBackend {
  data: { get(dataId: object): { values: Float32Array | Int32Array } };
  makeTensorInfo(shape: number[], dtype: TF.DataType, values: Float32Array): TF.TensorInfo;
}

const replaced = new WeakSet<object>();

/**
 * Swaps in the fast BatchMatMul and UnsortedSegmentSum (the gradient of an embedding lookup, which the
 * original computes once per vocabulary entry over the whole batch: 85 s of a 90 s training step) for the
 * 'cpu' backend, once per TF.js engine.
 */
export function installPoetKernels(tf: Tf): void {
  if (replaced.has(tf.engine())) return;
  replaced.add(tf.engine());
  replaceCpuKernel(
    tf,
    'BatchMatMul',
    (original) => (args) => fastBatchMatMul(args) ?? callOriginal(original, args),
  );
  replaceCpuKernel(
    tf,
    'UnsortedSegmentSum',
    (original) => (args) => fastSegmentSum(args) ?? callOriginal(original, args),
  );
}

/** Rows of x summed into the rows their segment ids name (ids outside [0, numSegments) are dropped, as TF does). */
function fastSegmentSum(args: KernelArgs): TF.TensorInfo | null {
  const { x, segmentIds } = args.inputs as { x: TF.TensorInfo; segmentIds: TF.TensorInfo };
  const { numSegments } = args.attrs as { numSegments: number };
  const backend = args.backend as CpuBackend;
  if (x.dtype !== 'float32' || segmentIds.shape.length !== 1 || x.shape[0] !== segmentIds.shape[0])
    return null;
  const rows = x.shape[0]!;
  const width = x.shape.slice(1).reduce((s, d) => s * d, 1);
  const xv = backend.data.get(x.dataId).values;
  const ids = backend.data.get(segmentIds.dataId).values;
  const out = new Float32Array(numSegments * width);
  for (let r = 0; r < rows; r++) {
    const id = ids[r]!;
    if (id < 0 || id >= numSegments) continue;
    const o = id * width;
    const i = r * width;
    for (let c = 0; c < width; c++) out[o + c] = out[o + c]! + xv[i + c]!;
  }
  return backend.makeTensorInfo([numSegments, ...x.shape.slice(1)], 'float32', out);
}

function fastBatchMatMul(args: KernelArgs): TF.TensorInfo | null {
  const { a, b } = args.inputs as { a: TF.TensorInfo; b: TF.TensorInfo };
  const { transposeA, transposeB } = args.attrs as { transposeA: boolean; transposeB: boolean };
  const backend = args.backend as CpuBackend;
  if (a.dtype !== 'float32' || b.dtype !== 'float32' || a.shape.length < 2 || b.shape.length < 2) return null;
  const ra = a.shape.length;
  const rb = b.shape.length;
  const m = transposeA ? a.shape[ra - 1]! : a.shape[ra - 2]!;
  const k = transposeA ? a.shape[ra - 2]! : a.shape[ra - 1]!;
  const kb = transposeB ? b.shape[rb - 1]! : b.shape[rb - 2]!;
  const n = transposeB ? b.shape[rb - 2]! : b.shape[rb - 1]!;
  const outerA = a.shape.slice(0, -2);
  const outerB = b.shape.slice(0, -2);
  const batchA = outerA.reduce((s, d) => s * d, 1);
  const batchB = outerB.reduce((s, d) => s * d, 1);
  if (k !== kb) return null; // the original kernel says what is wrong
  if (batchA !== batchB && batchA !== 1 && batchB !== 1) return null;
  const sameOuter = outerA.length === outerB.length && outerA.every((d, i) => d === outerB[i]);
  if (batchA === batchB && !sameOuter) return null;
  const outer = batchA >= batchB ? outerA : outerB;
  const batch = Math.max(batchA, batchB);
  const av = backend.data.get(a.dataId).values as Float32Array;
  const bv = backend.data.get(b.dataId).values as Float32Array;
  const out = new Float32Array(batch * m * n);
  const bRows = new Float32Array(k * n);
  const aRows = transposeA ? new Float32Array(m * k) : null;
  for (let bi = 0; bi < batch; bi++) {
    const aOff = (batchA === 1 ? 0 : bi) * m * k;
    const bOff = (batchB === 1 ? 0 : bi) * k * n;
    // B as k rows of n, contiguous (copied once per batch when it comes transposed).
    let bMat = bv.subarray(bOff, bOff + k * n);
    if (transposeB) {
      for (let j = 0; j < n; j++) for (let p = 0; p < k; p++) bRows[p * n + j] = bv[bOff + j * k + p]!;
      bMat = bRows;
    }
    // A as m rows of k, contiguous (so the inner loops never stride through memory).
    let aMat = av.subarray(aOff, aOff + m * k);
    if (aRows) {
      for (let p = 0; p < k; p++) for (let i = 0; i < m; i++) aRows[i * k + p] = av[aOff + p * m + i]!;
      aMat = aRows;
    }
    multiply(aMat, bMat, out, bi * m * n, m, k, n);
  }
  return backend.makeTensorInfo([...outer, m, n], 'float32', out);
}

/** out[o + i·n + j] = Σp a[i·k + p]·b[p·n + j]. */
function multiply(
  a: Float32Array,
  b: Float32Array,
  out: Float32Array,
  o: number,
  m: number,
  k: number,
  n: number,
) {
  for (let i = 0; i < m; i++) {
    const ci = o + i * n;
    const ai = i * k;
    let p = 0;
    for (; p + 3 < k; p += 4) {
      const a0 = a[ai + p]!;
      const a1 = a[ai + p + 1]!;
      const a2 = a[ai + p + 2]!;
      const a3 = a[ai + p + 3]!;
      if (a0 === 0 && a1 === 0 && a2 === 0 && a3 === 0) continue;
      const b0 = p * n;
      const b1 = b0 + n;
      const b2 = b1 + n;
      const b3 = b2 + n;
      for (let j = 0; j < n; j++) {
        out[ci + j] = out[ci + j]! + a0 * b[b0 + j]! + a1 * b[b1 + j]! + a2 * b[b2 + j]! + a3 * b[b3 + j]!;
      }
    }
    for (; p < k; p++) {
      const av = a[ai + p]!;
      if (av === 0) continue;
      const bp = p * n;
      for (let j = 0; j < n; j++) out[ci + j] = out[ci + j]! + av * b[bp + j]!;
    }
  }
}
