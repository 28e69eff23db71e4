/**
 * Tests only (Node): human's CenterNet graph from node_modules, as TF.js runs it (a GraphModel on the WASM
 * backend) and as the exporter reads it (topology + decoded weights), plus test images.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import { seededRandom } from '../../random.ts';
import { backboneFiles, loadBackbone, type GraphJson } from '../backbone.ts';
import { backboneDir } from '../backbone-node.ts';
import { nodeTf } from '../tf-node.ts';
import type { BackboneSource } from './export.ts';
import { decodeGraphWeights } from './weights.ts';

/** The stride-16 node detection uses (the expansion of the last stride-16 block). */
export const STRIDE16_NODE = 'tower_0/MobilenetV3/expanded_conv_11/expand/hard_swish/mul_1';

export async function backboneFixture(): Promise<{
  tf: typeof TF;
  backend: string;
  model: TF.GraphModel;
  source: BackboneSource;
}> {
  const { tf, backend } = await nodeTf();
  const dir = backboneDir();
  const json = JSON.parse(await readFile(path.join(dir, backboneFiles().json), 'utf8')) as GraphJson;
  const buffers = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))),
  );
  const model = await loadBackbone(tf, json, buffers);
  const weights = decodeGraphWeights(tf, json.weightsManifest, buffers);
  return {
    tf,
    backend,
    model,
    source: { topology: json.modelTopology as BackboneSource['topology'], weights },
  };
}

/** A photo-like test image: smooth colour gradients, a few blobs and noise, 0–255 RGB NHWC. */
export function testImage(size: number, seed: number): Float32Array {
  const rand = seededRandom(seed);
  const blobs = Array.from({ length: 4 }, () => ({
    x: rand() * size,
    y: rand() * size,
    r: 5 + rand() * size * 0.3,
    c: [rand(), rand(), rand()].map((v) => v * 255),
  }));
  const out = new Float32Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      for (let c = 0; c < 3; c++) {
        let v = ((x + y * (c + 1)) / (2 * size)) * 200 + rand() * 30;
        for (const b of blobs) if ((x - b.x) ** 2 + (y - b.y) ** 2 < b.r ** 2) v = b.c[c]! + rand() * 10;
        out[(y * size + x) * 3 + c] = Math.min(255, Math.max(0, v));
      }
  return out;
}
