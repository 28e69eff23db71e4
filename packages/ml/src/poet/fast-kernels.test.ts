import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { installPoetKernels } from './fast-kernels.ts';

type KernelFunc = tf.KernelConfig['kernelFunc'];

/** TF.js's own kernels, kept before the fast ones replace them: the reference the fast ones must match. */
const originals = new Map<string, KernelFunc>();

function randomTensor(shape: number[], seed: number): tf.Tensor {
  const rng = seededRandom(seed);
  const size = shape.reduce((a, b) => a * b, 1);
  // Some zeros, as after ReLU: the fast product skips them and must still get every sum right.
  return tf.tensor(
    Float32Array.from({ length: size }, () => (rng() < 0.3 ? 0 : rng() * 2 - 1)),
    shape,
  );
}

function run(kernel: KernelFunc, inputs: Record<string, tf.Tensor>, attrs: Record<string, unknown>) {
  const info = kernel({ inputs, attrs, backend: tf.backend() } as unknown as Parameters<KernelFunc>[0]);
  const out = tf.engine().makeTensorFromTensorInfo(info as tf.TensorInfo);
  const result = { shape: out.shape, values: out.dataSync().slice() };
  out.dispose();
  return result;
}

function expectSame(name: string, inputs: Record<string, tf.Tensor>, attrs: Record<string, unknown>) {
  const fast = run(tf.getKernel(name, 'cpu').kernelFunc, inputs, attrs);
  const reference = run(originals.get(name)!, inputs, attrs);
  expect(fast.shape).toEqual(reference.shape);
  expect(fast.values.length).toBe(reference.values.length);
  let worst = 0;
  fast.values.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - reference.values[i]!))));
  expect(worst).toBeLessThan(1e-4);
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  for (const name of ['BatchMatMul', 'UnsortedSegmentSum'])
    originals.set(name, tf.getKernel(name, 'cpu').kernelFunc);
  installPoetKernels(tf);
});

describe('the poet’s fast CPU kernels', () => {
  it('are installed in place of TF.js’s, once', () => {
    expect(tf.getKernel('BatchMatMul', 'cpu').kernelFunc).not.toBe(originals.get('BatchMatMul'));
    const installed = tf.getKernel('BatchMatMul', 'cpu').kernelFunc;
    installPoetKernels(tf);
    expect(tf.getKernel('BatchMatMul', 'cpu').kernelFunc).toBe(installed);
  });

  it.each([
    { a: [7, 5], b: [5, 9], transposeA: false, transposeB: false },
    { a: [5, 7], b: [5, 9], transposeA: true, transposeB: false },
    { a: [7, 5], b: [9, 5], transposeA: false, transposeB: true },
    { a: [5, 7], b: [9, 5], transposeA: true, transposeB: true },
    { a: [2, 3, 6, 4], b: [2, 3, 6, 4], transposeA: false, transposeB: true }, // attention scores
    { a: [3, 6, 6], b: [1, 6, 5], transposeA: false, transposeB: false }, // one B for every batch
    { a: [1, 6, 6], b: [3, 6, 5], transposeA: true, transposeB: false },
  ])(
    'multiply like TF.js: $a × $b (transposed $transposeA, $transposeB)',
    ({ a, b, transposeA, transposeB }) => {
      expectSame('BatchMatMul', { a: randomTensor(a, 1), b: randomTensor(b, 2) }, { transposeA, transposeB });
    },
  );

  it('leaves broadcasts it does not handle to the original, which still reports a bad shape', () => {
    expectSame(
      'BatchMatMul',
      { a: randomTensor([2, 1, 3, 4], 3), b: randomTensor([1, 2, 4, 2], 4) },
      {
        transposeA: false,
        transposeB: false,
      },
    );
    expect(() => tf.matMul(randomTensor([3, 4], 5), randomTensor([5, 2], 6))).toThrow(/inner shapes/);
  });

  it('sum rows into segments like TF.js (the gradient of an embedding lookup), dropping ids out of range', () => {
    const x = randomTensor([12, 5], 7);
    const ids = tf.tensor1d([3, 0, 3, 9, 1, 1, 3, 0, 8, 2, 3, 12], 'int32');
    const fast = run(
      tf.getKernel('UnsortedSegmentSum', 'cpu').kernelFunc,
      { x, segmentIds: ids },
      { numSegments: 10 },
    );
    expect(fast.shape).toEqual([10, 5]);
    const rows = x.arraySync() as number[][];
    const expected = Array.from({ length: 10 }, (_, s) =>
      Array.from({ length: 5 }, (_, c) =>
        rows.reduce((sum, row, r) => sum + ((ids.dataSync()[r] === s ? row[c] : 0) ?? 0), 0),
      ),
    ).flat();
    fast.values.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 5));
  });
});
