import { describe, expect, it } from 'vitest';
import { pythonSnippet } from './python.ts';

describe('pythonSnippet', () => {
  it('classifies: centred square, the probabilities output, the top classes printed', () => {
    const py = pythonSnippet('cls', { inputSize: 224, labels: ['cat', 'dog'] });
    expect(py).toContain('# pip install onnxruntime numpy pillow');
    expect(py).toContain('classes: cat, dog; input 224x224');
    expect(py).toContain('ort.InferenceSession("model.onnx"');
    expect(py).toContain('side = min(w, h)');
    expect(py).toContain('session.run(["probabilities"], {"image": x})');
    expect(py).not.toContain('heatmap');
    expect(py).not.toContain('def decode');
  });

  it('detects: whole picture stretched, heatmap + boxes decoded with the metadata rule', () => {
    const py = pythonSnippet('det', {
      inputSize: 320,
      labels: ['circle', 'square'],
      fileName: 'shapes "v2".onnx',
    });
    expect(py).toContain('ort.InferenceSession("shapes \\"v2\\".onnx"');
    expect(py).toContain('resize(image, 0, 0, w - 1, h - 1, size)');
    expect(py).toContain('session.run(["heatmap", "boxes"], {"image": x})');
    expect(py).toContain('rule = json.loads(meta["decode"])');
    expect(py).toMatch(/def decode\(heat, boxes, threshold, max_detections, nms_iou, max_log_size=4\.0\)/);
    expect(py).not.toContain('probabilities');
  });

  it('is indented with spaces only and has no unbalanced brackets (a cheap syntax check)', () => {
    for (const task of ['cls', 'det'] as const) {
      const py = pythonSnippet(task, { inputSize: 224, labels: ['a'] });
      expect(py).not.toMatch(/\t/);
      for (const line of py.split('\n')) expect(line.match(/^ */)![0].length % 4).toBe(0);
      const code = py.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/#.*$/gm, '');
      for (const [open, close] of ['()', '[]', '{}']) {
        expect(code.split(open!).length).toBe(code.split(close!).length);
      }
    }
  });
});
