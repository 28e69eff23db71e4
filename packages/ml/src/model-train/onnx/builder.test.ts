import { describe, expect, it } from 'vitest';
import { OnnxGraphBuilder, decodeOnnxModel, onnxMetadata, ONNX_PRODUCER } from './builder.ts';
import { exactFloat16, fromFloat16Bits, toFloat16Bits } from './float16.ts';
import { maxAbsDiff, runOnnx } from './ort-node.ts';

describe('float16', () => {
  it('round-trips values float16 holds and refuses others', () => {
    for (const v of [0, 1, -2.5, 65504, 6.103515625e-5, 5.960464477539063e-8, 0.333251953125]) {
      expect(fromFloat16Bits(toFloat16Bits(v))).toBe(v);
    }
    expect(toFloat16Bits(1)).toBe(0x3c00);
    expect(toFloat16Bits(-2)).toBe(0xc000);
    expect(exactFloat16(new Float32Array([0.5, 0.25]))).toEqual(new Uint16Array([0x3800, 0x3400]));
    expect(exactFloat16(new Float32Array([0.5, 0.1]))).toBeUndefined();
  });
});

describe('OnnxGraphBuilder', () => {
  it('builds a model onnxruntime-web runs: y = relu(x·W + b) with W stored as float16', async () => {
    const g = new OnnxGraphBuilder('tiny');
    const x = g.input('x', [1, 20]);
    const weights = new Float32Array(20 * 3).map((_, i) => ((i % 7) - 3) / 4); // float16-exact
    const w = g.floats('w', [20, 3], weights, true);
    const b = g.floats('b', [3], new Float32Array([0.1, -100, 0.3]), true);
    const y = g.node('Relu', [g.node('Add', [g.node('MatMul', [x, w]), b])]);
    g.output('y', y, [1, 3]);
    const bytes = g.encode({ metadata: { labels: '["a","b","c"]', task: 'cls' } });

    const model = decodeOnnxModel(bytes);
    expect(model.producerName).toBe(ONNX_PRODUCER);
    expect(Number(model.irVersion)).toBe(8);
    expect(model.graph?.initializer?.find((t) => t.name === 'w/f16')?.dataType).toBe(10);
    expect(onnxMetadata(bytes)).toEqual({ labels: '["a","b","c"]', task: 'cls' });

    const input = new Float32Array(20).map((_, i) => i / 10);
    const expected = [0, 1, 2].map((j) => {
      let s = [0.1, -100, 0.3][j]!;
      for (let i = 0; i < 20; i++) s += input[i]! * weights[i * 3 + j]!;
      return Math.max(0, s);
    });
    const out = await runOnnx(bytes, { x: { dims: [1, 20], data: input } });
    expect(out.y!.dims).toEqual([1, 3]);
    expect(maxAbsDiff(out.y!.data, expected)).toBeLessThan(1e-5);
  });

  it('gives every node and value a distinct name', () => {
    const g = new OnnxGraphBuilder();
    const a = g.scalar('c', 1);
    const b = g.scalar('c', 2);
    expect(a).not.toBe(b);
    const names = [g.node('Add', [a, b]), g.node('Add', [a, b])];
    expect(new Set(names).size).toBe(2);
    expect(new Set(g.nodes.map((n) => n.name)).size).toBe(2);
  });

  it('refuses a constant whose data does not fit its shape', () => {
    const g = new OnnxGraphBuilder();
    expect(() => g.floats('bad', [2, 2], new Float32Array(3))).toThrow(/bad.*needs 4 values, got 3/);
  });
});
