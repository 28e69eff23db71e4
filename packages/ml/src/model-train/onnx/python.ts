/**
 * The short Python program shown next to the ONNX download: onnxruntime + numpy + Pillow, our preprocessing
 * (cls: centred square; det: stretched; bilinear with corners aligned, RGB 0–255 NHWC) and, for detection,
 * a numpy copy of `decodeDetections` (decode.ts): 3×3 peaks with ties to the first cell in reading order,
 * threshold, boxes from dx, dy, log w, log h, per-class NMS. Labels, size and decode settings are read from
 * the model's metadata, so the program works for any model the page exports.
 */

export interface PythonSnippetOptions {
  inputSize: number;
  labels: readonly string[];
  /** The file name the user saved (default model.onnx). */
  fileName?: string;
}

/** A Python string literal (JSON's escaping is valid Python for these characters). */
function pyString(s: string): string {
  return JSON.stringify(s);
}

const RESIZE = `def resize(pixels, x0, y0, x1, y1, size):
    """Bilinear resize of pixels[y0..y1, x0..x1] (inclusive), corners aligned, as the web page does."""
    h, w = pixels.shape[:2]
    ys, xs = np.linspace(y0, y1, size), np.linspace(x0, x1, size)
    ya = np.clip(np.floor(ys).astype(int), 0, h - 1)
    xa = np.clip(np.floor(xs).astype(int), 0, w - 1)
    yb, xb = np.minimum(ya + 1, h - 1), np.minimum(xa + 1, w - 1)
    fy, fx = (ys - ya)[:, None, None], (xs - xa)[None, :, None]
    top = pixels[ya][:, xa] + (pixels[ya][:, xb] - pixels[ya][:, xa]) * fx
    bottom = pixels[yb][:, xa] + (pixels[yb][:, xb] - pixels[yb][:, xa]) * fx
    return (top + (bottom - top) * fy).astype(np.float32)`;

const DECODE = `def decode(heat, boxes, threshold, max_detections, nms_iou, max_log_size=4.0):
    """heat [H, W, K] (sigmoid applied), boxes [H, W, 4] -> (label, score, x, y, w, h), fractions 0-1."""
    H, W, K = heat.shape
    found = []
    for row, col, k in zip(*np.nonzero(heat >= threshold)):
        s = heat[row, col, k]
        if s < heat[max(row - 1, 0):row + 2, max(col - 1, 0):col + 2, k].max():
            continue  # not a 3x3 peak
        earlier = [(row - 1, col - 1), (row - 1, col), (row - 1, col + 1), (row, col - 1)]
        if any(0 <= r < H and 0 <= c < W and heat[r, c, k] == s for r, c in earlier):
            continue  # a tie: the first cell in reading order keeps it
        dx, dy, lw, lh = boxes[row, col]
        cx, cy = (col + dx) / W, (row + dy) / H
        bw, bh = np.exp(min(max_log_size, lw)) / W, np.exp(min(max_log_size, lh)) / H
        x0, y0 = np.clip(cx - bw / 2, 0, 1), np.clip(cy - bh / 2, 0, 1)
        x1, y1 = np.clip(cx + bw / 2, 0, 1), np.clip(cy + bh / 2, 0, 1)
        if x1 > x0 and y1 > y0:
            found.append((int(k), float(s), x0, y0, x1 - x0, y1 - y0))
    found.sort(key=lambda d: -d[1])

    def iou(a, b):
        ix = max(0, min(a[2] + a[4], b[2] + b[4]) - max(a[2], b[2]))
        iy = max(0, min(a[3] + a[5], b[3] + b[5]) - max(a[3], b[3]))
        union = a[4] * a[5] + b[4] * b[5] - ix * iy
        return ix * iy / union if union > 0 else 0

    kept = []
    for d in found:
        if len(kept) >= max_detections:
            break
        if not any(k[0] == d[0] and iou(k, d) >= nms_iou for k in kept):
            kept.append(d)
    return kept`;

/** The program for a task; `labels` and `inputSize` are shown in comments (the program reads the metadata). */
export function pythonSnippet(task: 'cls' | 'det', options: PythonSnippetOptions): string {
  const file = options.fileName ?? 'model.onnx';
  const header = [
    '# pip install onnxruntime numpy pillow',
    `# python predict.py photo.jpg   (classes: ${options.labels.join(', ')}; input ${options.inputSize}x${options.inputSize})`,
    'import json, sys',
    'import numpy as np',
    'import onnxruntime as ort',
    'from PIL import Image',
    '',
    `session = ort.InferenceSession(${pyString(file)}, providers=["CPUExecutionProvider"])`,
    'meta = session.get_modelmeta().custom_metadata_map',
    'labels = json.loads(meta["labels"])',
    'size = int(meta["input_size"])',
    '',
    RESIZE,
    '',
  ];
  const load =
    'image = np.asarray(Image.open(sys.argv[1]).convert("RGB"), dtype=np.float32)  # H x W x 3, 0-255';
  if (task === 'cls') {
    return [
      ...header,
      load,
      'h, w = image.shape[:2]',
      'side = min(w, h)',
      'x0, y0 = (w - side) // 2, (h - side) // 2  # the centred square',
      'x = resize(image, x0, y0, x0 + side - 1, y0 + side - 1, size)[None]  # [1, size, size, 3]',
      'probs = session.run(["probabilities"], {"image": x})[0][0]',
      'for i in np.argsort(-probs)[:3]:',
      '    print(f"{labels[i]}: {probs[i]:.3f}")',
      '',
    ].join('\n');
  }
  return [
    ...header,
    DECODE,
    '',
    load,
    'h, w = image.shape[:2]',
    'x = resize(image, 0, 0, w - 1, h - 1, size)[None]  # the whole picture stretched to size x size',
    'heat, boxes = session.run(["heatmap", "boxes"], {"image": x})',
    'rule = json.loads(meta["decode"])',
    'found = decode(heat[0], boxes[0], rule["threshold"], rule["maxDetections"], rule.get("nmsIou", 0.5), rule.get("maxLogSize", 4.0))',
    'for label, score, bx, by, bw, bh in found:',
    '    print(f"{labels[label]} {score:.2f}: x={bx * w:.0f} y={by * h:.0f} w={bw * w:.0f} h={bh * h:.0f} (pixels)")',
    '',
  ].join('\n');
}
