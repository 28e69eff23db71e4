/**
 * The TF.js export: a zip anyone can load with TF.js (browser or Node) — the head as a layers model, the
 * backbone's served graph files, the labels and the preprocessing, and a README saying how to chain them.
 */
import JSZip from 'jszip';
import type { TrainKind } from '@ai-edu/contract';
import { WEIGHTS_FILE } from '@ai-edu/ml/trainer/serialize.ts';
import { headModelFiles } from './head-files.ts';
import type { StoredHead } from './model-store.ts';

export interface TfjsExportInput {
  kind: TrainKind;
  head: StoredHead;
  labels: string[];
  /** The backbone as served: its graph JSON and weight files. */
  backbone: { json: object; weights: { name: string; bytes: Uint8Array }[] };
  preprocessing: object;
  featureNode: string;
}

function readme(input: TfjsExportInput): string {
  const pooled =
    input.kind === 'cls'
      ? 'mean over height and width, then divide by sqrt(max(sum of squares, 1e-12)) (L2 normalise)'
      : 'the feature map as it is (1 x H x W x C)';
  return [
    'AI education platform: model training export (TF.js)',
    '',
    `Task: ${input.kind === 'cls' ? 'image classification' : 'object detection'}`,
    `Classes (labels.json): ${input.labels.join(', ')}`,
    '',
    'Files',
    '  backbone/centernet.json + .bin  the frozen pretrained backbone (a TF.js graph model)',
    '  model.json + weights.bin        the head you trained (a TF.js layers model)',
    '  preprocessing.json              how to turn a picture into the backbone input',
    '',
    'Use (JavaScript)',
    "  const backbone = await tf.loadGraphModel('backbone/centernet.json');",
    "  const head = await tf.loadLayersModel('model.json');",
    '  // x: float32 [1, S, S, 3], RGB 0-255 (see preprocessing.json)',
    `  const features = backbone.execute(x, '${input.featureNode}');`,
    `  // then: ${pooled}`,
    '  const output = head.predict(pooled);',
    '',
    'The backbone graph declares a 512x512 input; it is fully convolutional: set the Placeholder height and',
    'width to -1 in centernet.json (or feed 512x512) to run it at the size in preprocessing.json.',
    '',
  ].join('\n');
}

export async function buildTfjsZip(input: TfjsExportInput): Promise<Blob> {
  const zip = new JSZip();
  const head = headModelFiles(input.head);
  zip.file('model.json', head.modelJson);
  zip.file(WEIGHTS_FILE, head.weights);
  zip.file('backbone/centernet.json', JSON.stringify(input.backbone.json));
  for (const w of input.backbone.weights) zip.file(`backbone/${w.name}`, w.bytes);
  zip.file('labels.json', JSON.stringify(input.labels));
  zip.file('preprocessing.json', JSON.stringify(input.preprocessing, null, 2));
  zip.file('README.txt', readme(input));
  return zip.generateAsync({ type: 'blob', compression: 'DEFLATE' });
}
