/**
 * Faster gradients for TF.js's pure-JS CPU backend. Two of its training kernels read every number through
 * `TensorBuffer.get(b, y, x, c)` (an index computed from an argument list per element), which makes one
 * training batch of the digit network about a hundred times slower than its forward pass. These versions
 * compute exactly the same sums with flat typed-array loops (and skip zero inputs: after ReLU, and on the
 * paper of a digit, most are zero), so a whole training run fits in minutes in Node and a student's model
 * trains in seconds in a browser without WebGL.
 *
 * Only the common case is replaced (NHWC data, no dilation); anything else goes to the original kernel.
 */
import type * as TF from '@tensorflow/tfjs';

type Tf = typeof TF;
type KernelFunc = TF.KernelConfig['kernelFunc'];
type Values = Float32Array | Int32Array | Uint8Array;

interface CpuBackend {
  data: { get(dataId: object): { values: Values } };
  makeTensorInfo(shape: number[], dtype: TF.DataType, values: Values): TF.TensorInfo;
}

export interface KernelArgs {
  inputs: Record<string, TF.TensorInfo>;
  backend: unknown;
  attrs?: Record<string, unknown>;
}

const replaced = new WeakSet<object>();

/**
 * Swaps in the fast Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter and MaxPoolGrad for the 'cpu' backend (once per TF.js instance;
 * later calls do nothing).
 */
export function installFastCpuKernels(tf: Tf): void {
  if (replaced.has(tf.engine())) return;
  replaced.add(tf.engine());
  replaceCpuKernel(tf, 'Conv2D', (original) => (args) => conv2D(tf, args, original));
  replaceCpuKernel(
    tf,
    'Conv2DBackpropInput',
    (original) => (args) => conv2DBackpropInput(tf, args, original),
  );
  replaceCpuKernel(
    tf,
    'Conv2DBackpropFilter',
    (original) => (args) => conv2DBackpropFilter(tf, args, original),
  );
  replaceCpuKernel(tf, 'MaxPoolGrad', (original) => (args) => maxPoolGrad(tf, args, original));
}

/** Registers `make(original)` in place of the 'cpu' backend's kernel `name` (the poet's kernels use it too). */
export function replaceCpuKernel(
  tf: Tf,
  name: string,
  make: (original: KernelFunc) => (args: KernelArgs) => TF.TensorInfo,
) {
  const existing = tf.getKernel(name, 'cpu');
  if (!existing) return;
  const original = existing.kernelFunc;
  tf.unregisterKernel(name, 'cpu');
  tf.registerKernel({
    ...existing,
    kernelFunc: make(original) as unknown as KernelFunc,
  });
}

/** Calls a kernel `replaceCpuKernel` replaced, for the cases a fast version leaves to it. */
export const callOriginal = (original: KernelFunc, args: KernelArgs) =>
  original(args as unknown as Parameters<KernelFunc>[0]) as TF.TensorInfo;

interface ConvAttrs {
  strides: number | [number, number];
  pad: 'valid' | 'same' | number;
  dataFormat: 'NHWC' | 'NCHW';
  dilations?: number | [number, number];
  dimRoundingMode?: 'floor' | 'round' | 'ceil';
}

const isOne = (d: number | [number, number] | undefined) =>
  d === undefined || d === 1 || (Array.isArray(d) && d[0] === 1 && d[1] === 1);

/**
 * y[b, oy, ox, o] = Σ over filter rows r, columns c and input channels i of
 * input[b, oy·s + r − top, ox·s + c − left, i] · w[r, c, i, o]: each filter's answer at each position.
 */
