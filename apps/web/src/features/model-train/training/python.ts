/**
 * The Python snippet shown on the Export tab.
 * TODO(web-train): use the ONNX helper's `pythonSnippet` (packages/ml/src/model-train/onnx) once it lands.
 */
import type { TrainKind } from '@ai-edu/contract';

export function pythonSnippetFor(kind: TrainKind, labels: readonly string[], fileName: string): string {
  const size = kind === 'cls' ? 224 : 320;
  const prep =
    kind === 'cls'
      ? [
          'side = min(img.size)',
          'left, top = (img.width - side) // 2, (img.height - side) // 2',
          'img = img.crop((left, top, left + side, top + side)).resize((SIZE, SIZE), Image.BILINEAR)',
        ]
      : ['img = img.resize((SIZE, SIZE), Image.BILINEAR)  # the whole picture, stretched'];
  const use =
    kind === 'cls'
      ? [
          '(probs,) = session.run(["probabilities"], {"image": x})',
          'best = int(np.argmax(probs[0]))',
          'print(labels[best], float(probs[0][best]))',
        ]
      : [
          'heatmap, boxes = session.run(["heatmap", "boxes"], {"image": x})',
          '# heatmap [1, H, W, K] (0-1), boxes [1, H, W, 4]: see the "decode" metadata for how to read boxes',
          'row, col, k = np.unravel_index(np.argmax(heatmap[0]), heatmap[0].shape)',
          'print(labels[k], float(heatmap[0, row, col, k]))',
        ];
  return [
    '# pip install onnxruntime numpy pillow',
    'import json',
    'import numpy as np',
    'import onnxruntime as ort',
    'from PIL import Image',
    '',
    `session = ort.InferenceSession("${fileName}")`,
    'meta = session.get_modelmeta().custom_metadata_map',
    'labels = json.loads(meta["labels"])  # ' + JSON.stringify(labels),
    'SIZE = int(meta.get("input_size", ' + size + '))',
    '',
    'img = Image.open("photo.jpg").convert("RGB")',
    ...prep,
    'x = np.asarray(img, dtype=np.float32)[None]  # [1, SIZE, SIZE, 3], RGB 0-255',
    ...use,
    '',
  ].join('\n');
}
