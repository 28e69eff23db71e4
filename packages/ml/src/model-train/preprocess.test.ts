import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { augmentCrops } from './features.ts';
import { cropToInput, inputCrop, inputTensor, rgbaToInput } from './preprocess.ts';
import { generateDetectionDataset } from './shapes.ts';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function randomRgba(width: number, height: number, seed: number) {
  const rng = seededRandom(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(rng() * 256);
  return { data, width, height };
}

describe('preprocessing', () => {
  it('cls takes the centred square; det the whole image', () => {
    expect(inputCrop('cls', 300, 200)).toEqual({ x0: 50, y0: 0, x1: 249, y1: 199, flip: false });
    expect(inputCrop('cls', 100, 160)).toEqual({ x0: 0, y0: 30, x1: 99, y1: 129, flip: false });
    expect(inputCrop('det', 300, 200)).toEqual({ x0: 0, y0: 0, x1: 299, y1: 199, flip: false });
  });

  it('keeps corner pixels and RGB order, drops alpha (identity-size crop)', () => {
    const img = randomRgba(5, 5, 1);
    const out = rgbaToInput(img.data, 5, 5, 'det', 5);
    expect(out).toHaveLength(75);
    for (const p of [0, 4, 12, 24])
      for (let c = 0; c < 3; c++) expect(out[p * 3 + c]).toBe(img.data[p * 4 + c]);
  });

  it('interpolates bilinearly between pixels', () => {
    // 2×1 image: black then white; 3 samples across → 0, 127.5, 255
    const data = new Uint8ClampedArray([0, 0, 0, 255, 255, 255, 255, 255]);
    const out = cropToInput({ data, width: 2, height: 1 }, { x0: 0, y0: 0, x1: 1, y1: 0, flip: false }, 3);
    expect(Array.from(out.slice(0, 9).filter((_, i) => i % 3 === 0))).toEqual([0, 127.5, 255]);
    expect(out.slice(18, 27)).toEqual(out.slice(0, 9)); // every row samples the one source row
  });

  it('gives the same numbers from pixels (JS) and from a tensor (cropAndResize), flips included', () => {
    const img = randomRgba(67, 41, 2);
    const crops = [...augmentCrops('cls', 67, 41, true, seededRandom(4)), inputCrop('det', 67, 41)];
    const fromJs = inputTensor(tf, img, 'cls', 24, crops);
    const pixels = tf.tensor3d(Uint8Array.from(img.data), [41, 67, 4], 'int32');
    const fromTensor = inputTensor(tf, pixels, 'cls', 24, crops);
    expect(fromJs.shape).toEqual([crops.length, 24, 24, 3]);
    const diff = tf.max(tf.abs(tf.sub(fromJs, fromTensor))).dataSync()[0]!;
    expect(diff).toBeLessThan(1e-3);
    expect(crops[1]!.flip).toBe(true);
    const row = fromJs.slice([0, 5, 0, 0], [1, 1, 24, 3]).dataSync();
    const flipped = fromJs.slice([1, 5, 0, 0], [1, 1, 24, 3]).dataSync();
    expect(flipped[0]).toBeCloseTo(row[23 * 3]!, 3);
    tf.dispose([fromJs, pixels, fromTensor]);
  });
});

describe('generated detection images', () => {
  it('are reproducible, with 1–3 boxes inside the image that do not overlap', () => {
    const a = generateDetectionDataset(3, 20);
    const b = generateDetectionDataset(3, 20);
    expect(a[7]!.data).toEqual(b[7]!.data);
    for (const im of a) {
      expect(im.boxes.length).toBeGreaterThanOrEqual(1);
      expect(im.boxes.length).toBeLessThanOrEqual(3);
      for (const box of im.boxes) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w).toBeLessThanOrEqual(320);
        expect(Math.min(box.w, box.h)).toBeGreaterThanOrEqual(30);
      }
    }
    const labels = new Set(a.flatMap((im) => im.boxes.map((box) => box.label)));
    expect(labels).toEqual(new Set([0, 1, 2]));
  });
});
