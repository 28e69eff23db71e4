import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { installFastCpuKernels } from './fast-cpu-kernels.ts';

type KernelFunc = tf.KernelConfig['kernelFunc'];

/** TF.js's own kernels, kept before the fast ones replace them: the reference the fast ones must match. */
const originals = new Map<string, KernelFunc>();

function randomTensor(shape: number[], seed: number, zeroShare = 0.5): tf.Tensor {
  const rng = seededRandom(seed);
  const size = shape.reduce((a, b) => a * b, 1);
  // Many zeros, as after ReLU: the fast kernels skip them, and must still get every sum right.
  return tf.tensor(
    Float32Array.from({ length: size }, () => (rng() < zeroShare ? 0 : rng() * 2 - 1)),
    shape,
  );
}

/** Runs a kernel function directly on the CPU backend. */
function run(kernel: KernelFunc, inputs: Record<string, tf.Tensor>, attrs: Record<string, unknown>) {
  const info = kernel({ inputs, attrs, backend: tf.backend() } as unknown as Parameters<KernelFunc>[0]);
  const out = tf.engine().makeTensorFromTensorInfo(info as tf.TensorInfo);
  const values = out.dataSync().slice();
  out.dispose();
  return values;
}

function expectClose(actual: Float32Array | Int32Array | Uint8Array, expected: typeof actual) {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < actual.length; i++) {
    worst = Math.max(worst, Math.abs((actual[i] ?? 0) - (expected[i] ?? 0)));
  }
  expect(worst).toBeLessThan(1e-4);
}

const kernel = (name: string) => tf.getKernel(name, 'cpu').kernelFunc;
const original = (name: string) => originals.get(name)!;

describe('fast CPU kernels', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
    for (const name of ['Conv2D', 'Conv2DBackpropInput', 'Conv2DBackpropFilter', 'MaxPoolGrad']) {
      originals.set(name, tf.getKernel(name, 'cpu').kernelFunc);
    }
    installFastCpuKernels(tf);
  });

  it('replaces the kernels once', () => {
    expect(kernel('Conv2D')).not.toBe(original('Conv2D'));
    const fast = kernel('Conv2D');
    installFastCpuKernels(tf);
    expect(kernel('Conv2D')).toBe(fast);
  });

  for (const pad of ['valid', 'same'] as const) {
    for (const strides of [1, 2]) {
      it(`match TF.js's convolution and its gradients (${pad} padding, stride ${strides})`, () => {
        const x = randomTensor([3, 9, 8, 2], 1);
        const filter = randomTensor([3, 3, 2, 4], 2, 0.1);
        const attrs = { strides, pad, dataFormat: 'NHWC', dilations: 1 };
        const y = run(original('Conv2D'), { x, filter }, attrs);
        expectClose(run(kernel('Conv2D'), { x, filter }, attrs), y);

        const outShape = tf.conv2d(x as tf.Tensor4D, filter as tf.Tensor4D, strides, pad).shape;
        const dy = randomTensor(outShape, 3);
        const filterAttrs = { ...attrs, filterShape: filter.shape };
        expectClose(
          run(kernel('Conv2DBackpropFilter'), { x, dy }, filterAttrs),
          run(original('Conv2DBackpropFilter'), { x, dy }, filterAttrs),
        );
        const inputAttrs = { ...attrs, inputShape: x.shape };
        expectClose(
          run(kernel('Conv2DBackpropInput'), { dy, filter }, inputAttrs),
          run(original('Conv2DBackpropInput'), { dy, filter }, inputAttrs),
        );
        tf.dispose([x, filter, dy]);
      });
    }
  }

  it("match TF.js's max-pooling gradient, ties included", () => {
    // Rounded values make ties in some windows: the first maximum takes the gradient.
    const input = tf.round(tf.mul(randomTensor([2, 8, 6, 3], 4, 0.3), 2));
    for (const [filterSize, strides, pad] of [
      [2, 2, 'valid'],
      [3, 2, 'same'],
      [3, 1, 'valid'],
    ] as const) {
      const output = tf.maxPool(input as tf.Tensor4D, filterSize, strides, pad);
      const dy = randomTensor(output.shape, 5, 0);
      const attrs = { filterSize, strides, pad };
      expectClose(
        run(kernel('MaxPoolGrad'), { dy, input, output }, attrs),
        run(original('MaxPoolGrad'), { dy, input, output }, attrs),
      );
      tf.dispose([output, dy]);
    }
    input.dispose();
  });
});
