/** The head converter layer by layer, against TF.js's own predict (no backbone: an NHWC input is transposed). */
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random.ts';
import { OnnxGraphBuilder } from './builder.ts';
import { maxAbsDiff, runOnnx } from './ort-node.ts';
import { addLayersHead, headEndsInSoftmax } from './tf-layers.ts';

const init = (seed: number) => tf.initializers.randomNormal({ mean: 0, stddev: 0.5, seed });

async function compare(model: tf.LayersModel, inputShape: number[]): Promise<number> {
  const rand = seededRandom(9);
  const size = inputShape.reduce((a, b) => a * b, 1);
  const data = Float32Array.from({ length: size }, () => rand() * 2 - 1);
  const g = new OnnxGraphBuilder();
  let x = g.input('x', inputShape);
  let dims = inputShape;
  if (inputShape.length === 4) {
    x = g.node('Transpose', [x], { attrs: { perm: [0, 3, 1, 2] } });
    dims = [inputShape[0]!, inputShape[3]!, inputShape[1]!, inputShape[2]!];
  }
  const out = addLayersHead(g, model, { name: x, dims });
  const back =
    out.dims.length === 4 ? g.node('Transpose', [out.name], { attrs: { perm: [0, 2, 3, 1] } }) : out.name;
  const outDims = out.dims.length === 4 ? [out.dims[0]!, out.dims[2]!, out.dims[3]!, out.dims[1]!] : out.dims;
  g.output('y', back, outDims);
  const got = await runOnnx(g.encode(), { x: { dims: inputShape, data } });
  const want = tf.tidy(() => (model.predict(tf.tensor(data, inputShape)) as tf.Tensor).dataSync());
  expect(got.y!.dims).toEqual(Array.from(model.outputs[0]!.shape, (d) => d ?? 1));
  return maxAbsDiff(got.y!.data, want);
}

describe('addLayersHead', () => {
  it('converts Conv2D with odd and even kernels, stride 2, same and valid padding, activations', async () => {
    const model = tf.sequential({
      layers: [
        tf.layers.conv2d({
          inputShape: [9, 9, 5],
          filters: 6,
          kernelSize: 3,
          padding: 'same',
          activation: 'relu',
          kernelInitializer: init(1),
          biasInitializer: init(2),
        }),
        tf.layers.conv2d({
          filters: 4,
          kernelSize: [2, 4],
          padding: 'same',
          kernelInitializer: init(3),
          biasInitializer: init(4),
        }),
        tf.layers.conv2d({
          filters: 4,
          kernelSize: 3,
          strides: 2,
          padding: 'same',
          activation: 'sigmoid',
          kernelInitializer: init(5),
        }),
        tf.layers.conv2d({
          filters: 3,
          kernelSize: 2,
          padding: 'valid',
          useBias: false,
          kernelInitializer: init(6),
        }),
        tf.layers.activation({ activation: 'softmax' }),
      ],
    });
    expect(await compare(model, [1, 9, 9, 5])).toBeLessThan(1e-5);
    model.dispose();
  });

  it('converts Flatten (channels-last order), Dense, Dropout and softmax', async () => {
    const model = tf.sequential({
      layers: [
        tf.layers.conv2d({ inputShape: [4, 3, 2], filters: 3, kernelSize: 1, kernelInitializer: init(7) }),
        tf.layers.flatten(),
        tf.layers.dense({
          units: 8,
          activation: 'relu',
          kernelInitializer: init(8),
          biasInitializer: init(9),
        }),
        tf.layers.dropout({ rate: 0.5 }),
        tf.layers.dense({ units: 3, activation: 'softmax', kernelInitializer: init(10) }),
      ],
    });
    expect(await compare(model, [1, 4, 3, 2])).toBeLessThan(1e-5);
    expect(headEndsInSoftmax(model)).toBe(true);
    model.dispose();
  });

  it('refuses a branching head and an unknown activation', () => {
    const input = tf.input({ shape: [4] });
    const a = tf.layers.dense({ units: 2 }).apply(input) as tf.SymbolicTensor;
    const b = tf.layers.dense({ units: 2 }).apply(input) as tf.SymbolicTensor;
    const branched = tf.model({ inputs: input, outputs: tf.layers.add().apply([a, b]) as tf.SymbolicTensor });
    const g = new OnnxGraphBuilder();
    expect(() => addLayersHead(g, branched, { name: 'x', dims: [1, 4] })).toThrow(/one chain of layers/);
    const elu = tf.sequential({
      layers: [tf.layers.dense({ inputShape: [4], units: 2, activation: 'elu' })],
    });
    expect(() => addLayersHead(g, elu, { name: 'x', dims: [1, 4] })).toThrow(/unsupported activation elu/);
    expect(headEndsInSoftmax(elu)).toBe(false);
    branched.dispose();
    elu.dispose();
  });
});