function conv2D(tf: Tf, args: KernelArgs, original: KernelFunc): TF.TensorInfo {
  const { x, filter } = args.inputs as { x: TF.TensorInfo; filter: TF.TensorInfo };
  const attrs = args.attrs as unknown as ConvAttrs;
  if (attrs.dataFormat === 'NCHW' || !isOne(attrs.dilations) || x.dtype !== 'float32') {
    return callOriginal(original, args);
  }
  const backend = args.backend as CpuBackend;
  const info = tf.backend_util.computeConv2DInfo(
    x.shape as [number, number, number, number],
    filter.shape as [number, number, number, number],
    attrs.strides,
    1,
    attrs.pad,
    attrs.dimRoundingMode,
  );
  const { batchSize, inHeight, inWidth, inChannels, outHeight, outWidth, outChannels } = info;
  const { filterHeight, filterWidth, strideHeight, strideWidth } = info;
  const top = info.padInfo.top;
  const left = info.padInfo.left;
  const xs = backend.data.get(x.dataId).values;
  const ws = backend.data.get(filter.dataId).values;
  const ys = new Float32Array(batchSize * outHeight * outWidth * outChannels);
  for (let b = 0; b < batchSize; b++) {
    for (let oy = 0; oy < outHeight; oy++) {
      for (let r = 0; r < filterHeight; r++) {
        const iy = oy * strideHeight + r - top;
        if (iy < 0 || iy >= inHeight) continue;
        for (let ox = 0; ox < outWidth; ox++) {
          const yAt = ((b * outHeight + oy) * outWidth + ox) * outChannels;
          for (let c = 0; c < filterWidth; c++) {
            const ix = ox * strideWidth + c - left;
            if (ix < 0 || ix >= inWidth) continue;
            const xAt = ((b * inHeight + iy) * inWidth + ix) * inChannels;
            const wAt = (r * filterWidth + c) * inChannels * outChannels;
            for (let i = 0; i < inChannels; i++) {
              const v = xs[xAt + i]!;
              if (v === 0) continue;
              const w = wAt + i * outChannels;
              for (let o = 0; o < outChannels; o++) ys[yAt + o]! += v * ws[w + o]!;
            }
          }
        }
      }
    }
  }
  return backend.makeTensorInfo([batchSize, outHeight, outWidth, outChannels], 'float32', ys);
}

/**
 * dx[b, iy, ix, i] = Σ of dy[b, oy, ox, o] · w[r, c, i, o] over every output position and filter tap that
 * read input (iy, ix): the convolution run backwards, scattering each output's gradient onto its inputs.
 */
function conv2DBackpropInput(tf: Tf, args: KernelArgs, original: KernelFunc): TF.TensorInfo {
  const { dy, filter } = args.inputs as { dy: TF.TensorInfo; filter: TF.TensorInfo };
  const attrs = args.attrs as unknown as ConvAttrs & { inputShape: [number, number, number, number] };
  if (attrs.dataFormat === 'NCHW' || dy.dtype !== 'float32') return callOriginal(original, args);
  const backend = args.backend as CpuBackend;
  const info = tf.backend_util.computeConv2DInfo(
    attrs.inputShape,
    filter.shape as [number, number, number, number],
    attrs.strides,
    1,
    attrs.pad,
    attrs.dimRoundingMode,
  );
  const { batchSize, inHeight, inWidth, inChannels, outHeight, outWidth, outChannels } = info;
  const { filterHeight, filterWidth, strideHeight, strideWidth } = info;
  const top = info.padInfo.top;
  const left = info.padInfo.left;
  const dys = backend.data.get(dy.dataId).values;
  const ws = backend.data.get(filter.dataId).values;
  const dx = new Float32Array(batchSize * inHeight * inWidth * inChannels);
  for (let b = 0; b < batchSize; b++) {
    for (let oy = 0; oy < outHeight; oy++) {
      for (let ox = 0; ox < outWidth; ox++) {
        const dyAt = ((b * outHeight + oy) * outWidth + ox) * outChannels;
        for (let o = 0; o < outChannels; o++) {
          const g = dys[dyAt + o]!;
          if (g === 0) continue;
          for (let r = 0; r < filterHeight; r++) {
            const iy = oy * strideHeight + r - top;
            if (iy < 0 || iy >= inHeight) continue;
            for (let c = 0; c < filterWidth; c++) {
              const ix = ox * strideWidth + c - left;
              if (ix < 0 || ix >= inWidth) continue;
              const xAt = ((b * inHeight + iy) * inWidth + ix) * inChannels;
              const wAt = (r * filterWidth + c) * inChannels * outChannels + o;
              for (let i = 0; i < inChannels; i++) dx[xAt + i]! += g * ws[wAt + i * outChannels]!;
            }
          }
        }
      }
    }
  }
  return backend.makeTensorInfo([...attrs.inputShape], 'float32', dx);
}

/**
 * dW[r, c, i, o] = Σ over batch b and output positions (y, x) of input[b, y·s + r − top, x·s + c − left, i] ·
 * dy[b, y, x, o]: how much each filter weight moved the loss.
 */
