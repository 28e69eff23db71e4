import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { fileStem } from './export-panel.tsx';
import { buildTfjsZip } from './tfjs-export.ts';

describe('buildTfjsZip', () => {
  it('holds the head, the backbone files, labels, preprocessing and a README', async () => {
    const blob = await buildTfjsZip({
      kind: 'cls',
      head: {
        modelTopology: { class_name: 'Sequential' },
        weightSpecs: [{ name: 'dense/kernel', shape: [2, 2], dtype: 'float32' }],
        weightData: new Float32Array([1, 2, 3, 4]).buffer,
      },
      labels: ['cat', 'dog'],
      backbone: {
        json: { modelTopology: {} },
        weights: [{ name: 'centernet.bin', bytes: new Uint8Array([9, 8]) }],
      },
      preprocessing: { input_size: 224 },
      featureNode: 'tower_0/extern1/hard_swish/mul_1',
    });
    const zip = await JSZip.loadAsync(await blob.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(
      [
        'README.txt',
        'backbone/',
        'backbone/centernet.bin',
        'backbone/centernet.json',
        'labels.json',
        'model.json',
        'preprocessing.json',
        'weights.bin',
      ].sort(),
    );
    const model = JSON.parse(await zip.file('model.json')!.async('string')) as {
      weightsManifest: { paths: string[]; weights: { name: string }[] }[];
    };
    expect(model.weightsManifest[0]?.paths).toEqual(['weights.bin']);
    expect(model.weightsManifest[0]?.weights[0]?.name).toBe('dense/kernel');
    expect(new Float32Array(await zip.file('weights.bin')!.async('arraybuffer'))).toEqual(
      new Float32Array([1, 2, 3, 4]),
    );
    expect(JSON.parse(await zip.file('labels.json')!.async('string'))).toEqual(['cat', 'dog']);
    expect(await zip.file('README.txt')!.async('string')).toContain('tower_0/extern1/hard_swish/mul_1');
  });
});

describe('fileStem', () => {
  it('keeps letters and digits of any script and replaces the rest', () => {
    expect(fileStem('My cats & dogs!')).toBe('My_cats_dogs');
    expect(fileStem('猫和狗')).toBe('猫和狗');
    expect(fileStem('***')).toBe('model');
  });
});
