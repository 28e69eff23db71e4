import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { balanceColours, channelMeans, stretchLevels } from './colour-balance.ts';
import { damagePhoto, downscale } from './damage.ts';
import { brightnessHistogram, meanAbsDifference, psnr } from './difference.ts';
import { createImage, maskCount, type RgbaImage } from './image.ts';
import { findScratches, growMask, squareFilter } from './scratch-mask.ts';
import { keptRegion, planTiles } from './tiles.ts';

/** A stand-in photo: a smooth diagonal colour gradient with a few broad shapes (nothing thin). */
function scene(width = 160, height = 120): RgbaImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inBox = x > 30 && x < 80 && y > 40 && y < 100;
      image.data[i] = inBox ? 200 : 60 + (x / width) * 120;
      image.data[i + 1] = inBox ? 90 : 80 + (y / height) * 100;
      image.data[i + 2] = inBox ? 60 : 170 - (x / width) * 60;
    }
  return image;
}

describe('damagePhoto', () => {
  it('ages the same photo the same way for the same seed, differently for another', () => {
    const photo = scene();
    const a = damagePhoto(photo, { seed: 7 });
    const b = damagePhoto(photo, { seed: 7 });
    const c = damagePhoto(photo, { seed: 8 });
    expect(a.image.data).toEqual(b.image.data);
    expect(a.mask).toEqual(b.mask);
    expect(a.mask).not.toEqual(c.mask);
  });

  it('leaves the original alone, marks the scratches and spots, and fades towards brown', () => {
    const photo = scene();
    const before = new Uint8ClampedArray(photo.data);
    const { image, mask } = damagePhoto(photo, { seed: 3, noise: 0 });
    expect(photo.data).toEqual(before);
    const marked = maskCount(mask);
    expect(marked).toBeGreaterThan(200);
    expect(marked).toBeLessThan(mask.length * 0.25);
    // Marked pixels are near-white or near-black; the damage is far from the original there.
    expect(meanAbsDifference(image, photo, mask)).toBeGreaterThan(60);
    // Faded: red above blue on average, as in an old print.
    const [red, , blue] = channelMeans(image);
    expect(red - blue).toBeGreaterThan(25);
  });

  it('adds grain only when asked', () => {
    const flat = createImage(40, 40, [128, 128, 128]);
    const calm = damagePhoto(flat, { seed: 1, noise: 0, scratches: 0, spots: 0, fade: 0 });
    expect(meanAbsDifference(calm.image, flat)).toBe(0);
    const grainy = damagePhoto(flat, { seed: 1, noise: 8, scratches: 0, spots: 0, fade: 0 });
    expect(meanAbsDifference(grainy.image, flat)).toBeGreaterThan(4);
    expect(maskCount(grainy.mask)).toBe(0);
  });
});

describe('downscale', () => {
  it('averages blocks and rounds the size down', () => {
    const image = createImage(5, 4);
    for (let p = 0; p < 20; p++) image.data[p * 4] = p % 2 ? 200 : 100;
    const small = downscale(image, 2);
    expect([small.width, small.height]).toEqual([2, 2]);
    expect(small.data[0]).toBe(150);
  });
});

describe('findScratches', () => {
  function greyWithMarks() {
    const image = createImage(120, 100, [120, 120, 120]);
    const rng = seededRandom(5);
    for (let i = 0; i < image.data.length; i += 4) {
      const n = (rng() - 0.5) * 12;
      for (let c = 0; c < 3; c++) image.data[i + c] = 120 + n;
    }
    const truth = new Uint8Array(120 * 100);
    // A 2-px light vertical scratch, a dark 5-px spot, and a big light square that is not damage.
    for (let y = 5; y < 95; y++)
      for (const x of [40, 41]) {
        const i = (y * 120 + x) * 4;
        image.data.fill(245, i, i + 3);
        truth[y * 120 + x] = 255;
      }
    for (let y = 60; y < 65; y++)
      for (let x = 80; x < 85; x++) {
        image.data.fill(20, (y * 120 + x) * 4, (y * 120 + x) * 4 + 3);
        truth[y * 120 + x] = 255;
      }
    for (let y = 10; y < 40; y++)
      for (let x = 70; x < 110; x++) image.data.fill(230, (y * 120 + x) * 4, (y * 120 + x) * 4 + 3);
    return { image, truth };
  }

  it('marks thin light and dark marks but not broad light areas or grain', () => {
    const { image, truth } = greyWithMarks();
    const mask = findScratches(image);
    let found = 0;
    let inSquare = 0;
    for (let p = 0; p < truth.length; p++) {
      if (truth[p] && mask[p]) found++;
      const x = p % 120;
      const y = Math.floor(p / 120);
      if (x >= 75 && x < 105 && y >= 15 && y < 35 && mask[p]) inSquare++;
    }
    expect(found / maskCount(truth)).toBeGreaterThan(0.95);
    expect(inSquare).toBe(0);
    // Beyond the marks and a pixel around them, at most a few grain pixels.
    const near = growMask(truth, 120, 100, 2);
    let stray = 0;
    for (let p = 0; p < mask.length; p++) if (mask[p] && !near[p]) stray++;
    expect(stray).toBeLessThan(60);
  });

  it('finds most of the damage the generator drew on a photo', () => {
    const photo = scene(200, 150);
    const { image, mask: truth } = damagePhoto(photo, { seed: 11 });
    const mask = findScratches(image);
    let found = 0;
    for (let p = 0; p < truth.length; p++) if (truth[p] && mask[p]) found++;
    expect(found / maskCount(truth)).toBeGreaterThan(0.8);
  });
});