function conv2DBackpropFilter(tf: Tf, args: KernelArgs, original: KernelFunc): TF.TensorInfo {
  const { x, dy } = args.inputs as { x: TF.TensorInfo; dy: TF.TensorInfo };
  const attrs = args.attrs as unknown as ConvAttrs & { filterShape: [number, number, number, number] };
  if (attrs.dataFormat === 'NCHW' || x.dtype !== 'float32') return callOriginal(original, args);
  const backend = args.backend as CpuBackend;
  const info = tf.backend_util.computeConv2DInfo(
    x.shape as [number, number, number, number],
    attrs.filterShape,
    attrs.strides,
    1,
    attrs.pad,
    attrs.dimRoundingMode,
  );
  const { batchSize, inHeight, inWidth, inChannels, outHeight, outWidth, outChannels } = info;
  const { filterHeight, filterWidth, strideHeight, strideWidth } = info;
  const top = info.padInfo.top;
  const left = info.padInfo.left;
  const xs = backend.data.get(x.dataId).values;
  const dys = backend.data.get(dy.dataId).values;
  const sums = new Float64Array(filterHeight * filterWidth * inChannels * outChannels);
  for (let b = 0; b < batchSize; b++) {
    for (let oy = 0; oy < outHeight; oy++) {
      for (let r = 0; r < filterHeight; r++) {
        const iy = oy * strideHeight + r - top;
        if (iy < 0 || iy >= inHeight) continue;
        for (let ox = 0; ox < outWidth; ox++) {
          const dyAt = ((b * outHeight + oy) * outWidth + ox) * outChannels;
          for (let c = 0; c < filterWidth; c++) {
            const ix = ox * strideWidth + c - left;
            if (ix < 0 || ix >= inWidth) continue;
            const xAt = ((b * inHeight + iy) * inWidth + ix) * inChannels;
            const wAt = (r * filterWidth + c) * inChannels * outChannels;
            for (let i = 0; i < inChannels; i++) {
              const v = xs[xAt + i]!;
              if (v === 0) continue;
              const w = wAt + i * outChannels;
              for (let o = 0; o < outChannels; o++) sums[w + o]! += v * dys[dyAt + o]!;
            }
          }
        }
      }
    }
  }
  return backend.makeTensorInfo([...attrs.filterShape], 'float32', Float32Array.from(sums));
}

/**
 * Max pooling passes each window's gradient to the one input that was the window's maximum (the first one
 * when several tie, as TF.js's own kernel does); every other input gets nothing.
 */
function maxPoolGrad(tf: Tf, args: KernelArgs, original: KernelFunc): TF.TensorInfo {
  const { dy, input } = args.inputs as { dy: TF.TensorInfo; input: TF.TensorInfo };
  const attrs = args.attrs as {
    filterSize: number | [number, number];
    strides: number | [number, number];
    pad: 'valid' | 'same' | number;
    dimRoundingMode?: 'floor' | 'round' | 'ceil';
  };
  if (input.dtype !== 'float32') return callOriginal(original, args);
  const backend = args.backend as CpuBackend;
  const info = tf.backend_util.computePool2DInfo(
    input.shape as [number, number, number, number],
    attrs.filterSize,
    attrs.strides,
    1,
    attrs.pad,
    attrs.dimRoundingMode,
  );
  const { batchSize, inHeight, inWidth, inChannels, outHeight, outWidth } = info;
  const { filterHeight, filterWidth, strideHeight, strideWidth } = info;
  const top = info.padInfo.top;
  const left = info.padInfo.left;
  const xs = backend.data.get(input.dataId).values;
  const dys = backend.data.get(dy.dataId).values;
  const dx = new Float32Array(xs.length);
  for (let b = 0; b < batchSize; b++) {
    for (let oy = 0; oy < outHeight; oy++) {
      const y0 = Math.max(0, oy * strideHeight - top);
      const y1 = Math.min(inHeight, oy * strideHeight - top + filterHeight);
      for (let ox = 0; ox < outWidth; ox++) {
        const x0 = Math.max(0, ox * strideWidth - left);
        const x1 = Math.min(inWidth, ox * strideWidth - left + filterWidth);
        const dyAt = ((b * outHeight + oy) * outWidth + ox) * inChannels;
        for (let ch = 0; ch < inChannels; ch++) {
          let best = -1;
          let max = Number.NEGATIVE_INFINITY;
          for (let iy = y0; iy < y1; iy++) {
            for (let ix = x0; ix < x1; ix++) {
              const at = ((b * inHeight + iy) * inWidth + ix) * inChannels + ch;
              const v = xs[at]!;
              if (v > max) {
                max = v;
                best = at;
              }
            }
          }
          if (best >= 0) dx[best]! += dys[dyAt + ch]!;
        }
      }
    }
  }
  return backend.makeTensorInfo([...input.shape], 'float32', dx);
}