describe('squareFilter', () => {
  it('gives the brute-force minimum and maximum of every window', () => {
    const rng = seededRandom(2);
    const width = 23;
    const height = 17;
    const values = Float32Array.from({ length: width * height }, () => Math.round(rng() * 100));
    for (const size of [3, 5, 9]) {
      for (const max of [false, true]) {
        const fast = squareFilter(values, width, height, size, max);
        const r = Math.floor(size / 2);
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            let best = max ? -Infinity : Infinity;
            for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++)
              for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++)
                best = max
                  ? Math.max(best, values[yy * width + xx]!)
                  : Math.min(best, values[yy * width + xx]!);
            expect(fast[y * width + x]).toBe(best);
          }
      }
    }
  });
});

describe('planTiles', () => {
  it('covers every pixel exactly once with the insides, and adds margins inside the photo', () => {
    const width = 250;
    const height = 130;
    const plan = planTiles(width, height, 64, 8);
    expect([plan.columns, plan.rows]).toEqual([4, 3]);
    const covered = new Uint8Array(width * height);
    for (const t of plan.tiles) {
      expect(t.width).toBeLessThanOrEqual(64);
      expect(t.inX).toBe(Math.max(0, t.x - 8));
      expect(t.inX + t.inWidth).toBe(Math.min(width, t.x + t.width + 8));
      expect(t.inY + t.inHeight).toBe(Math.min(height, t.y + t.height + 8));
      for (let y = t.y; y < t.y + t.height; y++)
        for (let x = t.x; x < t.x + t.width; x++) covered[y * width + x]!++;
    }
    expect(covered.every((n) => n === 1)).toBe(true);
  });

  it('says where the kept inside lies in the enlarged tile', () => {
    const [, second] = planTiles(100, 50, 48, 6).tiles;
    expect(keptRegion(second!, 2)).toEqual({ sx: 12, sy: 0, width: 96, height: 96, dx: 96, dy: 0 });
    expect(planTiles(0, 10, 48, 6).tiles).toEqual([]);
  });
});

describe('differences and colour balance', () => {
  it('measures differences overall and inside a mask', () => {
    const a = createImage(4, 1, [100, 100, 100]);
    const b = createImage(4, 1, [100, 100, 100]);
    b.data.fill(130, 0, 3);
    expect(meanAbsDifference(a, b)).toBeCloseTo(7.5);
    expect(meanAbsDifference(a, b, Uint8Array.from([255, 0, 0, 0]))).toBe(30);
    expect(meanAbsDifference(a, b, new Uint8Array(4))).toBeNaN();
    expect(psnr(a, a)).toBe(Infinity);
    expect(psnr(a, b)).toBeCloseTo(10 * Math.log10((255 * 255) / 225), 5);
    expect(() => meanAbsDifference(a, createImage(2, 2))).toThrow(/differ in size/);
    expect(brightnessHistogram(a)[100]).toBe(4);
  });

  it('takes a brown cast away at full strength and leaves the photo alone at zero', () => {
    const brown = createImage(10, 10, [180, 140, 90]);
    expect(balanceColours(brown, 0).data).toEqual(brown.data);
    const [r, g, b] = channelMeans(balanceColours(brown, 1));
    expect(Math.abs(r - b)).toBeLessThan(2);
    expect(Math.abs(r - g)).toBeLessThan(2);
  });

  it('stretches a faded photo to the full brightness range, keeping flat photos alone', () => {
    const faded = createImage(100, 1);
    for (let x = 0; x < 100; x++) faded.data.fill(90 + x, x * 4, x * 4 + 3);
    const stretched = stretchLevels(faded, 1);
    const levels = brightnessHistogram(stretched);
    expect(levels[0]! + levels[1]!).toBeGreaterThan(0);
    expect(levels[255]! + levels[254]!).toBeGreaterThan(0);
    expect(stretchLevels(faded, 0).data).toEqual(faded.data);
    const flat = createImage(10, 10, [120, 120, 120]);
    expect(stretchLevels(flat, 1).data).toEqual(flat.data);
  });
});
